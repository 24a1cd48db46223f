import Database from "better-sqlite3";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as registrationAction } from "~/routes/user-profile-registration";
import { identity } from "~/server/backend/running-backends.server";
import { limitPolicies, limits } from "~/server/requests/limits.server";
import { sampleStudent, tinyPng } from "./backend/samples";
import { headersOf, routeArgs, statusOf } from "./support/routes";

/**
 * Bursts against the real built-in store (a temporary SQLite database, scrypt password hashes): the limits are
 * reserved before the slow work, so parallel requests cannot slip past them.
 */

const args = routeArgs;

function registration(enrollment: string, client: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries({
    ...sampleStudent,
    enrollment,
    email: `${enrollment}@example.org`,
    phone: "9876543210",
  })) {
    body.append(name, value);
  }
  body.append("idCard", new File([new Uint8Array(tinyPng)], "id.png", { type: "image/png" }));
  body.append("consent", "on");
  return new Request("http://localhost/userProfileRegistration", {
    method: "POST",
    body,
    headers: { "X-Client-Address": client },
  });
}

beforeEach(async () => {
  await limits.reset();
});

describe("bursts", () => {
  it("30 parallel wrong passwords for one College ID from 30 addresses: at most 5 reach the password check", async () => {
    expect(statusOf(await registrationAction(args(registration("0101CS229999", "192.0.2.1")) as never))).toBe(302);
    const checks = vi.spyOn(identity, "logIn");
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, client) =>
          loginAction(
            args(
              new Request("http://localhost/login", {
                method: "POST",
                headers: {
                  "Content-Type": "application/x-www-form-urlencoded",
                  "X-Client-Address": `203.0.113.${client + 1}`,
                },
                body: new URLSearchParams({ collegeId: "0101CS229999", password: "01011999" }),
              }),
            ) as never,
          ),
        ),
      );
      const statuses = results.map(statusOf);
      expect(checks.mock.calls.length).toBeLessThanOrEqual(limitPolicies["login-id"].points);
      expect(statuses.filter((status) => status === 401)).toHaveLength(checks.mock.calls.length);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checks.mock.calls.length);
      for (const result of results.filter((result) => statusOf(result) === 429)) {
        expect(Number(headersOf(result).get("Retry-After"))).toBeGreaterThan(0);
      }
    } finally {
      checks.mockRestore();
    }
  }, 30_000);

  it("25 registrations in a row from one client: the 11th and later answer 429 with Retry-After, 10 accounts exist", async () => {
    const db = new Database(process.env.DATABASE_PATH, { readonly: true });
    const accounts = () =>
      (db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE enrollment LIKE 'BURST%'").get() as { n: number }).n;
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 25; index += 1) {
        const result = await registrationAction(args(registration(`BURST${index}`, "198.51.100.77")));
        statuses.push(statusOf(result));
        if (statusOf(result) === 429) {
          expect(Number(headersOf(result).get("Retry-After"))).toBeGreaterThan(0);
          const reply = (result as { data: { error: Record<string, string[]> } }).data;
          expect(reply.error[""]?.[0]).toMatch(
            /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
          );
        }
      }
      const allowed = limitPolicies.register.points;
      expect(statuses).toEqual([...Array<number>(allowed).fill(302), ...Array<number>(25 - allowed).fill(429)]);
      expect(accounts()).toBe(allowed);
    } finally {
      db.close();
    }
  }, 60_000);
});
