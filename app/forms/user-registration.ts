import { everyFieldRequired } from "./constraints";

export const idCardMaxBytes = 5 * 1024 * 1024;

/** Also used by the server's check of the image bytes (id-card.server.ts). */
export const idCardMessages = {
  missing: "Please choose an image of your ID card.",
  notAnImage: "The ID card must be an image (PNG, JPEG, GIF or WebP).",
  tooLarge: "The ID card image must be 5 MB or smaller.",
} as const;

export const genders = ["Male", "Female", "Other"] as const;

export const registrationMessages = {
  success: "Registration Successful!",
  failed: "Something went wrong!",
  chooseFileAgain:
    "Browsers cannot keep a chosen file after a failed submit: if the ID Card field is empty, please choose the image again.",
} as const;

/** The success dialog shows for 2.5 s before the visitor goes home. */
export const registrationSuccessDialogMs = 2500;

/**
 * The fields' HTML constraints, as data so the page renders them before the schema (user-registration-schema.ts)
 * has loaded. No `required` on the consent box: an unticked box reaches the schema, which says why it matters.
 */
export const registrationConstraint = everyFieldRequired([
  "username",
  "email",
  "enrollment",
  "college",
  "branch",
  "phone",
  "dob",
  "gender",
  "idCard",
]);
