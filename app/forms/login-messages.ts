// Kept apart from the schema: the login page shows these without loading the validation library first.
export const loginMessages = {
  rejected: "Invalid College ID or Password.",
  unavailable: "Unable to connect to the server. Try again later.",
  success: "Login Successful!",
} as const;

/** The success dialog shows for 1.5 s before the visitor goes home. */
export const loginSuccessDialogMs = 1500;

/** A page that sent the visitor here to sign in (/login?redirectTo=/council) gets them back afterwards. */
export const redirectField = "redirectTo";
