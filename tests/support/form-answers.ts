import type { Locale } from "~/i18n/locale";

/** What every form says when the backend refused or could not keep an entry, in each language. */
export const formFailed: Record<Locale, string> = {
  en: "Failed to submit. Try again.",
  hi: "फ़ॉर्म नहीं भेजा जा सका। फिर से कोशिश करें।",
};
