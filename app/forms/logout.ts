import { z } from "./zod";

/** The profile page's buttons: Logout, and "Send the link again" while the e-mail is not confirmed. */
export const logoutSchema = z.object({
  intent: z.enum(["logout", "send-verification"], { error: "That action is not available on this page." }),
});
