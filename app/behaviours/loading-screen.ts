import type { Behaviour } from "./behaviour";

export const loadingScreenId = "loading-screen";

export interface LoadingScreenSettings {
  welcomeDelayMs: number;
  fadeOutMs: number;
  /** Counted from the start of the page load, like the CSS cap. */
  overlayCapMs: number;
}

/**
 * Takes the loading screen out of the page once it is over. Its <head> script (loadingScreenScript) runs its whole
 * life: "on" on the session's first page view, "done" ("Welcome!", the full bar, the fade) after the first frame, and
 * hidden after the fade or at the cap. This runs when the page is interactive: it hides a logo that failed to load,
 * with a warning, ends the screen itself if no frame has come yet (a tab still in the background), and calls `gone`
 * once the screen is no longer shown, at the latest at the cap (React unmounts what it rendered; otherwise the
 * element is removed). Self-contained (see behaviour.ts).
 */
export function attachLoadingScreen(
  screen: HTMLElement,
  settings: LoadingScreenSettings,
  gone: () => void = () => screen.remove(),
): () => void {
  const html = document.documentElement;
  const attribute = "data-loading-screen";
  const showing = () => {
    const state = html.getAttribute(attribute);
    return state === "on" || state === "done";
  };
  if (!showing()) {
    gone();
    return () => {};
  }
  const logo = screen.querySelector("img");
  if (logo && logo.complete && logo.naturalWidth === 0) {
    logo.hidden = true;
    console.warn(`Loading screen logo failed to load: ${logo.getAttribute("src") ?? ""}`);
  }
  const hide = () => html.setAttribute(attribute, "over");
  const timers: number[] = [];
  if (html.getAttribute(attribute) === "on") {
    html.setAttribute(attribute, "done");
    timers.push(window.setTimeout(hide, settings.welcomeDelayMs + settings.fadeOutMs));
  }
  const observer = new MutationObserver(() => {
    if (showing()) return;
    finish();
  });
  const stop = () => {
    observer.disconnect();
    for (const timer of timers) window.clearTimeout(timer);
  };
  const finish = () => {
    stop();
    gone();
  };
  observer.observe(html, { attributes: true, attributeFilter: [attribute] });
  // The cap, counted from the start of the page load like the <head> script's, in case its timer is late.
  timers.push(
    window.setTimeout(
      () => {
        hide();
        finish();
      },
      Math.max(0, settings.overlayCapMs - performance.now()),
    ),
  );
  return stop;
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
