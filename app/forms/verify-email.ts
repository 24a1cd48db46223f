import { z } from "./zod";
import type { FormTexts } from "./texts";

/**
 * The verification link's page: its Confirm button sends the link's token back (opening the link changes nothing).
 * Its messages, and the page's and the profile's outcomes, are the catalogue's forms.verifyEmail.
 */
export function createVerifyEmailSchema(texts: FormTexts) {
  const { incomplete } = texts.verifyEmail;
  return z.object({
    token: z.string({ error: incomplete }).trim().min(1, incomplete).max(200, incomplete),
  });
}
