import { z } from "./zod";
import { englishEmailAddress as emailAddress, englishRequiredText as requiredText } from "./rules";
import { idCardMaxBytes, idCardMessages } from "./user-registration";

/**
 * "This College ID is mine": a student whose College ID already has an account tells the council, with their own ID
 * card, so a member can compare both cards. The fields and their messages are the registration form's.
 */
export const collegeIdClaimSchema = z.object({
  username: requiredText("Full Name", "Please enter your full name."),
  email: emailAddress({ missing: "Please enter your email.", invalid: "Invalid email address." }),
  enrollment: requiredText("Enrollment Number", "Please enter your enrollment number.", 50),
  // The browser checks the size first; the server reads the bytes to make sure it really is an image.
  idCard: z.file({ error: idCardMessages.missing }).max(idCardMaxBytes, idCardMessages.tooLarge),
  consent: z.literal(true, { error: "Please agree to the privacy notice to send this." }),
});

export const collegeIdClaimMessages = {
  sent: "We sent your message to the council. They will compare both ID cards and write to you.",
  failed: "Something went wrong! Please try again later.",
} as const;
