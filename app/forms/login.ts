import { z } from "./zod";
import { compactDayFirst, readDate } from "./rules";

/**
 * The password is the date of birth written DDMMYYYY, but students write dates many ways. A date the forms' one date
 * rule reads (rules.ts: India's day-first forms, or 2004-09-05) is turned into DDMMYYYY before any identity backend
 * sees it, so each of them is the same password and a wrong format is never a failed attempt. Anything that is not a
 * real calendar date is passed on as typed (the council API may hold other passwords).
 */
function dateOfBirthPassword(typed: string): string {
  const date = readDate(typed);
  return date ? compactDayFirst(date) : typed;
}

/** The login form: College ID and password, both required; the backend checks the password. */
export const loginSchema = z.object({
  collegeId: z
    .string({ error: "Please enter your College ID." })
    .trim()
    .min(1, "Please enter your College ID.")
    .max(50, "College ID must be 50 characters or fewer."),
  // Not trimmed unless it is a date: any other password is sent exactly as typed. Capped so nobody makes the server
  // hash megabytes.
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(100, "Password must be 100 characters or fewer.")
    .transform(dateOfBirthPassword),
});
