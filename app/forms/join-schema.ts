import { z } from "./zod";
import { colleges, departments, yearsOfStudy } from "./join";
import { dateOfBirth, emailAddress, indianMobile, longTextMax, requiredText, nameText } from "./rules";
import type { FormTexts } from "./texts";

// Apart from the form's options: the page renders those at once, and loads this (and zod) later.

/** The checks run on submit in this order, and the first one that fails is the message the form shows. */
const orderedRules = ["terms", "phone", "email"] as const;

/**
 * The /join form, an application to join the council, with its messages in `texts`' language. The club options come
 * from the club data, which only the server reads, so the loader hands their names to the page and both sides build
 * the same schema from them.
 *
 * An empty phone or email fails its rule too: next to the field it reads as missing ("Please enter ..."), as the
 * form's message it is the rule's ("Invalid phone number.").
 */
export function createJoinSchema(texts: FormTexts, clubNames: readonly string[]) {
  const join = texts.join;
  const ruleMessage = { terms: join.terms.missing, phone: join.phone.invalid, email: join.email.invalid };
  return z
    .object({
      name: nameText(texts, join.name),
      email: emailAddress(texts, join.email),
      phone: indianMobile(join.phone),
      enrollment: requiredText(texts, join.enrollment),
      dob: dateOfBirth(texts, join.dob),
      gender: z.enum(["Male", "Female", "Other"], { error: join.gender.missing }),
      college: z.enum(colleges, { error: join.college.missing }),
      department: z.enum(departments, { error: join.department.missing }),
      year: z.enum(yearsOfStudy, { error: join.year.missing }),
      club: z.enum(clubNames, { error: join.club.missing }),
      motivation: requiredText(texts, join.motivation, longTextMax),
      terms: z.literal(true, { error: join.terms.missing }),
    })
    .superRefine(
      (_application, context) => {
        const failed = new Set(context.issues.map((issue) => issue.path?.[0]));
        const first = orderedRules.find((field) => failed.has(field));
        if (first) context.addIssue({ code: "custom", message: ruleMessage[first], path: [] });
      },
      // Runs although fields failed: the form-level message is exactly about the fields that failed.
      { when: () => true },
    );
}
