import { z } from "./zod";
import { emailAddress, requiredText, nameText } from "./rules";
import type { FormTexts } from "./texts";
import { idCardMaxBytes } from "./user-registration";

/**
 * "This College ID is mine": a student whose College ID already has an account tells the council, with their own ID
 * card, so a member can compare both cards. The fields and their messages are the registration form's; its words are
 * the catalogue's (forms.collegeIdClaim), in `texts`' language.
 */
export function createCollegeIdClaimSchema(texts: FormTexts) {
  const { collegeIdClaim: claim, idCard } = texts;
  return z.object({
    username: nameText(texts, claim.username),
    email: emailAddress(texts, claim.email),
    enrollment: requiredText(texts, claim.enrollment, 50),
    // The browser checks the size first; the server reads the bytes to make sure it really is an image.
    idCard: z.file({ error: idCard.missing }).max(idCardMaxBytes, idCard.tooLarge),
    consent: z.literal(true, { error: claim.consent.missing }),
  });
}
