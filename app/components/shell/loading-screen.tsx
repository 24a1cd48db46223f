import { useEffect, useRef, useState } from "react";
import { useText } from "~/i18n/use-text";
import { attachLoadingScreen, loadingScreen, loadingScreenId } from "~/behaviours/loading-screen";
import type { PublicSite } from "./site";

/**
 * The full-screen loader: in the server HTML, but shown only on the first page view of a session, complete from the
 * page's first frame: the logo, the product's name, a full bar and "Welcome!", then the fade (see
 * markFirstPageView; its look is CSS in app.css). Without JavaScript, and for visitors who prefer reduced motion, it
 * never shows. Once it is over, its element leaves the page (~/behaviours/loading-screen.ts): React removes what it
 * rendered itself. It lives in the root layout, so client navigations never bring it back.
 */
export function LoadingScreen({ site }: { site: Pick<PublicSite, "name" | "logo"> }) {
  const [gone, setGone] = useState(false);
  const { t } = useText();
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
      // A visual curtain over content that is already in the page: screen readers read the page itself. Its words are
      // drawn by the stylesheet from data-text (app.css), so text browsers, which show every element whatever its
      // style, do not begin each page with them either.
      aria-hidden="true"
      className="fixed inset-0 z-[100] flex-col items-center justify-center gap-6 bg-white px-6"
    >
      {/* An SVG image rather than <img>: w3m prints "[logo]" for an <img> even with an empty alt, so the page would
          begin with the logo twice (here and in the header); it shows nothing of an <svg>. */}
      <svg
        viewBox={`0 0 ${site.logo.width} ${site.logo.height}`}
        width={site.logo.width}
        height={site.logo.height}
        aria-hidden="true"
        focusable="false"
        className="h-20 w-20 sm:h-24 sm:w-24"
      >
        <image href={site.logo.src} width={site.logo.width} height={site.logo.height} />
      </svg>
      <p
        data-text={site.name.toUpperCase()}
        className="text-center text-2xl font-extrabold tracking-[0.2em] text-accent sm:text-4xl"
      />
      <div
        role="progressbar"
        aria-label={t("shell.loading")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={100}
        className="h-1.5 w-64 max-w-full overflow-hidden rounded-full bg-accent"
      />
      <p data-text={t("shell.welcome")} className="text-sm font-medium text-slate-600" />
    </div>
  );
}
