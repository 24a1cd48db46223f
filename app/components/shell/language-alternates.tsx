import { englishPath, localizedPath, locales } from "~/i18n/locale";
import { isBilingualPath } from "~/pages-derived";
import { canonicalPath } from "~/seo/meta";

/**
 * The page's twins for search engines: each language's address and x-default (English, the specified site), on
 * every page that exists in both languages. Written from the path, so an error screen's alternates are its page's.
 */
export function LanguageAlternates({ pathname, siteUrl }: { pathname: string; siteUrl: string }) {
  const english = canonicalPath(englishPath(pathname));
  if (!isBilingualPath(english)) return null;
  const href = (path: string) => new URL(path, siteUrl).href;
  return (
    <>
      {locales.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={href(localizedPath(locale, english))} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(english)} />
    </>
  );
}
