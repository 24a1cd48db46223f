import type { InitOptions } from "i18next";
import type { Locale } from "./locale";
import type { Catalogue, en } from "./catalogue/en";

/** One namespace: the site is small enough for one catalogue per language. */
export const namespace = "translation";

/**
 * The options the server's per-request instance and the browser's one share. The browser loads only its page's
 * language (entry.client.tsx); no fallback language, since both catalogues have every key (tests/i18n).
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
