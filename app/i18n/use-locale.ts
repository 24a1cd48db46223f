import { useLocation } from "react-router";
import { type Locale, localeOf, localizedPath } from "./locale";

/** The language of the page being shown: its path's. */
export function useLocale(): Locale {
  return localeOf(useLocation().pathname);
}

/** Turns an English site path into the page's language: every link of the shell and the pages goes through it. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizedPath(locale, path);
}
