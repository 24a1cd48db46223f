import { z } from "./zod";
import type { FormTexts } from "./texts";

/**
 * "Delete my account", with its messages in `texts`' language (forms.deleteAccount, which also holds the action's
 * outcomes): the student types their College ID to confirm; the action compares it with the session's.
 */
export function createDeleteAccountSchema(texts: FormTexts) {
  const { confirmRequired } = texts.deleteAccount;
  return z.object({
    collegeId: z.string({ error: confirmRequired }).trim().min(1, confirmRequired).max(64),
  });
}
