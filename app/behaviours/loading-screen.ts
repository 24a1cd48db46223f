import type { Behaviour } from "./behaviour";

export const loadingScreenId = "loading-screen";

export interface LoadingScreenSettings {
  welcomeDelayMs: number;
  fadeOutMs: number;
  /** Counted from the start of the page load, like the CSS cap. */
  overlayCapMs: number;
}

/**
 * Ends the loading screen once the page is interactive: this runs when it is. Shown only if the <head> script marked
 * this page view as the session's first (data-loading-screen="on"); then it says "Welcome!", fills the bar and fades
 * out (CSS, on data-loading-screen="done"), and is gone after that or at its cap, whichever is sooner. A logo that
 * failed to load is hidden, with a warning. `gone` takes the element away (React unmounts what it rendered).
 * Self-contained (see behaviour.ts).
 */
export function attachLoadingScreen(
  screen: HTMLElement,
  settings: LoadingScreenSettings,
  gone: () => void = () => screen.remove(),
): () => void {
  const html = document.documentElement;
  if (html.getAttribute("data-loading-screen") !== "on") {
    gone();
    return () => {};
  }
  const logo = screen.querySelector("img");
  if (logo && logo.complete && logo.naturalWidth === 0) {
    logo.hidden = true;
    console.warn(`Loading screen logo failed to load: ${logo.getAttribute("src") ?? ""}`);
  }
  html.setAttribute("data-loading-screen", "done");
  const untilCap = settings.overlayCapMs - performance.now();
  const fadedOut = settings.welcomeDelayMs + settings.fadeOutMs;
  const timer = window.setTimeout(gone, Math.max(0, Math.min(fadedOut, untilCap)));
  return () => window.clearTimeout(timer);
}

/** Every timing of the loading screen, in milliseconds (app.css repeats the CSS ones; tests keep them equal). */
export const loadingScreenTimings = {
  statusRotationMs: 1500,
  /** How long the bar takes to climb toward 90 % (a CSS animation from the first paint, so it costs no script). */
  progressClimbMs: 2500,
  welcomeDelayMs: 300,
  fadeOutMs: 500,
  fallbackCompletionMs: 5000,
  forcedCompletionMs: 7000,
  /** The overlay is forced off after 3 s, whatever else happens. */
  overlayCapMs: 3000,
} as const;

export const loadingScreen: Behaviour<LoadingScreenSettings> = {
  name: "loading-screen",
  attach: attachLoadingScreen,
  settings: {
    welcomeDelayMs: loadingScreenTimings.welcomeDelayMs,
    fadeOutMs: loadingScreenTimings.fadeOutMs,
    overlayCapMs: loadingScreenTimings.overlayCapMs,
  },
};
