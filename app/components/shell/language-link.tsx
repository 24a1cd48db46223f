import { useLocation } from "react-router";
import { englishPath, languageNames, twinPath } from "~/i18n/locale";
import { isBilingualPath } from "~/pages-derived";

/**
 * "हिन्दी" on an English page, "English" on a Hindi one: the same page in the other language, with its query (a
 * link's token, a filter). Through /language, which remembers the choice for an offer on the next visit; a plain
 * link, so it works without JavaScript and loads the whole document in the other language.
 */
export function LanguageLink({ className }: { className: string }) {
  const { pathname, search } = useLocation();
  if (!isBilingualPath(englishPath(pathname))) return null;
  const twin = twinPath(pathname);
  return (
    <a
      href={`/language?to=${encodeURIComponent(`${twin.path}${search}`)}`}
      hrefLang={twin.locale}
      lang={twin.locale}
      rel="nofollow"
      className={className}
      data-language-link=""
    >
      {languageNames[twin.locale]}
    </a>
  );
}
