import { z } from "./zod";
import { colleges, departments, yearsOfStudy } from "./join";
import { dateOfBirth, emailAddress, indianMobile, longTextMax, requiredText } from "./rules";

// Apart from the form's options and messages: the page renders those at once, and loads this (and zod) later.

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
