import { useEffect, useRef, useState } from "react";
import { attachLoadingScreen, loadingScreen, loadingScreenId, loadingScreenTimings } from "~/behaviours/loading-screen";
import type { PublicSite } from "./site";
import { Img } from "~/components/image";

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
 * loadingScreenScript), and only until the page is interactive: once React has hydrated it, or at once on a page that
 * ships no framework (~/behaviours/loading-screen.ts), it says "Welcome!", fills the bar and fades out. Everything it does while showing (the letters, the climbing bar, the rotating status
 * texts, the cap) is CSS in app.css, so it costs no script before the page is interactive. Without JavaScript,
 * and for visitors who prefer reduced motion, it never shows. It lives in the root layout, so client navigations
 * never bring it back.
 */
export function LoadingScreen({ site }: { site: Pick<PublicSite, "name" | "logo"> }) {
  const [gone, setGone] = useState(false);
  const screen = useRef<HTMLDivElement>(null);

  // Hydrated: the page is interactive. React takes away what it rendered itself.
  useEffect(
    () =>
      screen.current ? attachLoadingScreen(screen.current, loadingScreen.settings, () => setGone(true)) : undefined,
    [],
  );

  if (gone) return null;

  return (
    <div
      ref={screen}
      id={loadingScreenId}
      data-behaviour={loadingScreen.name}
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
