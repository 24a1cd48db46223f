import { z } from "zod";

/**
 * The login form (section 2, "Login"; section 3, "Login payload": collegeId, password). Section 5 only says
 * both fields are required; the password is the date of birth as DDMMYYYY, checked by the backend.
 */
export const loginSchema = z.object({
  collegeId: z
    .string({ error: "Please enter your College ID." })
    .trim()
    .min(1, "Please enter your College ID.")
    .max(50, "College ID must be 50 characters or fewer."),
  // Not trimmed: the password is sent exactly as typed. Capped so nobody makes the server hash megabytes.
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(100, "Password must be 100 characters or fewer."),
});

export const loginMessages = {
  rejected: "Invalid College ID or Password.",
  unavailable: "Unable to connect to the server. Try again later.",
  success: "Login Successful!",
} as const;

/** Section 9: the success dialog shows for 1.5 s before the visitor goes home. */
export const loginSuccessDialogMs = 1500;
