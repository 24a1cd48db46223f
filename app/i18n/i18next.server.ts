import { createInstance, type InitOptions, type TFunction } from "i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { en } from "./catalogue/en";
import { hi } from "./catalogue/hi";
import { formatsPlugin, namespace } from "./i18n";
import { defaultLocale, type Locale, localeOf, locales } from "./locale";
import type { Texts } from "./text";

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
 * Accept-Language, no cookie). getLocale and getI18n read it from the router context (loaders, actions). The pages'
 * components do not use it: they render with textsForRender's texts (decision 21).
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
    order: ["custom"],
    findLocale: ({ request }) => Promise.resolve(localeOf(new URL(request.url).pathname)),
  },
  i18next: serverOptions,
  plugins: [formatsPlugin],
});

/**
 * The words a page is rendered with: the whole catalogue of the request's path's language (the browser hydrates with
 * the page's parts of the same catalogue). From the path, so a request refused before the middleware ran still gets
 * its error screen in its path's language.
 */
export function textsForRender(request: Request): Texts {
  const locale = localeOf(new URL(request.url).pathname);
  return { locale, catalogue: locale === "hi" ? hi : en };
}

/** The language offer's words, in the language offered (the root loader sends them with the page). */
export function offerTexts(locale: Locale): { offer: string; link: string } {
  const catalogue = locale === "hi" ? hi : en;
  return { offer: catalogue.language.offer, link: catalogue.language.offerLink };
}

/**
 * i18next in `locale`, configured as the request's instance: for what the server says outside a request's render (a
 * backend's refusal, app/server/requests/refusals.server.ts). One instance a language, made on first use.
 */
const fixedInstances = new Map<Locale, TFunction>();

export function serverT(locale: Locale): TFunction {
  let t = fixedInstances.get(locale);
  if (!t) {
    const instance = createInstance({ ...serverOptions, lng: locale }).use(formatsPlugin);
    void instance.init();
    t = instance.t.bind(instance);
    fixedInstances.set(locale, t);
  }
  return t;
}
