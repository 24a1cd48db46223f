import { z } from "./zod";
import { canonicalPhone, isMobileNumber } from "./phone";
import { earliestBirthDate, todayInIndia } from "./dates";

/**
 * The rules every form shares, written once: each schema builds its fields from these with its own messages, and
 * the same schema checks in the browser and in the action, so both always apply the same rule.
 */

/** Length caps of text fields: far above an honest entry, well under the body size limit. */
const shortTextMax = 200;
export const longTextMax = 2000;

/**
 * A required text field: trimmed, not blank (`missing`), and at most `max` characters. `label` is the field's label
 * as the page shows it, for the length message.
 */
export function requiredText(label: string, missing: string, max: number = shortTextMax) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `${label} must be ${max} characters or fewer.` });
}

/** An e-mail address: required, and an ordinary name@domain.tld address, checked by zod's address rule. */
export function emailAddress(messages: { missing: string; invalid: string }, label = "Email") {
  return requiredText(label, messages.missing).pipe(z.email({ error: messages.invalid }));
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

/** True only for a YYYY-MM-DD date that exists: 2001-02-30 is refused rather than rolled over to March. */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date of birth as a date input sends it: required, a real date, not before 1900, and before today in India.
 * Each form names its own messages; the first rule that fails is the one shown.
 */
export function dateOfBirth(messages: { missing: string; invalid: string; tooEarly: string; notPast: string }) {
  return (
    requiredText("Date of Birth", messages.missing)
      .refine(isRealDate, { error: messages.invalid, abort: true })
      .refine((dob) => dob >= earliestBirthDate, { error: messages.tooEarly, abort: true })
      // ISO dates compare as strings; today is worked out at each check, so a long-running server never goes stale.
      .refine((dob) => dob < todayInIndia(), { error: messages.notPast })
  );
}
