import { z } from "zod";
import { canonicalPhone, isMobileNumber } from "~/lib/phone";
import { shortTextMax } from "./join";

/**
 * The user registration form (section 2, "User registration"; section 3, "User registration form"). Every field
 * is required. The phone follows the site's one rule (app/lib/phone.ts) and is stored with +91.
 */

export const idCardMaxBytes = 5 * 1024 * 1024;

/** Also used by the server's check of the image bytes (id-card.server.ts). */
export const idCardMessages = {
  missing: "Please choose an image of your ID card.",
  notAnImage: "The ID card must be an image (PNG, JPEG, GIF or WebP).",
  tooLarge: "The ID card image must be 5 MB or smaller.",
} as const;

export const genders = ["Male", "Female", "Other"] as const;

/** A real calendar date written YYYY-MM-DD (what a date input submits), not 2001-02-30. */
function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Required, trimmed, and capped far above an honest entry (the label is the field's as the page shows it). */
const required = (field: string, label: string, max: number = shortTextMax) =>
  z
    .string({ error: `Please enter your ${field}.` })
    .trim()
    .min(1, `Please enter your ${field}.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

export const userRegistrationSchema = z.object({
  username: required("full name", "Full Name"),
  email: z
    .string({ error: "Please enter your email." })
    .trim()
    .max(shortTextMax, "Email must be 200 characters or fewer.")
    .pipe(z.email("Invalid email address.")),
  // The College ID people sign in with: short, and Firebase's uid limit (128) is far above it.
  enrollment: required("enrollment number", "Enrollment Number", 50),
  college: required("college name", "College Name"),
  branch: required("branch", "Branch"),
  phone: z
    .string({ error: "Phone number must be 10 digits." })
    .refine(isMobileNumber, "Phone number must be 10 digits.")
    .transform((phone) => canonicalPhone(phone) ?? phone),
  dob: z
    .string({ error: "Please enter your date of birth." })
    .refine(isRealDate, "Please enter a real date of birth.")
    .refine((dob) => dob < today(), "The date of birth must be in the past."),
  gender: z.enum(genders, { error: "Please select your gender." }),
  // The browser checks the size so the visitor learns it before uploading; the server reads the bytes
  // (id-card.server.ts) to make sure it really is an image.
  idCard: z.file({ error: idCardMessages.missing }).max(idCardMaxBytes, idCardMessages.tooLarge),
  // Last, as the box sits just above Register: the account keeps these details, so the student agrees first.
  consent: z.literal(true, { error: "Please agree to the privacy notice to register." }),
});

export type UserRegistration = z.output<typeof userRegistrationSchema>;

export const registrationMessages = {
  success: "Registration Successful!",
  failed: "Something went wrong!",
  chooseFileAgain:
    "Browsers cannot keep a chosen file after a failed submit: if the ID Card field is empty, please choose the image again.",
} as const;

/** Section 9: the success dialog shows for 2.5 s before the visitor goes home. */
export const registrationSuccessDialogMs = 2500;
