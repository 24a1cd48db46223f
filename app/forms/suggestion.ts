import { everyFieldRequired } from "./constraints";

/** The fields' HTML constraints, as the schema (suggestion-schema.ts) gives them. */
export const suggestionConstraint = everyFieldRequired(["name", "enrollment", "college", "problem", "solution"]);
