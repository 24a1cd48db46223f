import type { i18n, InitOptions, ThirdPartyModule } from "i18next";
import { formats } from "./formats";
import { locales, type Locale } from "./locale";
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

/**
 * The catalogue's formats (app/i18n/formats.ts), registered on an i18next instance as it starts: `.use(formatsPlugin)`
 * on every instance, the server's per request and the tests' reference one.
 */
export const formatsPlugin: ThirdPartyModule = {
  type: "3rdParty",
  init(instance: i18n) {
    for (const [name, say] of Object.entries(formats)) {
      instance.services.formatter?.add(name, (value: unknown, lng: string | undefined) => say(value, localeNamed(lng)));
    }
  },
};

const localeNamed = (lng: string | undefined): Locale => locales.find((locale) => locale === lng) ?? "en";
