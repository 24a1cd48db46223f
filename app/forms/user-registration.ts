import { everyFieldRequired } from "./constraints";

export const idCardMaxBytes = 5 * 1024 * 1024;

export const genders = ["Male", "Female", "Other"] as const;

// The form's words, the ID card's messages among them, are the catalogue's (forms.registration, forms.idCard).

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
