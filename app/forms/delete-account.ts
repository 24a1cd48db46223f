import { z } from "./zod";
import { deleteAccountMessages } from "~/lib/students-data";

/** "Delete my account": the student types their College ID to confirm; the action compares it with the session's. */
export const deleteAccountSchema = z.object({
  collegeId: z
    .string({ error: deleteAccountMessages.confirmRequired })
    .trim()
    .min(1, deleteAccountMessages.confirmRequired)
    .max(64),
});
