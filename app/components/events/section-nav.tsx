import { useBehaviour } from "~/behaviours/behaviour";
import { sectionNav } from "~/behaviours/section-nav";

export interface PageSection {
  id: string;
  label: string;
}

/**
 * Anchor links to the page's sections. With JavaScript the link of the section in view is marked current (spec: "the
 * navigation highlights the section in view"; ~/behaviours/section-nav.ts).
 *
 * On a phone the links are packed closer so that they fit where they can; where they cannot (a narrow screen, large
 * text), the row scrolls sideways and a shadow at each edge with more to show says so, without scripts
 * (scroll-shadows-x in app.css), and a swipe stops with a link at the edge (scroll snap).
 */
export function SectionNav({ sections, label }: { sections: PageSection[]; label: string }) {
  const behaviour = useBehaviour<HTMLElement, null>(sectionNav);
  return (
    <nav {...behaviour} aria-label={label} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
      <ul className="scroll-shadows-x mx-auto flex max-w-6xl snap-x snap-proximity scroll-px-1 justify-between overflow-x-auto px-1 py-2 sm:justify-start sm:gap-1 sm:px-6">
        {sections.map(({ id, label }) => (
          <li key={id} className="shrink-0 snap-start">
            <a
              href={`#${id}`}
              className="block rounded-full px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-ring aria-[current=true]:bg-red-50 aria-[current=true]:text-accent sm:px-4"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
