import type { Behaviour } from "./behaviour";

/** The region a toast appears in (what else could cover a toast watches it). */
export const toastRegionId = "toasts";

/** A toast's own lifetime (`data-toast-duration`), as its CSS animation's: no inline style is allowed. */
export function applyToastDuration(toast: HTMLElement): void {
  const duration = toast.getAttribute("data-toast-duration");
  if (duration) toast.style.animationDuration = `${duration}ms`;
}

/**
 * The toast region: a toast's close button takes it away, and so does the end of its CSS life (the animation that
 * closes it without scripts too, and pauses while hovered). `remove` takes a toast away: the element itself on a page
 * without the framework; on a page React runs, the toast area's state (components/shell/toast-area.tsx), which also
 * shows the toasts that client navigations bring.
 */
export function attachToasts(
  region: HTMLElement,
  _settings: null = null,
  remove: (toast: Element) => void = (toast) => toast.remove(),
): () => void {
  for (const toast of region.querySelectorAll<HTMLElement>("[data-toast-duration]")) applyToastDuration(toast);
  const onClick = (event: MouseEvent) => {
    const close = event.target instanceof Element ? event.target.closest("[data-toast-close]") : null;
    const toast = close?.closest("[data-toast-type]");
    if (toast) remove(toast);
  };
  const onEnd = (event: AnimationEvent) => {
    if (event.target instanceof Element && event.target.matches("[data-toast-type]")) remove(event.target);
  };
  region.addEventListener("click", onClick);
  region.addEventListener("animationend", onEnd);
  return () => {
    region.removeEventListener("click", onClick);
    region.removeEventListener("animationend", onEnd);
  };
}

export const toasts: Behaviour<null> = { name: "toasts", attach: attachToasts, settings: null };
