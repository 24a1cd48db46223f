import { z } from "./zod";
import type { FormTexts } from "./texts";

/** The verification link page's two buttons: Confirm (signed in to the link's account), and "This was not me". */
export const verifyEmailIntents = ["confirm", "not-me"] as const;

/**
 * The verification link's page: its buttons send the link's token back (opening the link changes nothing). A form
 * without the intent (an older page) means Confirm. Its messages, and the page's and the profile's outcomes, are the
 * catalogue's forms.verifyEmail.
 */
export function createVerifyEmailSchema(texts: FormTexts) {
  const { incomplete } = texts.verifyEmail;
  return z.object({
    token: z.string({ error: incomplete }).trim().min(1, incomplete).max(200, incomplete),
    intent: z.enum(verifyEmailIntents, { error: incomplete }).default("confirm"),
  });
}
