import { z } from "zod";
import { canonicalPhone, isMobileNumber } from "~/lib/phone";

/** Section 3, "Enumerations in the application form". The club list comes from the club data (see createJoinSchema). */
export const genderOptions = [
  { value: "Male", label: "Male" },
  { value: "Female", label: "Female" },
  // Section 3: the value sent is "Other", the visitor reads "Prefer not to say".
  { value: "Other", label: "Prefer not to say" },
] as const;
export const colleges = ["TIT", "TITE", "TITS", "TIT-CSE"] as const;
export const departments = [
  "CSE",
  "CSE AIML",
  "CSE AI",
  "CSE DS",
  "CSE AIDS",
  "CSE Cyber",
  "CSE IoT",
  "IT",
  "EX",
  "EC",
  "ME",
  "CE",
  "B.Pharm",
  "MBA",
  "Law",
] as const;
export const yearsOfStudy = ["1st Year", "2nd Year", "3rd Year", "4th Year"] as const;

/** Section 8: the application's outcomes. */
export const joinMessages = {
  success: "Form submitted successfully!",
  failure: "Failed to submit. Try again.",
} as const;

/** Section 9: join application toasts close after 4 seconds (the rest of the site's after 3). */
export const joinToastDurationMs = 4000;

/** Length caps of the public forms' text fields: far above an honest entry, well under the body size limit. */
export const shortTextMax = 200;
export const longTextMax = 2000;

/**
 * A required text field of the public forms (join, suggestion, ideas): trimmed, not blank, and at most `max`
 * characters, each with its own message. `label` is the field's label as the page shows it.
 */
export function requiredText(label: string, required: string, max: number = shortTextMax) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label} must be ${max} characters or fewer.` });
}

// Section 5 and the specification README: an ordinary name@domain.tld address.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date as YYYY-MM-DD (UTC), the first date of birth that is not in the past. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
export const earliestBirthDate = "1900-01-01";

/** True only for a calendar date that exists: 2001-02-30 is refused rather than rolled over to March. */
function isRealDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Section 5: the checks run on submit in this order, and the first one that fails is the message the form shows.
 * An empty phone or email fails its rule too; next to the field it reads as missing ("Please enter ...").
 */
const orderedRules = [
  ["terms", "Please accept the terms & conditions."],
  ["phone", "Invalid phone number."],
  ["email", "Invalid email address."],
] as const;
const ruleMessage = Object.fromEntries(orderedRules) as Record<(typeof orderedRules)[number][0], string>;

/**
 * The /join form (section 2, "Join the {product}"; section 3, "Council application"). The club options come from
 * the club data, which only the server reads, so the loader hands their names to the page and both sides build the
 * same schema from them.
 */
export function createJoinSchema(clubNames: readonly string[]) {
  return z
    .object({
      name: requiredText("Full Name", "Please enter your full name."),
      email: requiredText("Email", "Please enter your email address.").regex(emailShape, { error: ruleMessage.email }),
      // The site's one phone rule (app/lib/phone.ts); anything it does not accept is the specified message.
      phone: z
        .string({ error: "Please enter your phone number." })
        .trim()
        .min(1, { error: "Please enter your phone number." })
        .refine(isMobileNumber, { error: ruleMessage.phone })
        .transform((phone) => canonicalPhone(phone) ?? phone),
      enrollment: requiredText("Enrollment Number", "Please enter your enrollment number."),
      dob: requiredText("Date of Birth", "Please enter your date of birth.")
        .refine(isRealDate, { error: "Please enter a valid date of birth.", abort: true })
        .refine((dob) => dob >= earliestBirthDate, { error: "Date of birth cannot be before 1900." })
        // ISO dates compare as strings; computed at each check so a long-lived server never goes stale.
        .refine((dob) => dob < todayIsoDate(), { error: "Date of birth must be in the past." }),
      gender: z.enum(["Male", "Female", "Other"], { error: "Please select your gender." }),
      college: z.enum(colleges, { error: "Please select your college." }),
      department: z.enum(departments, { error: "Please select your department." }),
      year: z.enum(yearsOfStudy, { error: "Please select your year of study." }),
      club: z.enum(clubNames, { error: "Please select a club." }),
      motivation: requiredText("Why do you want to join?", "Please tell us why you want to join.", longTextMax),
      terms: z.literal(true, { error: ruleMessage.terms }),
    })
    .superRefine(
      (_application, context) => {
        const failed = new Set(context.issues.map((issue) => issue.path?.[0]));
        const first = orderedRules.find(([field]) => failed.has(field));
        if (first) context.addIssue({ code: "custom", message: first[1], path: [] });
      },
      // Runs although fields failed: the form-level message is exactly about the fields that failed.
      { when: () => true },
    );
}
