import { z } from "./zod";

/**
 * The password is the date of birth written DDMMYYYY, but students write dates many ways. A date in India's day-first
 * order (05092004, 05/09/2004, 05-09-2004, 05.09.2004, 5/9/2004) or written 2004-09-05 is turned into DDMMYYYY before
 * any identity backend sees it, so each of them is the same password and a wrong format is never a failed attempt.
 * Anything that is not a real calendar date is passed on as typed (the council API may hold other passwords).
 */
function dateOfBirthPassword(typed: string): string {
  const text = typed.trim();
  const dayFirst = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(text);
  const yearFirst = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const compact = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  const parts = dayFirst
    ? { day: dayFirst[1]!, month: dayFirst[3]!, year: dayFirst[4]! }
    : yearFirst
      ? { day: yearFirst[3]!, month: yearFirst[2]!, year: yearFirst[1]! }
      : compact
        ? { day: compact[1]!, month: compact[2]!, year: compact[3]! }
        : undefined;
  if (!parts) return typed;
  const [day, month, year] = [Number(parts.day), Number(parts.month), Number(parts.year)];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return typed;
  const two = (value: number) => String(value).padStart(2, "0");
  return `${two(day)}${two(month)}${year}`;
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
