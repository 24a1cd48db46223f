import { useBehaviour } from "~/behaviours/behaviour";
import { sectionNav } from "~/behaviours/section-nav";

export interface PageSection {
  id: string;
  label: string;
}

/**
 * Anchor links to the page's sections. With JavaScript the link of the section in view is marked current (spec: "the
 * navigation highlights the section in view"; ~/behaviours/section-nav.ts).
 */
export function SectionNav({ sections, label }: { sections: PageSection[]; label: string }) {
  const behaviour = useBehaviour<HTMLElement, null>(sectionNav);
  return (
    <nav {...behaviour} aria-label={label} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
      <ul className="mx-auto flex max-w-6xl gap-0.5 overflow-x-auto px-2 py-2 sm:gap-1 sm:px-6">
        {sections.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="block rounded-full px-3 py-2 text-sm font-semibold sm:px-4 whitespace-nowrap text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-ring aria-[current=true]:bg-red-50 aria-[current=true]:text-accent"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
