import { intlLocales, type Locale } from "~/i18n/locale";
import { readableIndianTime } from "./india-time";

const indiaTimeZone = "Asia/Kolkata";
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A format made once per language and kept, as each page says many moments. */
function formatIn(
  made: Map<Locale, Intl.DateTimeFormat>,
  locale: Locale,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const format =
    made.get(locale) ?? new Intl.DateTimeFormat(intlLocales[locale], { ...options, timeZone: indiaTimeZone });
  made.set(locale, format);
  return format;
}

function formats(locale: Locale): [Intl.DateTimeFormat, Intl.DateTimeFormat] {
  return [
    formatIn(dateFormats, locale, { day: "numeric", month: "long", year: "numeric" }),
    formatIn(timeFormats, locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  ];
}

/**
 * A moment in India's time as a page in `locale` says it: "23 Nov 2025, 16:05 IST" in English (as it always was),
 * "23 नवंबर 2025, 16:05 IST" in Hindi through Intl. Worked out in loaders, so the browser hydrates the same text.
 */
export function readableIndianTimeIn(moment: string | Date, locale: Locale): string {
  if (locale === "en") return readableIndianTime(moment);
  const date = typeof moment === "string" ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return typeof moment === "string" ? moment : "";
  const [day, time] = formats(locale);
  return `${day.format(date)}, ${time.format(date)} IST`;
}
