import { indianDate } from "~/time/india-time";

// Without zod: pages render these limits in their date inputs before the schemas load.

/**
 * Today's date in India as YYYY-MM-DD. Students are in India, so "today" is India's date whatever the clock of the
 * server or the browser is set to: both sides then agree, even in the hours after midnight in India.
 */
export function todayInIndia(now: Date = new Date()): string {
  return indianDate(now);
}

/** The earliest date of birth a form accepts. */
export const earliestBirthDate = "1900-01-01";

/**
 * Under every date of birth. Where the browser has no date picker (text browsers, some older phones) the field is a
 * plain text box, and the forms read the day-first dates students write (readDate in rules.ts): this says so, in
 * words that a visitor who does have a picker can pass over.
 */
export const dateOfBirthHint = "No calendar? Type it day first, e.g. 05/09/2004.";
