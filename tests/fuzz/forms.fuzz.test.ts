import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as ideasAction } from "~/routes/ideas";
import { action as joinAction } from "~/routes/join";
import { action as loginAction } from "~/routes/login";
import { action as teamAction } from "~/routes/sih-registration";
import { action as suggestionAction } from "~/routes/suggestion";
import { action as profileAction } from "~/routes/user-profile";
import { action as registrationAction } from "~/routes/user-profile-registration";
import { registrationState } from "~/time/registration-window";
import { events } from "~/content/content.server";
import { limits } from "~/server/requests/limits.server";
import { storeTables } from "../support/store-engines";
import { routeArgs } from "../support/routes";
import { answerOf, forms, hostileSubmission, requestFor } from "./hostile-forms";

/**
 * Property-based fuzzing of every form's action with the real built-in store (a temporary SQLite database): each
 * generated submission is an honest one with at least one hostile change (see hostile-forms.ts). Every one must
 * answer 4xx with a message (never throw, never 5xx) and store nothing.
 */

const runsPerForm = Number(process.env.FUZZ_RUNS ?? 1000);

const actions: Record<keyof typeof forms, (args: ReturnType<typeof routeArgs>) => Promise<unknown>> = {
  join: joinAction,
  suggestion: suggestionAction,
  ideas: ideasAction,
  login: loginAction,
  registration: registrationAction,
  team: teamAction,
  logout: profileAction,
};

let db: Database.Database;
const storedRows = () =>
  storeTables.map((table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n).join(",");

beforeAll(async () => {
  // The routes' store, opened (it opens at its first use); then the same file, to count its rows.
  await (await import("~/server/backend/running-backends.server")).checkStore();
  db = new Database(process.env.DATABASE_PATH, { readonly: true });
});
afterAll(() => db?.close());

describe("every form's action under hostile submissions", () => {
  it("fuzzes the team form while its registration window is open, so the submissions reach its checks", () => {
    // Closed, every team would be refused with 403 before its fields are read (the tests' content keeps it open).
    expect(registrationState(events.hackathon.registration).state).toBe("open");
  });

  const ran: Record<string, number> = {};
  afterAll(() => {
    console.log(
      `Fuzz cases run per form: ${Object.entries(ran)
        .map(([form, count]) => `${form} ${count}`)
        .join(", ")}`,
    );
  });

  for (const [name, form] of Object.entries(forms)) {
    it(`${name}: always a 4xx with a message, never a 5xx or a throw, and nothing stored`, async () => {
      await limits.reset();
      const before = storedRows();
      let count = 0;
      await fc.assert(
        fc.asyncProperty(hostileSubmission(form), async (entries) => {
          count += 1;
          const { status, messages } = answerOf(await actions[name]!(routeArgs(requestFor(form, entries))));
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
          expect(messages.length).toBeGreaterThan(0);
          expect(messages.every((message) => message.trim().length > 0)).toBe(true);
        }),
        { numRuns: runsPerForm },
      );
      ran[name] = count;
      expect(count).toBeGreaterThanOrEqual(runsPerForm);
      expect(storedRows()).toBe(before);
    }, 240_000);
  }
});
