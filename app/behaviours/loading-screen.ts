import type { Behaviour } from "./behaviour";
import { cookieHeld, writeCookie } from "./cookies";

export const loadingScreenId = "loading-screen";

/** The session cookie that marks a browser's first page view as done (read and written by the <head> script). */
export const loadingScreenCookie = { name: "loading-screen", value: "seen" } as const;

/**
 * The start of the loading screen's life, in the <head> before anything paints (app/delivery/inline/head.ts): only
 * a browser session's first page view shows it (the HTML is the same for every visitor, so the browser decides). The
 * mark is a session cookie, not sessionStorage: the head script reads the cookies anyway, while a tab's first touch of
 * its storage is another call in the task that paints the page. The screen is complete from the first frame
 * ("Welcome!", a full bar) and its fade is CSS (app.css); "over" once the fade is done. Nothing changes right after
 * the first frame: a change there had the browser draw a second frame while still rasterising the first.
 */
export function markFirstPageView(cookies: string): void {
  try {
    if (cookieHeld(cookies, loadingScreenCookie)) return;
    writeCookie(loadingScreenCookie, "path=/; SameSite=Lax");
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const html = document.documentElement;
    html.setAttribute("data-loading-screen", "shown");
    setTimeout(
      () => html.setAttribute("data-loading-screen", "over"),
      loadingScreenTimings.welcomeDelayMs + loadingScreenTimings.fadeOutMs,
    );
  } catch {
    // No cookies or no matchMedia: no loading screen, the page as it is.
  }
}

export interface LoadingScreenSettings {
  /** Counted from the start of the page load. */
  overlayCapMs: number;
}

/**
 * Takes the loading screen out of the page once it is over. Its <head> script (loadingScreenScript) runs its whole
 * life: "shown" on the session's first page view, complete from the first frame, its fade CSS, and "over" once the
 * fade is done. This runs when the page is interactive: it hides a logo that failed to load, with a warning, and
 * calls `gone` once the screen is no longer shown, at the latest at the cap (React unmounts what it rendered;
 * otherwise the element is removed).
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
