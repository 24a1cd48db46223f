import type { InitOptions } from "i18next";
import type { Locale } from "./locale";
import type { Catalogue, en } from "./catalogue/en";

/** One namespace: the site is small enough for one catalogue per language. */
export const namespace = "translation";

/**
 * An i18next instance in one language, configured as the server's (i18next.server.ts): the reference the components'
 * formatter is checked against (tests/i18n/text.test.ts). No fallback language, since both catalogues have every key.
 */
export function i18nOptions(locale: Locale, catalogue: Catalogue): InitOptions {
  return {
    lng: locale,
    fallbackLng: false,
    supportedLngs: ["en", "hi"],
    defaultNS: namespace,
    ns: [namespace],
    resources: { [locale]: { [namespace]: catalogue } },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
  };
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof namespace;
    resources: { translation: typeof en };
  }
}
