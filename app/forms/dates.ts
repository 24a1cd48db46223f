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

// The hint under every date of birth (how to type one without a date picker) is the catalogue's
// forms.fields.dateOfBirthHint.
