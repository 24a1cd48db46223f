import { useEffect, useRef, useState } from "react";
import { attachLoadingScreen, loadingScreen, loadingScreenId, loadingScreenTimings } from "~/behaviours/loading-screen";
import type { PublicSite } from "./site";
import { Img } from "~/components/image";
import { cookieHeldScript } from "~/lib/cookie-script";

export const loadingWelcomeText = "Welcome!";

/** The session cookie that marks a browser's first page view as done (read and written by the <head> script). */
export const loadingScreenCookie = { name: "loading-screen", value: "seen" } as const;

/**
 * The loading screen's whole life, inline in the <head> so it needs no bundle, given the expression that holds the
 * page's cookies (the head script reads them once). It marks the first page view of a browser session before
 * anything paints: only then does the screen show (the HTML is the same for every visitor, so the browser decides).
 * The mark is a session cookie, not sessionStorage: reading the cookies is a call to the browser the head script makes
 * anyway, while a tab's first touch of its storage is another, in the task that paints the page.
 *
 * Every page works without its scripts, which only enhance it, so a page is interactive from its first frame: the
 * screen is complete from then on ("Welcome!", a full bar) and its fade is CSS that starts with that frame (app.css).
 * Nothing changes on the page right after its first frame: a change there had the browser draw a second frame while
 * it was still rasterising the first, and the page's main thread waited for it. The screen is hidden once the fade is
 * over; in a tab opened in the background that timer still runs, so the screen is hidden by the time it is shown.
 * The Content-Security-Policy allows it by its hash.
 */
export const loadingScreenScript = (cookies: string) =>
  `(function(){try{var h=document.documentElement,a="data-loading-screen";` +
  `if(${cookieHeldScript(cookies, loadingScreenCookie)})return;` +
  `document.cookie="${loadingScreenCookie.name}=${loadingScreenCookie.value};path=/;SameSite=Lax"+` +
  `(location.protocol==="https:"?";Secure":"");` +
  `if(matchMedia("(prefers-reduced-motion: reduce)").matches)return;` +
  `h.setAttribute(a,"shown");setTimeout(function(){h.setAttribute(a,"over")},` +
  `${loadingScreenTimings.welcomeDelayMs + loadingScreenTimings.fadeOutMs})}catch(e){}})()`;

/**
 * The full-screen loader: in the server HTML, but shown only on the first page view of a session, complete from the
 * page's first frame: the logo, the product's name, a full bar and "Welcome!", then the fade (see
 * loadingScreenScript; its look is CSS in app.css). Without JavaScript, and for visitors who prefer reduced motion, it
 * never shows. Once it is over, its element leaves the page (~/behaviours/loading-screen.ts): React removes what it
 * rendered itself. It lives in the root layout, so client navigations never bring it back.
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
      <p className="text-center text-2xl font-extrabold tracking-[0.2em] text-accent sm:text-4xl">
        {site.name.toUpperCase()}
      </p>
      <div
        role="progressbar"
        aria-label="Loading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={100}
        className="h-1.5 w-64 max-w-full overflow-hidden rounded-full bg-accent"
      />
      <p className="text-sm font-medium text-slate-600">{loadingWelcomeText}</p>
    </div>
  );
}
