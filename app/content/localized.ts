import type { Locale } from "~/i18n/locale";

/**
 * A text of data/*.json a visitor reads, in both languages (`{ "en": "…", "hi": "…" }`). The content schemas require
 * both, so a Hindi page never falls back to English for a text that should have its Hindi.
 */
export interface LocalizedText {
  en: string;
  hi: string;
}

/** The text in the page's language. */
export function textIn(text: LocalizedText, locale: Locale): string {
  return text[locale];
}

/** An image whose alt text is in both languages, as a page in one of them shows it. */
export function imageIn<T extends { alt: LocalizedText }>(image: T, locale: Locale): Omit<T, "alt"> & { alt: string } {
  return { ...image, alt: textIn(image.alt, locale) };
}
