import { everyFieldRequired } from "./constraints";

export const ideaMessages = {
  /** The confirmation, with its rocket. */
  success: "Idea submitted successfully! 🚀",
  /** When the idea could not be kept: the site's wording for a form that failed to send. */
  failure: "Failed to submit. Try again.",
} as const;

/** The fields' HTML constraints, as the schema (ideas-schema.ts) gives them. */
export const ideaConstraint = everyFieldRequired(["name", "enrollment", "college", "title", "description", "impact"]);
