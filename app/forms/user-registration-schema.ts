import { z } from "./zod";
import {
  englishDateOfBirth as dateOfBirth,
  englishEmailAddress as emailAddress,
  indianMobile,
  englishRequiredText as requiredText,
} from "./rules";
import { genders, idCardMaxBytes, idCardMessages } from "./user-registration";

// Apart from the form's options and messages: the page renders those at once, and loads this (and zod) later.

/** The user registration form, which creates a student's account. Every field is required. */
export const userRegistrationSchema = z.object({
  username: requiredText("Full Name", "Please enter your full name."),
  email: emailAddress({ missing: "Please enter your email.", invalid: "Invalid email address." }),
  // The College ID people sign in with: short, and Firebase's uid limit (128) is far above it.
  enrollment: requiredText("Enrollment Number", "Please enter your enrollment number.", 50),
  college: requiredText("College Name", "Please enter your college name."),
  branch: requiredText("Branch", "Please enter your branch."),
  phone: indianMobile({ missing: "Phone number must be 10 digits.", invalid: "Phone number must be 10 digits." }),
  dob: dateOfBirth({
    missing: "Please enter your date of birth.",
    invalid: "Please enter a real date of birth.",
    tooEarly: "Please enter a real date of birth.",
    notPast: "The date of birth must be in the past.",
  }),
  gender: z.enum(genders, { error: "Please select your gender." }),
  // The browser checks the size so the visitor learns it before uploading; the server reads the bytes
  // (id-card.server.ts) to make sure it really is an image.
  idCard: z.file({ error: idCardMessages.missing }).max(idCardMaxBytes, idCardMessages.tooLarge),
  // Last, as the box sits just above Register: the account keeps these details, so the student agrees first.
  consent: z.literal(true, { error: "Please agree to the privacy notice to register." }),
});
