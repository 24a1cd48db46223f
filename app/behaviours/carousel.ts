import type { Behaviour } from "./behaviour";

/**
 * A scroll-snapping row (which scrolls by swipe, trackpad or keyboard without scripts) gets its previous and next
 * buttons: the buttons anywhere in the page that control it (`aria-controls` = the row's id, `data-step` = -1 or 1)
 * scroll it by half its width. Each is marked aria-disabled at its end of the row (not disabled: a keyboard user who
 * steps to the end keeps their focus there), and both are hidden while the whole row fits in its box. The buttons are
 * in the HTML, hidden when scripting is off.
 */
export function attachCarousel(row: HTMLElement): () => void {
  const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>(`button[aria-controls="${row.id}"]`));
  const updateEdges = () => {
    const overflows = row.scrollWidth > row.clientWidth + 1;
    for (const button of buttons) {
      button.hidden = !overflows;
      const atEnd =
        button.getAttribute("data-step") === "-1"
          ? row.scrollLeft <= 1
          : row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
      if (atEnd) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    }
  };
  const step = (event: MouseEvent) => {
    const button = event.currentTarget as HTMLElement;
    if (button.getAttribute("aria-disabled") === "true") return;
    const direction = Number(button.getAttribute("data-step"));
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    row.scrollBy({ left: (direction * row.clientWidth) / 2, behavior: reducedMotion ? "auto" : "smooth" });
  };
  updateEdges();
  row.addEventListener("scroll", updateEdges, { passive: true });
  // A window made wider or narrower can make the row fit, or stop fitting.
  const resizes = new ResizeObserver(updateEdges);
  resizes.observe(row);
  for (const button of buttons) button.addEventListener("click", step);
  return () => {
    row.removeEventListener("scroll", updateEdges);
    resizes.disconnect();
    for (const button of buttons) button.removeEventListener("click", step);
  };
}

export const carousel: Behaviour<null> = { name: "carousel", attach: attachCarousel, settings: null };
