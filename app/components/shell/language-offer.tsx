import { useLocation } from "react-router";
import { type Locale, twinPath } from "~/i18n/locale";

export interface Offer {
  locale: Locale;
  text: { offer: string; link: string };
}

/**
 * "यह पेज हिन्दी में भी है" on an English page for a visitor who last chose Hindi (and the reverse): an offer, in the
 * offered language, never a redirect. The link opens the twin directly: the cookie already says that language.
 */
export function LanguageOffer({ offer }: { offer: Offer }) {
  const { pathname, search } = useLocation();
  return (
    <p
      lang={offer.locale}
      data-language-offer=""
      className="mx-auto mt-4 max-w-7xl px-4 text-sm text-slate-700 sm:px-6 lg:px-8"
    >
      {offer.text.offer}{" "}
      <a
        href={`${twinPath(pathname).path}${search}`}
        hrefLang={offer.locale}
        className="ml-2 font-semibold text-accent underline underline-offset-2"
      >
        {offer.text.link}
      </a>
    </p>
  );
}
