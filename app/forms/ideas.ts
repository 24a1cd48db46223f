import { everyFieldRequired } from "./constraints";

/** The fields' HTML constraints, as the schema (ideas-schema.ts) gives them. */
export const ideaConstraint = everyFieldRequired(["name", "enrollment", "college", "title", "description", "impact"]);
