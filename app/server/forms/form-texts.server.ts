import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { intlLocales, type Locale, localeOf } from "~/i18n/locale";
import { fill, type FormTexts } from "~/forms/texts";

/** The forms' words in `locale` (see app/forms/texts.ts). */
export function formTextsIn(locale: Locale): FormTexts {
  return locale === "hi" ? hi.forms : en.forms;
}

/** The forms' words in the language of the page a form was sent from: its path's (/hi/join → Hindi). */
export function formTextsOf(request: Request): FormTexts {
  return formTextsIn(localeOf(new URL(request.url).pathname));
}

/** A catalogue text as a pattern: its {{placeholders}} match any text, captured by name. */
function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/\{\{\s*(\w+)\s*\}\}/g, "(?<$1>.+?)")}$`);
}

const backendPatterns = (Object.keys(en.forms.backend) as (keyof FormTexts["backend"])[]).map((key) => ({
  key,
  pattern: patternOf(en.forms.backend[key]),
}));

/** "23 Nov 2025, 16:05 IST" (readableIndianTime) in Hindi's way of writing a date and time, through Intl. */
function indianTimeIn(texts: FormTexts, written: string): string {
  if (texts === en.forms) return written;
  const parts = /^(\d{1,2}) (\w{3}) (\d{4}), (\d{2}):(\d{2}) IST$/.exec(written);
  const month = parts ? months.indexOf(parts[2]!) : -1;
  if (!parts || month < 0) return written;
  const [day, year, hours, minutes] = [parts[1], parts[3], parts[4], parts[5]].map(Number);
  // India is UTC+05:30.
  const moment = new Date(Date.UTC(Number(year), month, day, hours, minutes) - 330 * 60_000);
  const format = new Intl.DateTimeFormat(intlLocales.hi, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  });
  return format.format(moment);
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A backend's refusal as the student reads it, in `texts`' language. The built-in store answers in English (its typed
 * results carry the message); those a form shows are in the catalogue (forms.backend, with the names, addresses and
 * dates they carry as placeholders) and said in the page's language. Any other message (a council API's own) is
 * passed on as it came.
 */
export function backendMessageIn(texts: FormTexts, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  for (const { key, pattern } of backendPatterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = { ...match.groups };
    if (values.date !== undefined) values.date = indianTimeIn(texts, values.date);
    return fill(texts.backend[key], values);
  }
  return message;
}
