import type { Catalogue } from "./catalogue/en";
import { formats, placeholderParts } from "./formats";
import type { Locale } from "./locale";

/**
 * The components' words, without an i18n runtime: a catalogue text found by its dotted key, its `{{placeholders}}`
 * filled in. That is all the components ask of i18next (no plurals or nesting: the catalogue has none; the formats are
 * the ones registered on i18next, app/i18n/formats.ts), and
 * this gives exactly i18next's output for every key of both catalogues (tests/i18n/text.test.ts), so what the server
 * renders and what the browser hydrates read the same as the texts the server's i18next says.
 */

/** Every text's key, "forms.join.name.label": the catalogue's string leaves, dotted. */
export type TextKey = Leaves<Catalogue>;
type Leaves<T, Prefix extends string = ""> = {
  [Key in keyof T & string]: T[Key] extends string ? `${Prefix}${Key}` : Leaves<T[Key], `${Prefix}${Key}.`>;
}[keyof T & string];

/** The values of a text's placeholders; `count` is only a placeholder here (the catalogue has no plural forms). */
export type TextValues = Readonly<Record<string, string | number | Date | null | undefined>>;

export type TextFunction = (key: TextKey, values?: TextValues) => string;

/** The words a page renders with: its language's catalogue (in the browser, only the page's parts of it). */
export interface Texts {
  readonly locale: Locale;
  readonly catalogue: Catalogue;
  /** Told of a key the catalogue lacks (the browser: a text from a part the page did not load). */
  readonly onMissing?: (key: string) => void;
}

/** The text at `key`, or undefined when the catalogue holds no string there. */
export function textAt(catalogue: object, key: string): string | undefined {
  let found: unknown = catalogue;
  for (const step of key.split(".")) {
    if (typeof found !== "object" || found === null || !Object.hasOwn(found, step)) return undefined;
    found = (found as Record<string, unknown>)[step];
  }
  return typeof found === "string" ? found : undefined;
}

/**
 * `{{name}}` replaced by `values.name`, once, left to right (a value's own braces are not read again); `{{name,
 * format}}` says it with one of the formats registered on i18next too (app/i18n/formats.ts), in `locale`. As i18next
 * (escapeValue off, skipOnVariables on): a name not among the values stays as written; one given as undefined or
 * null becomes empty; a number is written with String().
 */
export function fillText(text: string, values?: TextValues, locale: Locale = "en"): string {
  if (!values) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (written, inside: string) => {
    const { name, format } = placeholderParts(inside);
    if (!Object.hasOwn(values, name)) return written;
    const value = values[name];
    // i18next keeps a formatted placeholder whose value is undefined as written, and empties a plain one.
    if (value === undefined && format !== undefined) return written;
    if (value == null) return "";
    const say = format === undefined ? undefined : formats[format];
    return say ? say(value, locale) : String(value);
  });
}

/** The page's `t`: the text at `key` with its placeholders filled; a missing text is its key, as i18next answers. */
export function textFunction(texts: Texts): TextFunction {
  return (key, values) => {
    const text = textAt(texts.catalogue, key);
    if (text === undefined) {
      texts.onMissing?.(key);
      return key;
    }
    return fillText(text, values, texts.locale);
  };
}
