import { z } from "./zod";

/** What "Delete my account" answers: the form's own message, and the action's outcomes. */
export const deleteAccountMessages = {
  confirmRequired: "Type your College ID to confirm.",
  wrongCollegeId: "That is not your College ID. Nothing was deleted.",
  done: "Your account and everything you sent were erased.",
  failed: "Your data could not be erased right now. Nothing was deleted; please try again in a few minutes.",
} as const;

/** "Delete my account": the student types their College ID to confirm; the action compares it with the session's. */
export const deleteAccountSchema = z.object({
  collegeId: z
    .string({ error: deleteAccountMessages.confirmRequired })
    .trim()
    .min(1, deleteAccountMessages.confirmRequired)
    .max(64),
});
