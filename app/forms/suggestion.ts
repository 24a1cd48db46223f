import { everyFieldRequired } from "./constraints";

export const suggestionMessages = {
  success: "Suggestion submitted successfully!",
  /** When the suggestion could not be kept: the site's wording for a form that failed to send. */
  failure: "Failed to submit. Try again.",
} as const;

/** The fields' HTML constraints, as the schema (suggestion-schema.ts) gives them. */
export const suggestionConstraint = everyFieldRequired(["name", "enrollment", "college", "problem", "solution"]);
