import { z } from "zod";
import { dateOfBirth, emailAddress, indianMobile, longTextMax, requiredText } from "./rules";

/** The choices the application form offers. The club list comes from the club data (see createJoinSchema). */
export const genderOptions = [
  { value: "Male", label: "Male" },
  { value: "Female", label: "Female" },
  // The value sent is "Other"; the visitor reads "Prefer not to say".
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

/** What the visitor reads after applying: the confirmation, or the message when it could not be sent. */
export const joinMessages = {
  success: "Form submitted successfully!",
  failure: "Failed to submit. Try again.",
} as const;

/** The application's toasts close after 4 seconds (the rest of the site's after 3). */
export const joinToastDurationMs = 4000;

/**
 * The checks run on submit in this order, and the first one that fails is the message the form shows.
 * An empty phone or email fails its rule too; next to the field it reads as missing ("Please enter ...").
 */
const orderedRules = [
  ["terms", "Please accept the terms & conditions."],
  ["phone", "Invalid phone number."],
  ["email", "Invalid email address."],
] as const;
const ruleMessage = Object.fromEntries(orderedRules) as Record<(typeof orderedRules)[number][0], string>;

/**
 * The /join form, an application to join the council. The club options come from the club data, which only the
 * server reads, so the loader hands their names to the page and both sides build the same schema from them.
 */
export function createJoinSchema(clubNames: readonly string[]) {
  return z
    .object({
      name: requiredText("Full Name", "Please enter your full name."),
      email: emailAddress({ missing: "Please enter your email address.", invalid: ruleMessage.email }),
      phone: indianMobile({ missing: "Please enter your phone number.", invalid: ruleMessage.phone }),
      enrollment: requiredText("Enrollment Number", "Please enter your enrollment number."),
      dob: dateOfBirth({
        missing: "Please enter your date of birth.",
        invalid: "Please enter a valid date of birth.",
        tooEarly: "Date of birth cannot be before 1900.",
        notPast: "Date of birth must be in the past.",
      }),
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
