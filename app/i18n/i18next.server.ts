import { createInstance, type i18n, type InitOptions } from "i18next";
import type { RouterContextProvider } from "react-router";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { en } from "./catalogue/en";
import { hi } from "./catalogue/hi";
import { namespace } from "./i18n";
import { defaultLocale, type Locale, localeOf, locales } from "./locale";

/** Both languages: the server renders either. */
const serverOptions = {
  fallbackLng: false,
  supportedLngs: [...locales],
  defaultNS: namespace,
  ns: [namespace],
  resources: { en: { [namespace]: en }, hi: { [namespace]: hi } },
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
} satisfies InitOptions;

/**
 * The server's i18next: one instance per request, in the language of the request's path (and only the path: no
 * Accept-Language, no cookie). getLocale and getI18n read it from the router context (entry.server.tsx, loaders).
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    order: ["custom"],
    findLocale: (request) => Promise.resolve(localeOf(new URL(request.url).pathname)),
  },
  i18next: serverOptions,
  plugins: [initReactI18next],
});

/**
 * The request's instance, for rendering. The middleware runs before every render but a cached page's (which is not
 * rendered); a request refused before it ran still gets an error screen in its path's language.
 */
export function i18nForRender(context: Readonly<RouterContextProvider>, request: Request): i18n {
  try {
    return getI18n(context);
  } catch {
    const instance = createInstance({ ...serverOptions, lng: localeOf(new URL(request.url).pathname) });
    void instance.use(initReactI18next).init();
    return instance;
  }
}

/** The language offer's words, in the language offered (the root loader sends them with the page). */
export function offerTexts(locale: Locale): { offer: string; link: string } {
  const catalogue = locale === "hi" ? hi : en;
  return { offer: catalogue.language.offer, link: catalogue.language.offerLink };
}
