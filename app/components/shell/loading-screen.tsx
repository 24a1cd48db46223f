import { useEffect, useRef, useState } from "react";
import { attachLoadingScreen, loadingScreen, loadingScreenId, loadingScreenTimings } from "~/behaviours/loading-screen";
import type { PublicSite } from "./site";
import { Img } from "~/components/image";
import { cookieHeldScript } from "~/lib/cookie-script";

export const loadingStatusTexts = [
  "Initializing...",
  "Loading content...",
  "Almost there...",
  "Preparing interface...",
] as const;
export const loadingWelcomeText = "Welcome!";

/** The session cookie that marks a browser's first page view as done (read and written by the <head> script). */
export const loadingScreenCookie = { name: "loading-screen", value: "seen" } as const;

/**
 * The loading screen's whole life, inline in the <head> so it needs no bundle, given the expression that holds the
 * page's cookies (the head script reads them once). It marks the first page view of a browser session before
 * anything paints: only then does the screen show (the HTML is the same for every visitor, so the browser decides).
 * The mark is a session cookie, not sessionStorage: reading the cookies is a call to the browser the head script makes
 * anyway, while a tab's first touch of its storage is another, in the task that paints the page. Right after the
 * first frame the page is interactive (every page works without its scripts, which only enhance it), so it says
 * "Welcome!", fills the bar and fades out (CSS, on "done"), and is hidden once the fade is over, or at the cap,
 * whichever is sooner: a script that is slow or never arrives cannot keep the page covered or its scroll locked, and
 * the screen's animations never run alongside a form page's hydration. A tab opened in the background draws no frame
 * until it is shown, so the screen ends when the visitor first sees it. The Content-Security-Policy allows it by its
 * hash.
 */
export const loadingScreenScript = (cookies: string) =>
  `(function(){try{var h=document.documentElement,a="data-loading-screen";` +
  `if(${cookieHeldScript(cookies, loadingScreenCookie)})return;` +
  `document.cookie="${loadingScreenCookie.name}=${loadingScreenCookie.value};path=/;SameSite=Lax"+` +
  `(location.protocol==="https:"?";Secure":"");` +
  `if(matchMedia("(prefers-reduced-motion: reduce)").matches)return;` +
  `function hide(){h.setAttribute(a,"over")}h.setAttribute(a,"on");` +
  `setTimeout(hide,${loadingScreenTimings.overlayCapMs});requestAnimationFrame(function(){setTimeout(function(){` +
  `if(h.getAttribute(a)==="on"){h.setAttribute(a,"done");` +
  `setTimeout(hide,${loadingScreenTimings.welcomeDelayMs + loadingScreenTimings.fadeOutMs})}},0)})}catch(e){}})()`;

/**
 * The full-screen loader: in the server HTML, but shown only on the first page view of a session, and only until the
 * page's first frame; then "Welcome!" and the fade (see loadingScreenScript). Everything it does while showing (the
 * letters, the climbing bar, the rotating status texts, the cap) is CSS in app.css. Without JavaScript, and for
 * visitors who prefer reduced motion, it never shows. Once it is over, its element leaves the page
 * (~/behaviours/loading-screen.ts): React removes what it rendered itself. It lives in the root layout, so client
 * navigations never bring it back.
 */
export function LoadingScreen({ site }: { site: Pick<PublicSite, "name" | "logo"> }) {
  const [gone, setGone] = useState(false);
  const screen = useRef<HTMLDivElement>(null);

  // React takes away what it rendered itself, once the screen is over.
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
