import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { type Locale, localizedPath } from "~/i18n/locale";
import type { LocalizedText } from "./localized";

/**
 * The content pages' catalogue texts in a language, for what a loader or a meta function says itself (a page's
 * description). Server code: a component uses `t()`.
 */
export function contentTextsIn(locale: Locale) {
  return catalogueIn(locale).content;
}

/** The whole catalogue in a language, for a loader or meta function (a component uses `t()`). */
export function catalogueIn(locale: Locale) {
  return locale === "hi" ? hi : en;
}

/** A value of data/*.json with every `{ en, hi }` text in it (at any depth) replaced by its text in `locale`. */
export type In<T> = T extends LocalizedText
  ? string
  : T extends readonly (infer Item)[]
    ? In<Item>[]
    : T extends object
      ? { [Key in keyof T]: In<T[Key]> }
      : T;

function isLocalizedText(value: unknown): value is LocalizedText {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && typeof (value as Record<string, unknown>).en === "string" && "hi" in value;
}

/**
 * A content entry as a page in `locale` shows it, every text picked in that language: a person (their name stays as
 * it is, their role, words and portrait's alt text are picked), a club, an event card.
 */
export function contentIn<T>(value: T, locale: Locale): In<T> {
  if (isLocalizedText(value)) return value[locale] as In<T>;
  if (Array.isArray(value)) return value.map((item: unknown) => contentIn(item, locale)) as In<T>;
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, contentIn(item, locale)])) as In<T>;
  return value as In<T>;
}

/** An upcoming event or a "Get Involved" card in `locale`, its link kept in that language. */
export function eventCardIn<T extends { link: string }>(card: T, locale: Locale): In<T> {
  return { ...contentIn(card, locale), link: localizedPath(locale, card.link) };
}
