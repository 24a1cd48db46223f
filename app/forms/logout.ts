import { z } from "./zod";

/** The profile page's Logout button: the only action that page takes. */
export const logoutSchema = z.object({
  intent: z.literal("logout", { error: "That action is not available on this page." }),
});
