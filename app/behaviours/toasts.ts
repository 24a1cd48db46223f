import type { Behaviour } from "./behaviour";

/** The region a toast appears in (what else could cover a toast watches it). */
export const toastRegionId = "toasts";

/**
 * The toast region of a page that ships no framework: a toast's close button takes it away, and so does the end of
 * its CSS life (the animation that closes it without scripts too, and pauses while hovered). A toast that names its
 * own lifetime gets it here, as no inline style is allowed. On a page React runs, the toast area does the same with
 * its own state, since it also shows the toasts that client navigations bring. Self-contained (see behaviour.ts).
 */
export function attachToasts(region: HTMLElement): () => void {
  for (const toast of region.querySelectorAll<HTMLElement>("[data-toast-duration]")) {
    toast.style.animationDuration = `${toast.getAttribute("data-toast-duration") ?? ""}ms`;
  }
  const onClick = (event: MouseEvent) => {
    const close = event.target instanceof Element ? event.target.closest("[data-toast-close]") : null;
    close?.closest("[data-toast-type]")?.remove();
  };
  const onEnd = (event: AnimationEvent) => {
    if (event.target instanceof Element && event.target.matches("[data-toast-type]")) event.target.remove();
  };
  region.addEventListener("click", onClick);
  region.addEventListener("animationend", onEnd);
  return () => {
    region.removeEventListener("click", onClick);
    region.removeEventListener("animationend", onEnd);
  };
}

export const toasts: Behaviour<null> = { name: "toasts", attach: attachToasts, settings: null };
