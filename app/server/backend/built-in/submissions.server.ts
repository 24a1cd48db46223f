import type { CouncilApplication, IdeaSubmission, Outcome, SubmissionStore, Suggestion } from "../council-backend.server";
import type { StoreDatabase } from "./database.server";
import { guarded, now, unavailable } from "./guard.server";

/**
 * What students send on their own: council applications, ideas and suggestions, one row each. Columns are named
 * one by one, so a value the form does not collect can never reach a table.
 */
export function createSubmissions(
  store: StoreDatabase,
): Pick<SubmissionStore, "applyToCouncil" | "shareIdea" | "sendSuggestion"> {
  return {
    applyToCouncil(application: CouncilApplication) {
      return guarded<Outcome>(
        "save a council application",
        async () => {
          const { name, email, phone, enrollment, dob, gender, college, department, year, club, motivation } = application;
          const row = { name, email, phone, enrollment, dob, gender, college, department, year, club, motivation };
          await store.write((trx) =>
            trx
              .insertInto("applications")
              .values({ ...row, terms: 1, created_at: now() })
              .execute(),
          );
          return { ok: true };
        },
        unavailable,
      );
    },

    shareIdea(idea: IdeaSubmission) {
      return guarded<Outcome>(
        "save an idea",
        async () => {
          const { name, enrollment, college, title, description, impact } = idea;
          const row = { name, enrollment, college, title, description, impact };
          await store.write((trx) => trx.insertInto("ideas").values({ ...row, created_at: now() }).execute());
          return { ok: true };
        },
        unavailable,
      );
    },

    sendSuggestion(suggestion: Suggestion) {
      return guarded<Outcome>(
        "save a suggestion",
        async () => {
          const { name, enrollment, college, problem, solution } = suggestion;
          const row = { name, enrollment, college, problem, solution };
          await store.write((trx) => trx.insertInto("suggestions").values({ ...row, created_at: now() }).execute());
          return { ok: true };
        },
        unavailable,
      );
    },
  };
}
