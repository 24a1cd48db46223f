import { readableIndianTime } from "~/time/india-time";
import { intlLocales, type Locale } from "./locale";

/**
 * The formats a catalogue text may name in a placeholder, `{{date, indianTime}}`: registered once on every i18next
 * instance (formatsPlugin, app/i18n/i18n.ts) and read by the components' formatter (app/i18n/text.ts), so both say a
 * value the same way. Each is Intl in the text's language.
 */
export const formats: Readonly<Record<string, (value: unknown, locale: Locale) => string>> = {
  /** A moment in India's time: "23 Nov 2025, 16:05 IST" in English, "23 नव॰ 2025, 4:05 pm" in Hindi. */
  indianTime: (value, locale) => {
    const moment = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(moment.getTime())) return String(value);
    return indianTimeIn(moment, locale);
  },
};

let hindiIndianTime: Intl.DateTimeFormat | undefined;

// English keeps the site's own way of writing a time (readableIndianTime: "Sep", 24-hour, "IST"; Intl's English
// writes "Sept"); Hindi writes it as Intl's Hindi does.
function indianTimeIn(moment: Date, locale: Locale): string {
  if (locale === "en") return readableIndianTime(moment);
  hindiIndianTime ??= new Intl.DateTimeFormat(intlLocales[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  });
  return hindiIndianTime.format(moment);
}

/** A placeholder as written, `{{ date, indianTime }}`: its value's name and, when given, its format's. */
export function placeholderParts(written: string): { name: string; format?: string } {
  const [name = "", format] = written.split(",", 2).map((part) => part.trim());
  return format ? { name, format } : { name };
}
