import { z } from "./zod";
import { dateOfBirth, emailAddress, indianMobile, requiredText, nameText } from "./rules";
import type { FormTexts } from "./texts";
import { genders, idCardMaxBytes } from "./user-registration";

// Apart from the form's options and constraint: the page renders those at once, and loads this (and zod) later.

/**
 * The user registration form, which creates a student's account, with its messages in `texts`' language. Every field
 * is required.
 */
export function createUserRegistrationSchema(texts: FormTexts) {
  const { registration, idCard } = texts;
  return z.object({
    username: nameText(texts, registration.username),
    email: emailAddress(texts, registration.email),
    // The College ID people sign in with: short, and Firebase's uid limit (128) is far above it.
    enrollment: requiredText(texts, registration.enrollment, 50),
    college: requiredText(texts, registration.college),
    branch: requiredText(texts, registration.branch),
    phone: indianMobile(registration.phone),
    dob: dateOfBirth(texts, registration.dob),
    gender: z.enum(genders, { error: registration.gender.missing }),
    // The browser checks the size so the visitor learns it before uploading; the server reads the bytes
    // (id-card.server.ts) to make sure it really is an image.
    idCard: z.file({ error: idCard.missing }).max(idCardMaxBytes, idCard.tooLarge),
    // Last, as the box sits just above Register: the account keeps these details, so the student agrees first.
    consent: z.literal(true, { error: registration.consent.missing }),
  });
}
