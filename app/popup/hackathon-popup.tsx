import { Link } from "react-router";
import { useBehaviour } from "~/behaviours/behaviour";
import { popup, type PopupSettings } from "~/popup/behaviour";
import { Icon } from "~/components/icons";
import { popupElementId, popupPath } from "~/popup/dismissal";
import { useText } from "~/i18n/use-text";
import { useLocale, useLocalizedPath } from "~/i18n/use-locale";

/**
 * The server sends an open, non-modal <dialog> at the top of the page. Without JavaScript it is a card in the page's
 * flow, above the hero, so it covers nothing, and its close button posts to the server, which remembers it. With
 * JavaScript it becomes a modal once nothing else covers the page, and every way of closing it remembers the
 * dismissal (~/popup/behaviour.ts).
 *
 * A dismissal is remembered for 30 days in a cookie (dismissal.ts). The page's HTML is the same for
 * every visitor; the /hackathon-popup stylesheet hides the popup when the cookie is there, and so does app.css once
 * the <head> script or the popup's behaviour has marked the document.
 */
export function HackathonPopup({ title, text }: { title: string; text: string }) {
  const behaviour = useBehaviour<HTMLDialogElement, PopupSettings>(popup);
  const { t } = useText();
  const localized = useLocalizedPath();
  const locale = useLocale();

  return (
    <dialog
      {...behaviour}
      id={popupElementId}
      open
      // A visitor may close it natively (method="dialog") before scripts hydrate the page; that is not an error.
      suppressHydrationWarning
      aria-labelledby="hackathon-popup-title"
      aria-describedby="hackathon-popup-text"
      // Without scripts (`noscript:`) a card in the flow at the top of the page, where it covers no content.
      className="fixed inset-0 z-40 m-auto h-fit w-[calc(100%-2rem)] max-w-md overflow-hidden rounded-3xl bg-white text-slate-900 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-950/60 data-waiting:invisible noscript:relative noscript:inset-auto noscript:z-auto noscript:mx-auto noscript:my-4 noscript:max-w-3xl noscript:shadow-lg"
    >
      <div className="relative bg-linear-to-br from-red-700 via-red-800 to-slate-900 px-6 pt-8 pb-6 text-white noscript:pt-5 noscript:pb-4">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25 noscript:hidden">
          <Icon name="trophy" className="size-6" />
        </span>
        <p className="mt-4 text-sm font-semibold tracking-wider text-red-100 uppercase noscript:mt-0 noscript:pr-10">
          {t("content.home.popup.eyebrow")}
        </p>
        {/* The dialog's name, not a heading: the popup comes before the page's h1, which must be the first heading. */}
        <p id="hackathon-popup-title" className="mt-1 text-2xl font-bold tracking-tight">
          {title}
        </p>
        {/* Without JavaScript the server remembers the dismissal and brings the visitor back; with it, it closes
            here. */}
        <form
          method="post"
          action={locale === "hi" ? `${popupPath}?lang=hi` : popupPath}
          className="absolute top-3 right-3"
        >
          <button
            type="submit"
            className="inline-flex size-10 items-center justify-center rounded-full text-white/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <Icon name="close" className="size-5" />
            {/* Text rather than aria-label: text browsers read no ARIA. */}
            <span className="sr-only">{t("content.home.popup.close")}</span>
          </button>
        </form>
      </div>
      <div className="px-6 py-6 noscript:py-4">
        <p id="hackathon-popup-text" className="text-slate-700">
          {text}
        </p>
        <Link
          to={localized("/sih")}
          className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-full bg-accent px-6 py-3 font-semibold text-white transition-colors hover:bg-accent-strong focus-ring"
        >
          {t("content.home.popup.explore")}
          <Icon name="arrow-right" className="size-5" />
        </Link>
      </div>
    </dialog>
  );
}
