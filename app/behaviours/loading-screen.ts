import type { Behaviour } from "./behaviour";

export const loadingScreenId = "loading-screen";

export interface LoadingScreenSettings {
  /** Counted from the start of the page load. */
  overlayCapMs: number;
}

/**
 * Takes the loading screen out of the page once it is over. Its <head> script (loadingScreenScript) runs its whole
 * life: "shown" on the session's first page view, complete from the first frame, its fade CSS, and "over" once the
 * fade is done. This runs when the page is interactive: it hides a logo that failed to load, with a warning, and
 * calls `gone` once the screen is no longer shown, at the latest at the cap (React unmounts what it rendered;
 * otherwise the element is removed). Self-contained (see behaviour.ts).
 */
export function attachLoadingScreen(
  screen: HTMLElement,
  settings: LoadingScreenSettings,
  gone: () => void = () => screen.remove(),
): () => void {
  const html = document.documentElement;
  const attribute = "data-loading-screen";
  const showing = () => html.getAttribute(attribute) === "shown";
  if (!showing()) {
    gone();
    return () => {};
  }
  const logo = screen.querySelector("img");
  if (logo && logo.complete && logo.naturalWidth === 0) {
    logo.hidden = true;
    console.warn(`Loading screen logo failed to load: ${logo.getAttribute("src") ?? ""}`);
  }
  // The cap, counted from the start of the page load, in case the <head> script's timer is late.
  const cap = window.setTimeout(
    () => {
      html.setAttribute(attribute, "over");
      finish();
    },
    Math.max(0, settings.overlayCapMs - performance.now()),
  );
  const observer = new MutationObserver(() => {
    if (showing()) return;
    finish();
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(cap);
  };
  const finish = () => {
    stop();
    gone();
  };
  observer.observe(html, { attributes: true, attributeFilter: [attribute] });
  return stop;
}

/** Every timing of the loading screen, in milliseconds (app.css repeats the fade's; tests keep them equal). */
export const loadingScreenTimings = {
  /** From the first frame, "Welcome!" stays this long before the fade. */
  welcomeDelayMs: 300,
  fadeOutMs: 500,
  /** The overlay is forced off after 3 s, whatever else happens. */
  overlayCapMs: 3000,
} as const;

export const loadingScreen: Behaviour<LoadingScreenSettings> = {
  name: "loading-screen",
  attach: attachLoadingScreen,
  settings: { overlayCapMs: loadingScreenTimings.overlayCapMs },
};
