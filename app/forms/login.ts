import { fillText } from "~/i18n/text";
import { z } from "./zod";
import { compactDayFirst, readDate } from "./rules";
import { type FormTexts } from "./texts";

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

/** The login form, with its messages in `texts`' language: College ID and password, both required; the backend
 * checks the password. */
export function createLoginSchema(texts: FormTexts) {
  const { collegeId, password } = texts.login;
  const tooLong = (label: string, max: number) => fillText(texts.rules.tooLong, { label, max });
  return z.object({
    collegeId: z
      .string({ error: collegeId.missing })
      .trim()
      .min(1, collegeId.missing)
      .max(50, tooLong(collegeId.label, 50)),
    // Not trimmed unless it is a date: any other password is sent exactly as typed. Capped so nobody makes the server
    // hash megabytes.
    password: z
      .string({ error: password.missing })
      .min(1, password.missing)
      .max(100, tooLong(password.label, 100))
      .transform(dateOfBirthPassword),
  });
}
