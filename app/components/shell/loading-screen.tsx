import { useEffect, useState } from "react";
import type { PublicSite } from "./site";
import { Img } from "~/components/image";

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

export const loadingStatusTexts = [
  "Initializing...",
  "Loading content...",
  "Almost there...",
  "Preparing interface...",
] as const;
export const loadingWelcomeText = "Welcome!";

/**
 * Marks the first page view of a browser session, before anything paints: only then does the loading screen show
 * (the HTML is the same for every visitor, so the browser decides). It uncovers the page at the cap by itself, so
 * a script bundle that never arrives cannot leave the page covered or its scroll locked. Inline in the <head>; the
 * Content-Security-Policy allows it by its hash.
 */
export const loadingScreenScript =
  `(function(){try{var h=document.documentElement,s=window.sessionStorage;if(s.getItem("visited"))return;` +
  `s.setItem("visited","1");if(matchMedia("(prefers-reduced-motion: reduce)").matches)return;` +
  `h.setAttribute("data-loading-screen","on");setTimeout(function(){` +
  `if(h.getAttribute("data-loading-screen")==="on")h.setAttribute("data-loading-screen","capped")},` +
  `${loadingScreenTimings.overlayCapMs})}catch(e){}})()`;

/**
 * The full-screen loader: in the server HTML, but shown only on the first page view of a session (see
 * loadingScreenScript), and only until the page is interactive: once React has hydrated it says "Welcome!", fills
 * the bar and fades out. Everything it does while showing (the letters, the climbing bar, the rotating status
 * texts, the cap) is CSS in app.css, so it costs no script before the page is interactive. Without JavaScript,
 * and for visitors who prefer reduced motion, it never shows. It lives in the root layout, so client navigations
 * never bring it back.
 */
export function LoadingScreen({ site }: { site: Pick<PublicSite, "name" | "logo"> }) {
  const [gone, setGone] = useState(false);

  useEffect(() => {
    const html = document.documentElement;
    const image = document.querySelector<HTMLImageElement>("#loading-screen img");
    if (html.getAttribute("data-loading-screen") !== "on") {
      // What the <head> script decided is only known in the browser, after hydration: one extra render, once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setGone(true);
      return;
    }
    // The image may have failed before the page was interactive; it is hidden rather than shown broken.
    if (image && image.complete && image.naturalWidth === 0) {
      image.hidden = true;
      console.warn(`Loading screen logo failed to load: ${site.logo.src}`);
    }
    html.setAttribute("data-loading-screen", "done");
    // Measured from the start of the page load, like the CSS cap, not from when this script happened to run.
    const untilCap = loadingScreenTimings.overlayCapMs - performance.now();
    const fadedOut = loadingScreenTimings.welcomeDelayMs + loadingScreenTimings.fadeOutMs;
    const timer = window.setTimeout(() => setGone(true), Math.max(0, Math.min(fadedOut, untilCap)));
    return () => window.clearTimeout(timer);
  }, [site.logo.src]);

  if (gone) return null;

  return (
    <div
      id="loading-screen"
      // A visual curtain over content that is already in the page: screen readers read the page itself.
      aria-hidden="true"
      className="fixed inset-0 z-[100] flex-col items-center justify-center gap-6 bg-white px-6"
    >
      <Img image={site.logo} alt="" loading="eager" className="h-20 w-20 sm:h-24 sm:w-24" />
      <p className="flex flex-wrap justify-center text-center text-2xl font-extrabold tracking-[0.2em] text-accent sm:text-4xl">
        {Array.from(site.name.toUpperCase()).map((letter, index) => (
          <span key={index} className="loading-letter inline-block">
            {letter === " " ? "\u00a0" : letter}
          </span>
        ))}
      </p>
      {/* Scaled rather than resized, so moving the bar never costs a layout of the page underneath. */}
      <div
        role="progressbar"
        aria-label="Loading"
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-1.5 w-64 max-w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="loading-bar h-full origin-left rounded-full bg-accent" />
      </div>
      <p className="loading-status grid text-sm font-medium text-slate-600">
        {loadingStatusTexts.map((text) => (
          <span key={text} className="col-start-1 row-start-1">
            {text}
          </span>
        ))}
        <span className="loading-welcome col-start-1 row-start-1">{loadingWelcomeText}</span>
      </p>
    </div>
  );
}
