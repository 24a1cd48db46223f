import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as claimAction } from "~/routes/college-id-claim";
import { action as accountsAction } from "~/routes/council-accounts";
import { action as teamMemberAction } from "~/routes/sih-team-member";
import { action as verifyAction } from "~/routes/verify-email";
import { identity } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { storeTables } from "../support/store-engines";
import { caught, routeArgs, signInNewStudent } from "../support/routes";
import { answerOf, type FormUnderTest, hostileSubmission, idCard, requestFor } from "./hostile-forms";

/**
 * The forms an attacker reaches around e-mail and identity, fuzzed like every other form (hostile-forms.ts): the
 * College ID claim, each button of a verification link's page and of a team member's link page, and the council's
 * Accounts buttons pressed by a member. Every generated submission is an honest one with at least one hostile change,
 * and must answer 4xx with a message, never a 5xx or a throw, and store nothing.
 */

const runsPerForm = Number(process.env.FUZZ_RUNS ?? 300);
/** Shaped like a real link's token (256 random bits), and known to no link. */
const token = randomBytes(32).toString("base64url");

const forms: Record<string, FormUnderTest & { member?: boolean }> = {
  claim: {
    path: "/college-id-claim",
    multipart: true,
    valid: [
      ["username", "Asha Verma"],
      ["email", "asha.claim@example.org"],
      ["enrollment", "0187CS229901"],
      ["idCard", idCard()],
      ["consent", "on"],
    ],
    capped: [
      ["username", 200],
      ["enrollment", 50],
    ],
  },
  "verify-email confirm": { path: "/verify-email", valid: [["token", token]], capped: [] },
  "verify-email not-me": {
    path: "/verify-email",
    valid: [
      ["token", token],
      ["intent", "not-me"],
    ],
    capped: [],
  },
  ...Object.fromEntries(
    ["confirm", "remove", "tell"].map((intent) => [
      `team-member ${intent}`,
      {
        path: "/sih/team-member",
        valid: [
          ["token", token],
          ["intent", intent],
        ],
        capped: [],
      } satisfies FormUnderTest,
    ]),
  ),
  ...Object.fromEntries(
    ["confirm", "reject"].map((intent) => [
      `council accounts ${intent}`,
      {
        path: "/council/accounts",
        valid: [
          ["intent", intent],
          ["account", "0".repeat(32)],
        ],
        capped: [],
        member: true,
      } satisfies FormUnderTest & { member: boolean },
    ]),
  ),
  "council accounts resolve-claim": {
    path: "/council/accounts",
    valid: [
      ["intent", "resolve-claim"],
      ["claim", "999999"],
      ["resolution", "claimant"],
    ],
    capped: [],
    member: true,
  },
};

const actions: Record<string, (args: ReturnType<typeof routeArgs>) => Promise<unknown>> = {
  "/college-id-claim": claimAction,
  "/verify-email": verifyAction,
  "/sih/team-member": teamMemberAction,
  "/council/accounts": accountsAction,
};

let db: Database.Database;
let memberCookie = "";
const storedRows = () =>
  storeTables.map((table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n).join(",");

beforeAll(async () => {
  // A member for the Accounts buttons, and an account holding the claimed College ID, so the claim reaches its checks.
  ({ cookie: memberCookie } = await signInNewStudent(identity, {
    collegeId: "0187CS229900",
    email: "fuzz.member@example.org",
    username: "Fuzz Member",
    councilMember: true,
  }));
  await signInNewStudent(identity, { collegeId: "0187CS229901", email: "holder@example.org", username: "Holder" });
  db = new Database(process.env.DATABASE_PATH, { readonly: true });
});
afterAll(() => db?.close());

describe("the claim, the link pages and the Accounts buttons under hostile submissions", () => {
  for (const [name, form] of Object.entries(forms)) {
    it(`${name}: always a 4xx with a message, never a 5xx or a throw, and nothing stored`, async () => {
      await limits.reset();
      const before = storedRows();
      let count = 0;
      await fc.assert(
        fc.asyncProperty(hostileSubmission(form), async (entries) => {
          count += 1;
          const request = requestFor(form, entries);
          const sent = form.member ? new Request(request, { headers: { Cookie: memberCookie } }) : request;
          const { status, messages } = answerOf(await caught(actions[form.path]!(routeArgs(sent))));
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
          expect(messages.length).toBeGreaterThan(0);
          expect(messages.every((message) => message.trim().length > 0)).toBe(true);
        }),
        { numRuns: runsPerForm },
      );
      expect(count).toBeGreaterThanOrEqual(runsPerForm);
      expect(storedRows()).toBe(before);
    }, 240_000);
  }
});
