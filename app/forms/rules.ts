import { fillText } from "~/i18n/text";
import { z } from "./zod";
import { canonicalPhone, isMobileNumber, westernDigits } from "./phone";
import { earliestBirthDate, todayInIndia } from "./dates";
import { type FormTexts } from "./texts";

/**
 * The rules every form shares, written once: each schema builds its fields from these with its own messages (the
 * catalogue's, in the page's language: app/forms/texts.ts), and the same schema checks in the browser and in the
 * action, so both always apply the same rule.
 */

/** A field's words: its label as the page shows it (named by the length message) and the message when it is empty. */
export interface FieldTexts {
  label: string;
  missing: string;
}

/** Length caps of text fields: far above an honest entry, well under the body size limit. */
const shortTextMax = 200;
export const longTextMax = 2000;

/** A required text field: trimmed, not blank (`missing`), and at most `max` characters (`rules.tooLong`). */
export function requiredText(texts: FormTexts, field: FieldTexts, max: number = shortTextMax) {
  return z
    .string({ error: field.missing })
    .trim()
    .min(1, { error: field.missing })
    .max(max, { error: fillText(texts.rules.tooLong, { label: field.label, max }) });
}

/**
 * A name (a person's, a team's): a required text on one line, with no web address in it. Names go into e-mails and
 * the inbox; a line break would start a line of the visitor's own there, and a mail program turns an address into a
 * link the site never made.
 */
export function nameText(texts: FormTexts, field: FieldTexts, max: number = shortTextMax) {
  return requiredText(texts, field, max).refine((name) => !/[\r\n\u2028\u2029]/.test(name) && !webAddress.test(name), {
    error: fillText(texts.rules.oneLine, { label: field.label }),
  });
}

/** What a mail program makes a link of: a scheme's "://", or a "www." name. */
const webAddress = /:\/\/|\bwww\./i;

/** Who sent a suggestion or an idea, asked alike by both: a name, an enrollment number and a college, all required. */
export function noteSender(texts: FormTexts, words: Record<"name" | "enrollment" | "college", FieldTexts>) {
  return {
    name: nameText(texts, words.name),
    enrollment: requiredText(texts, words.enrollment),
    college: requiredText(texts, words.college),
  };
}

/** "Skills must be 500 characters or fewer.": the length message of an optional field, in `texts`' language. */
export function fieldTooLong(texts: FormTexts, label: string, max: number): string {
  return fillText(texts.rules.tooLong, { label, max });
}

/** An e-mail address: required, and an ordinary name@domain.tld address, checked by zod's address rule. */
export function emailAddress(texts: FormTexts, field: FieldTexts & { invalid: string }) {
  return requiredText(texts, field).pipe(z.email({ error: field.invalid }));
}

/**
 * An Indian mobile number under the site's one phone rule (app/forms/phone.ts), stored as "+91" and ten digits.
 * `missing` answers an empty field, `invalid` anything the rule refuses.
 */
export function indianMobile(messages: { missing: string; invalid: string }) {
  return z
    .string({ error: messages.missing })
    .trim()
    .min(1, { error: messages.missing })
    .refine(isMobileNumber, { error: messages.invalid })
    .transform((phone) => canonicalPhone(phone) ?? phone);
}

/** A day of the calendar, as read from what a student typed. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The one reading of a typed date, for sign-in and for every date of birth. Students in India write the day first
 * (05092004, 05/09/2004, 05-09-2004, 05.09.2004, 5/9/2004), and a date picker sends 2004-09-05: each is the same day.
 * Anything else, or a day the calendar does not have (31/02/2004 is refused rather than rolled over to March), is no
 * date. The same on a Hindi page, where a student may type the digits in Devanagari (०५/०९/२००४).
 */
export function readDate(typed: string): CalendarDate | undefined {
  const text = westernDigits(typed).trim();
  const dayFirst = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(text);
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const compact = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  const parts = dayFirst
    ? [dayFirst[4], dayFirst[3], dayFirst[1]]
    : yearFirst
      ? [yearFirst[1], yearFirst[2], yearFirst[3]]
      : compact
        ? [compact[3], compact[2], compact[1]]
        : undefined;
  if (!parts) return undefined;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : undefined;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** YYYY-MM-DD, as dates of birth are stored and compared. */
export function isoDate({ year, month, day }: CalendarDate): string {
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** DDMMYYYY, the login password a date of birth makes. */
export function compactDayFirst({ year, month, day }: CalendarDate): string {
  return `${twoDigits(day)}${twoDigits(month)}${year}`;
}

/**
 * A date of birth: required, a real date written any way `readDate` reads (a browser without a date picker sends
 * what was typed), not before 1900, and before today in India. Kept as YYYY-MM-DD. Each form names its own messages;
 * the first rule that fails is the one shown.
 */
export function dateOfBirth(
  texts: FormTexts,
  messages: { missing: string; invalid: string; tooEarly: string; notPast: string },
) {
  return (
    requiredText(texts, { label: texts.fields.dateOfBirth, missing: messages.missing })
      .transform((typed, context) => {
        const date = readDate(typed);
        if (date) return isoDate(date);
        context.issues.push({ code: "custom", message: messages.invalid, input: typed });
        return z.NEVER;
      })
      .refine((dob) => dob >= earliestBirthDate, { error: messages.tooEarly, abort: true })
      // ISO dates compare as strings; today is worked out at each check, so a long-running server never goes stale.
      .refine((dob) => dob < todayInIndia(), { error: messages.notPast })
  );
}
