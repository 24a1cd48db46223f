/**
 * The site's two languages and where each lives: English at the specified paths, Hindi at the same path under /hi.
 * The language of a page is its path's, nothing else (no Accept-Language, no cookie): a shared link shows what it
 * says, and the page cache keeps one page per address.
 */
export const locales = ["en", "hi"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** What each language is called in its own script, for the language link and the offer. */
export const languageNames: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

/** Intl's locale for dates and numbers (India's time zone is app/time's). */
export const intlLocales: Record<Locale, string> = { en: "en-IN", hi: "hi-IN" };

// Routes match case-insensitively, so /HI/clubs is the Hindi page too.
const hindiPrefix = /^\/hi(?=\/|$)/i;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The language of the page at `pathname`. */
export function localeOf(pathname: string): Locale {
  return hindiPrefix.test(pathname) ? "hi" : "en";
}

/** The English path of a page in either language: /hi/clubs → /clubs, /hi → /. */
export function englishPath(pathname: string): string {
  return pathname.replace(hindiPrefix, "") || "/";
}

/**
 * A site path in `locale`: the path every link inside a page goes through, so a Hindi page's links stay in Hindi.
 * Takes an English path (with an optional query or fragment); an already-Hindi path is left as it is.
 */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === "en" || !path.startsWith("/") || path.startsWith("//") || hindiPrefix.test(path)) return path;
  const rest = path.replace(/^\/(?=[?#]|$)/, "");
  return `/hi${rest}`;
}

/** The same page in the other language, as a path (the query and fragment are the caller's to keep). */
export function twinPath(pathname: string): { locale: Locale; path: string } {
  const locale: Locale = localeOf(pathname) === "hi" ? "en" : "hi";
  return { locale, path: localizedPath(locale, englishPath(pathname)) };
}

/** The cookie that remembers the language a visitor last chose with the language link: only ever an offer. */
export const languageCookieName = "lang";

/** The language the cookie in a Cookie header names, if any. */
export function chosenLocale(cookieHeader: string | null | undefined): Locale | undefined {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = pair.split("=");
    if (name?.trim() === languageCookieName) {
      const chosen = value.join("=").trim();
      return isLocale(chosen) ? chosen : undefined;
    }
  }
  return undefined;
}

/** The other language to offer on the page at `pathname`: the visitor's last choice, when it is not the page's. */
export function offeredLocale(pathname: string, cookieHeader: string | null | undefined): Locale | undefined {
  const chosen = chosenLocale(cookieHeader);
  return chosen && chosen !== localeOf(pathname) ? chosen : undefined;
}
