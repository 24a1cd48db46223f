import { z } from "./zod";
import type { FormTexts } from "./texts";

/** The profile page's buttons: Logout, and "Send the link again" while the e-mail is not confirmed. */
export function createLogoutSchema(texts: FormTexts) {
  return z.object({
    intent: z.enum(["logout", "send-verification"], { error: texts.logout.notAvailable }),
  });
}
