import { useEffect, useState } from "react";

export interface PageSection {
  id: string;
  label: string;
}

/**
 * Anchor links to the page's sections. With JavaScript the link of the section crossing a line a third of the
 * way down the viewport is marked current (spec: "the navigation highlights the section in view").
 */
export function SectionNav({ sections, label }: { sections: PageSection[]; label: string }) {
  const [currentId, setCurrentId] = useState<string | null>(null);

  useEffect(() => {
    const crossing = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) crossing.add(entry.target.id);
          else crossing.delete(entry.target.id);
        }
        // Above the first section (in the hero) no link is current.
        setCurrentId(sections.find(({ id }) => crossing.has(id))?.id ?? null);
      },
      // A one-pixel band at 35% of the viewport's height: exactly one section crosses it at a time.
      { rootMargin: "-35% 0px -65% 0px" },
    );
    for (const { id } of sections) {
      const section = document.getElementById(id);
      if (section) observer.observe(section);
    }
    return () => observer.disconnect();
  }, [sections]);

  return (
    <nav aria-label={label} className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <ul className="mx-auto flex max-w-6xl gap-0.5 overflow-x-auto px-2 py-2 sm:gap-1 sm:px-6">
        {sections.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              aria-current={currentId === id ? "true" : undefined}
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
