import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StoreConfig } from "~/server/backend/built-in/store.server";
import { log } from "~/server/ops/log.server";
import { hashCost, hashPassword, productionCost, verifyPassword } from "~/server/accounts/passwords.server";
import { countOf, queryRows, useStoreEngines } from "../support/store-engines";
import {
  provenLeaderOf,
  sampleAccount as account,
  sampleApplication as application,
  sampleProfile,
  sampleTeam as team,
  studentPassword as accountPassword,
  tinyPng,
} from "./samples";

/** The built-in store's behaviour that must hold on both engines: the same guarantees, whatever runs it. */

const { engines } = useStoreEngines();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

for (const engine of engines) {
  /** A new empty store and its configuration, for looking at its rows from outside. */
  const freshStore = async () => {
    const config = await engine.freshConfig();
    const store = engine.open(config);
    await store.database.ready();
    return { store, config };
  };

  describe(`the built-in store on ${engine.name}`, () => {
    it("names its engine in its description", async () => {
      const { store, config } = await freshStore();
      expect(store.description).toEqual(
        config.engine === "sqlite"
          ? `built-in store (SQLite at ${config.path})`
          : expect.stringMatching(/^built-in store \(PostgreSQL at 127\.0\.0\.1:\d+\/store_\w+\)$/),
      );
      expect(store.description).not.toContain("council@");
    });

    describe("profile details kept for Firebase accounts", () => {
      const details = { college: "TIT", branch: "CSE", dob: "2004-03-09", gender: "Male" };

      it("keeps the details and the ID card by uid, and gives the details back without the image", async () => {
        const { store, config } = await freshStore();
        expect(await store.profiles.profileOf("0187CS221042")).toBeUndefined();
        await store.profiles.saveProfile(
          { uid: "0187CS221042", createdAt: "Mon, 01 Jan 2026 00:00:00 GMT" },
          {
            ...details,
            email: "student@example.org",
            idCard: { mediaType: "image/png", bytes: tinyPng },
          },
        );
        expect(await store.profiles.profileOf("0187CS221042")).toEqual(details);
        expect(await store.profiles.profileOf("0187cs221042"), "uids are exact, as in Firebase").toBeUndefined();

        const [row] = await queryRows<{ id_card_type: string; id_card: Buffer }>(
          config,
          "SELECT id_card_type, id_card FROM profiles",
        );
        expect(row!.id_card_type).toBe("image/png");
        expect(Buffer.compare(row!.id_card, tinyPng)).toBe(0);
      });

      it("a second save for the same uid replaces the first (an account deleted in Firebase and registered again)", async () => {
        const { store, config } = await freshStore();
        await store.profiles.saveProfile(
          { uid: "0187CS221042", createdAt: "Mon, 01 Jan 2026 00:00:00 GMT" },
          {
            ...details,
            email: "student@example.org",
            idCard: { mediaType: "image/png", bytes: tinyPng },
          },
        );
        await store.profiles.saveProfile(
          { uid: "0187CS221042", createdAt: "Mon, 01 Jan 2026 00:00:00 GMT" },
          {
            ...details,
            email: "student@example.org",
            branch: "IT",
            idCard: { mediaType: "image/png", bytes: tinyPng },
          },
        );
        expect(await store.profiles.profileOf("0187CS221042")).toEqual({ ...details, branch: "IT" });
        expect(await countOf(config, "SELECT COUNT(*) FROM profiles")).toBe(1);
      });

      it("rejects when the database is closed, so the Firebase adapter can undo the account", async () => {
        const { store } = await freshStore();
        await store.close();
        await expect(
          store.profiles.saveProfile(
            { uid: "X1", createdAt: "Mon, 01 Jan 2026 00:00:00 GMT" },
            { ...details, email: "x1@example.org", idCard: { mediaType: "image/png", bytes: tinyPng } },
          ),
        ).rejects.toThrow();
      });
    });

    describe("accounts and sessions", () => {
      it("keeps the password only as a salted scrypt hash, never the DDMMYYYY text", async () => {
        const { store, config } = await freshStore();
        expect(await store.registerAccount(account)).toEqual({ ok: true });
        const [row] = await queryRows<{ password_hash: string; id_card_type: string; id_card: Buffer }>(
          config,
          "SELECT password_hash, id_card_type, id_card FROM accounts",
        );
        expect(row!.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]{20,}\$[A-Za-z0-9+/=]{40,}$/);
        expect(row!.password_hash).not.toContain(accountPassword);
        expect(await verifyPassword(accountPassword, row!.password_hash)).toBe(true);
        expect(row!.id_card_type).toBe("image/png");
        expect(Buffer.compare(row!.id_card, tinyPng)).toBe(0);

        if (config.engine === "sqlite") {
          await store.close();
          for (const file of [config.path, `${config.path}-wal`].filter(existsSync)) {
            expect(readFileSync(file).includes(accountPassword)).toBe(false);
          }
        }
      });

      it("keeps only a hash of each session token", async () => {
        const { store, config } = await freshStore();
        await store.registerAccount(account);
        const login = await store.logIn(account.enrollment, accountPassword);
        if (!login.ok) throw new Error("login failed");
        const stored = await queryRows<{ token_hash: string }>(config, "SELECT token_hash FROM sessions");
        expect(stored).toHaveLength(1);
        expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(stored[0]!.token_hash).not.toContain(login.value);
      });

      it("accepts the College ID in any letter case and with spaces around it", async () => {
        const { store } = await freshStore();
        await store.registerAccount(account);
        expect((await store.logIn("  0187cs221042 ", accountPassword)).ok).toBe(true);
      });

      it("refuses a second account with the same Enrollment Number in other letter case", async () => {
        const { store, config } = await freshStore();
        expect(await store.registerAccount(account)).toEqual({ ok: true });
        expect(
          await store.registerAccount({ ...account, enrollment: "0187cs221042", email: "other@example.org" }),
        ).toEqual({
          ok: false,
          reason: "rejected",
          refusal: { code: "collegeIdTaken" },
        });
        expect(await countOf(config, "SELECT COUNT(*) FROM accounts")).toBe(1);
      });

      it("refuses a wrong password without a message, so the login page shows the specified text", async () => {
        const { store } = await freshStore();
        await store.registerAccount(account);
        expect(await store.logIn(account.enrollment, "2004-03-09")).toEqual({ ok: false, reason: "rejected" });
        expect(await store.logIn("0187CS229999", accountPassword)).toEqual({ ok: false, reason: "rejected" });
      });

      it("shows the profile fields of the signed-in student, and the council role once granted", async () => {
        const { store } = await freshStore();
        await store.registerAccount(account);
        const login = await store.logIn(account.enrollment, accountPassword);
        if (!login.ok) throw new Error("login failed");
        expect(await store.whoIsSignedIn(login.value)).toEqual({
          status: "signed-in",
          user: sampleProfile,
          collegeId: "0187CS221042",
          councilMember: false,
          accountKey: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
          emailVerified: false,
        });
        expect(await store.grantCouncilRole("0187cs221042")).toMatchObject({ ok: true, value: { changed: true } });
        expect(await store.whoIsSignedIn(login.value)).toMatchObject({ status: "signed-in", councilMember: true });
        expect(await store.grantCouncilRole("0187CS221042")).toMatchObject({ ok: true, value: { changed: false } });
        expect(await store.revokeCouncilRole("0187CS221042")).toMatchObject({ ok: true, value: { changed: true } });
        expect(await store.whoIsSignedIn(login.value)).toMatchObject({ status: "signed-in", councilMember: false });
      });

      it("a session is signed in for seven days, then signed out", async () => {
        const { store } = await freshStore();
        await store.registerAccount(account);
        const login = await store.logIn(account.enrollment, accountPassword);
        if (!login.ok) throw new Error("login failed");
        const day = 24 * 60 * 60 * 1000;
        const loggedInAt = Date.now();

        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(loggedInAt + 6 * day);
        expect((await store.whoIsSignedIn(login.value)).status).toBe("signed-in");
        vi.setSystemTime(loggedInAt + 7 * day + 60_000);
        expect(await store.whoIsSignedIn(login.value)).toEqual({ status: "signed-out" });
      });
    });

    describe("team registration", () => {
      it("refuses its proven leader a member who is already in another team, and saves nothing of the second team", async () => {
        const { store, config } = await freshStore();
        const first = team("Pixel Pioneers", "pixel");
        expect((await store.registerTeam(first, provenLeaderOf(first, "pixel-key"))).ok).toBe(true);

        // Said only to the proven leader: a stranger's team is kept with its members waiting (tests/attacks).
        const second = team("Logic Lords", "logic");
        second.members[4] = { ...second.members[4]!, email: "PIXEL.member3@example.org" };
        expect(await store.registerTeam(second, provenLeaderOf(second, "logic-key"))).toEqual({
          ok: false,
          reason: "rejected",
          refusal: { code: "inAnotherTeam", email: "PIXEL.member3@example.org" },
        });

        expect(await store.listTeams()).toMatchObject({ ok: true, value: [{ teamName: "Pixel Pioneers" }] });
        expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(1);
        expect(await countOf(config, "SELECT COUNT(*) FROM team_members")).toBe(6);
        expect(await countOf(config, "SELECT COUNT(*) FROM team_members WHERE email LIKE 'logic.%'")).toBe(0);
      });

      it("refuses a team that lists the same email twice, and saves nothing", async () => {
        const { store, config } = await freshStore();
        const twice = team("Echo Chamber", "echo");
        twice.members[5] = { ...twice.members[5]!, email: " Echo.Member2@example.org " };
        expect(await store.registerTeam(twice)).toEqual({
          ok: false,
          reason: "rejected",
          refusal: { code: "listedTwice", email: "Echo.Member2@example.org" },
        });
        expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(0);
        expect(await countOf(config, "SELECT COUNT(*) FROM team_members")).toBe(0);
      });

      it("names the team that has the name when it is reused in other letter case", async () => {
        const { store } = await freshStore();
        await store.registerTeam(team("Pixel Pioneers", "first"));
        expect(await store.registerTeam(team("PIXEL PIONEERS", "second"))).toEqual({
          ok: false,
          reason: "rejected",
          refusal: { code: "teamNameTaken", team: "Pixel Pioneers" },
        });
      });
    });

    describe("one application per student", () => {
      it("refuses a second application with the same e-mail or enrollment number, naming when the first arrived", async () => {
        const { store, config } = await freshStore();
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(new Date("2026-11-03T08:35:00Z"));
        expect(await store.applyToCouncil(application)).toEqual({ ok: true });
        vi.setSystemTime(new Date("2026-11-20T10:00:00Z"));
        const refusal = {
          ok: false,
          reason: "rejected",
          refusal: { code: "alreadyApplied", date: new Date("2026-11-03T08:35:00Z") },
        };
        expect(
          await store.applyToCouncil({
            ...application,
            email: application.email.toUpperCase(),
            enrollment: "0187XX000001",
          }),
        ).toEqual(refusal);
        expect(
          await store.applyToCouncil({
            ...application,
            email: "other@example.org",
            enrollment: ` ${application.enrollment.toLowerCase()} `,
          }),
        ).toEqual(refusal);
        expect(
          await store.applyToCouncil({ ...application, email: "other@example.org", enrollment: "0187XX000001" }),
        ).toEqual({ ok: true });
        expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(2);
      });
    });

    describe("under concurrency, from five store instances on the same data (five replicas)", () => {
      const replicas = async () => {
        const config = await engine.freshConfig();
        const stores = Array.from({ length: 5 }, () => engine.open(config));
        await Promise.all(stores.map((store) => store.database.ready()));
        return { stores, config };
      };

      it("50 registrations of one team name in other letter cases leave exactly one team and its six members", async () => {
        const { stores, config } = await replicas();
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            stores[index % 5]!.registerTeam(team(index % 2 ? "Null Pointers" : "NULL POINTERS", `s${index}`)),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
        for (const refusal of outcomes.filter((outcome) => !outcome.ok)) {
          expect(refusal).toMatchObject({
            reason: "rejected",
            refusal: { code: "teamNameTaken", team: expect.any(String) as string },
          });
        }
        await expectExactlyOneTeamOfSix(config);
      });

      it("50 teams from their proven leaders that all list one e-mail (in other letter cases) leave exactly one team holding it", async () => {
        const { stores, config } = await replicas();
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) => {
            const contested = team(`Team ${index}`, `t${index}`);
            contested.members[3] = {
              ...contested.members[3]!,
              email: index % 2 ? "Shared.Person@example.org" : "shared.person@EXAMPLE.org",
            };
            return stores[index % 5]!.registerTeam(contested, provenLeaderOf(contested, `key-${index}`));
          }),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
        for (const refusal of outcomes.filter((outcome) => !outcome.ok)) {
          expect(refusal).toMatchObject({
            reason: "rejected",
            refusal: { code: "inAnotherTeam", email: expect.any(String) as string },
          });
        }
        await expectExactlyOneTeamOfSix(config);
      });

      it("50 registrations of one enrollment number leave exactly one account", async () => {
        const { stores, config } = await replicas();
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            stores[index % 5]!.registerAccount({ ...account, enrollment: index % 2 ? "0187CS221042" : "0187cs221042" }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
        expect(await countOf(config, "SELECT COUNT(*) FROM accounts")).toBe(1);
      }, 90_000); // 50 scrypt hashes on a busy 2-core machine

      it("50 applications of one student sent at once leave exactly one", async () => {
        const { stores, config } = await replicas();
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            stores[index % 5]!.applyToCouncil({
              ...application,
              email: index % 2 ? application.email : application.email.toUpperCase(),
            }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
        expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(1);
      });

      it("two members triaging one entry at once record one change", async () => {
        const { stores, config } = await replicas();
        expect(await stores[0]!.applyToCouncil(application)).toEqual({ ok: true });
        const outcomes = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            stores[index % 5]!.inbox.triage({ entryId: "application-1", action: "accept", by: `MEMBER${index}` }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok && outcome.value.changed)).toHaveLength(1);
        expect(await countOf(config, "SELECT COUNT(*) FROM triage_log")).toBe(1);
      });
    });

    describe("when its database fails", () => {
      it("answers unavailable to every call once the database is closed, and throws nothing", async () => {
        const { store } = await freshStore();
        const logged = vi.spyOn(log, "error").mockImplementation(() => {});
        await store.close();

        expect(await store.applyToCouncil(application)).toEqual({ ok: false, reason: "unavailable" });
        expect(await store.registerAccount(account)).toEqual({ ok: false, reason: "unavailable" });
        expect(await store.logIn(account.enrollment, accountPassword)).toEqual({ ok: false, reason: "unavailable" });
        expect(await store.whoIsSignedIn("some-token")).toEqual({ status: "unavailable" });
        expect(await store.logOut("some-token")).toEqual({ ok: false, reason: "unavailable" });
        expect(await store.registerTeam(team("Pixel Pioneers", "pixel"))).toEqual({ ok: false, reason: "unavailable" });
        expect(await store.listTeams()).toEqual({ ok: false, reason: "unavailable" });
        expect(logged).toHaveBeenCalledTimes(7);
      });

      it("answers unavailable when a table has gone, logging the fault without the applicant's details", async () => {
        const { store, config } = await freshStore();
        const logged = vi.spyOn(log, "error").mockImplementation(() => {});
        await dropTable(config, "applications");

        expect(await store.applyToCouncil(application)).toEqual({ ok: false, reason: "unavailable" });
        const lines = logged.mock.calls.flat().map(String).join("\n");
        expect(lines).toMatch(/applications/);
        for (const personal of [application.name, application.email, application.phone, application.enrollment]) {
          expect(lines).not.toContain(personal);
        }
        // The rest of the store still answers.
        expect(await store.listTeams()).toEqual({ ok: true, value: [] });
      });
    });
  });

  async function dropTable(config: StoreConfig, table: string) {
    if (config.engine === "sqlite") {
      const { default: Database } = await import("better-sqlite3");
      const admin = new Database(config.path);
      admin.exec(`DROP TABLE ${table}`);
      admin.close();
      return;
    }
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: config.url });
    await admin.connect();
    await admin.query(`DROP TABLE ${table}`);
    await admin.end();
  }
}

describe("password hashing", () => {
  it("hashes with scrypt and a fresh salt each time", async () => {
    const first = await hashPassword("09032004");
    const second = await hashPassword("09032004");
    expect(first).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("09032004");
  });

  it("hashes at N = 2^15 everywhere but a test process that asks for cheap hashes", () => {
    expect(productionCost).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(hashCost({ NODE_ENV: "production" })).toBe(productionCost);
    expect(hashCost({ NODE_ENV: "production", FAST_PASSWORD_HASHES: "1" })).toBe(productionCost);
    expect(hashCost({ NODE_ENV: "development", FAST_PASSWORD_HASHES: "1" })).toBe(productionCost);
    expect(hashCost({ NODE_ENV: "test" })).toBe(productionCost);
    expect(hashCost({ NODE_ENV: "test", FAST_PASSWORD_HASHES: "1" }).N).toBeLessThan(productionCost.N);
  });

  it("verifies a hash made at the production cost", async () => {
    const saved = process.env.FAST_PASSWORD_HASHES;
    delete process.env.FAST_PASSWORD_HASHES;
    try {
      const stored = await hashPassword("09032004");
      expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword("09032004", stored)).toBe(true);
      expect(await verifyPassword("09032005", stored)).toBe(false);
    } finally {
      process.env.FAST_PASSWORD_HASHES = saved;
    }
  });

  it("verifies the right password and refuses a wrong one or a damaged hash", async () => {
    const stored = await hashPassword("09032004");
    expect(await verifyPassword("09032004", stored)).toBe(true);
    expect(await verifyPassword("09032005", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    expect(await verifyPassword("09032004", "plain-text")).toBe(false);
    expect(await verifyPassword("09032004", stored.replace(/\$\d+\$/, "$3$"))).toBe(false);
  });
});

async function expectExactlyOneTeamOfSix(config: StoreConfig) {
  expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(1);
  expect(await countOf(config, "SELECT COUNT(*) FROM team_members")).toBe(6);
  expect(await countOf(config, "SELECT COUNT(*) FROM team_members WHERE team_id NOT IN (SELECT id FROM teams)")).toBe(
    0,
  );
  // All six come from the one submission that won, none from the refused ones.
  const emails = await queryRows<{ email: string }>(
    config,
    "SELECT email FROM team_members WHERE lower(email) NOT LIKE 'shared.%'",
  );
  expect(new Set(emails.map(({ email }) => email.split(".")[0]))).toHaveProperty("size", 1);
}
