import type { Behaviour } from "./behaviour";

/**
 * A scroll-snapping row (which scrolls by swipe, trackpad or keyboard without scripts) gets its previous and next
 * buttons: the buttons anywhere in the page that control it (`aria-controls` = the row's id, `data-step` = -1 or 1)
 * scroll it by half its width, and each is disabled at its end of the row. The buttons are in the HTML, hidden when
 * scripting is off.
 */
export function attachCarousel(row: HTMLElement): () => void {
  const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>(`button[aria-controls="${row.id}"]`));
  const updateEdges = () => {
    for (const button of buttons) {
      button.disabled =
        button.getAttribute("data-step") === "-1"
          ? row.scrollLeft <= 1
          : row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
    }
  };
  const step = (event: MouseEvent) => {
    const direction = Number((event.currentTarget as HTMLElement).getAttribute("data-step"));
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    row.scrollBy({ left: (direction * row.clientWidth) / 2, behavior: reducedMotion ? "auto" : "smooth" });
  };
  updateEdges();
  row.addEventListener("scroll", updateEdges, { passive: true });
  for (const button of buttons) button.addEventListener("click", step);
  return () => {
    row.removeEventListener("scroll", updateEdges);
    for (const button of buttons) button.removeEventListener("click", step);
  };
}

export const carousel: Behaviour<null> = { name: "carousel", attach: attachCarousel, settings: null };
