import type { Behaviour } from "./behaviour";

/**
 * Anchor links to a page's sections (`nav` holding links to `#id`): the link of the section crossing a line a third
 * of the way down the viewport is marked current (aria-current); above the first section none is.
 *
 */
export function attachSectionNav(nav: HTMLElement): () => void {
  const links = Array.from(nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]'));
  const sections = links.map((link) => document.getElementById(link.hash.slice(1)));
  const crossing = new Set<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) crossing.add(entry.target);
        else crossing.delete(entry.target);
      }
      const current = sections.findIndex((section) => section !== null && crossing.has(section));
      links.forEach((link, index) => {
        if (index === current) link.setAttribute("aria-current", "true");
        else link.removeAttribute("aria-current");
      });
    },
    // A one-pixel band at 35% of the viewport's height: exactly one section crosses it at a time.
    { rootMargin: "-35% 0px -65% 0px" },
  );
  for (const section of sections) if (section) observer.observe(section);
  return () => observer.disconnect();
}

export const sectionNav: Behaviour<null> = { name: "section-nav", attach: attachSectionNav, settings: null };
