/**
 * The profile's forms' words: logging out, deleting the account: one part of the catalogue's forms area (en/forms.ts).
 */

/** The profile's Logout button. */
export const logout = {
  done: "You have been logged out.",
  failed: "Logout failed. You are still signed in.",
  notAvailable: "That action is not available on this page.",
} as const;

export const deleteAccount = {
  collegeId: { label: "Type your College ID to confirm" },
  submit: "Delete my account for good",
  pending: "Deleting...",
  confirmRequired: "Type your College ID to confirm.",
  wrongCollegeId: "That is not your College ID. Nothing was deleted.",
  done: "Your account and everything you sent were erased.",
  failed: "Your data could not be erased right now. Nothing was deleted; please try again in a few minutes.",
} as const;
