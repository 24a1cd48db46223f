import { z } from "./zod";
import type { FormTexts } from "./texts";

/**
 * The profile page's buttons: Logout, "Send the link again" while the e-mail is not confirmed, and "Tell my team's
 * members" on a team whose members wait for its proven leader, which names the team by its id (a row id: digits,
 * within what both engines' integer columns hold).
 */
export function createLogoutSchema(texts: FormTexts) {
  const { chooseTeam } = texts.teamMember;
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.enum(["logout", "send-verification"]) }),
      z.object({
        intent: z.literal("tell-members"),
        team: z
          .string({ error: chooseTeam })
          .regex(/^[1-9]\d{0,8}$/, chooseTeam)
          .transform(Number),
      }),
    ],
    { error: texts.logout.notAvailable },
  );
}
