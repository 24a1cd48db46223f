import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import ts from "typescript";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openBuiltInStore } from "~/server/backend/built-in-store.server";
import type { Outcome } from "~/server/backend/council-backend.server";
import { hashPassword, verifyPassword } from "~/server/passwords.server";
import {
  sampleAccount as account,
  sampleApplication as application,
  sampleTeam as team,
  studentPassword as accountPassword,
  tinyPng,
} from "./samples";





let directory: string;
let databasePath: string;
const openStores: { close(): void }[] = [];

function openStore(file = databasePath) {
  const store = openBuiltInStore(file);
  openStores.push(store);
  return store;
}

/** A second, independent look at the file, as an administrator with the sqlite3 shell would have. */
function inspect<T>(read: (db: Database.Database) => T, file = databasePath): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function count(db: Database.Database, sql: string): number {
  return (db.prepare(sql).pluck().get() as number) ?? 0;
}

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "council-store-"));
  databasePath = path.join(directory, "council.sqlite");
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const store of openStores.splice(0)) {
    try {
      store.close();
    } catch {
      // already closed by the test
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

describe("the built-in store's database file", () => {
  it("is created with its directories and schema on first open, and keeps everything when reopened", async () => {
    const nestedPath = path.join(directory, "not", "yet", "there", "council.sqlite");
    const store = openStore(nestedPath);
    expect(store.description).toBe(`built-in store (SQLite at ${nestedPath})`);
    expect(existsSync(nestedPath)).toBe(true);
    inspect((db) => {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
      expect(tables).toEqual(
        expect.arrayContaining(["accounts", "applications", "profiles", "sessions", "team_members", "teams", "ideas", "suggestions"]),
      );
      expect(db.pragma("user_version", { simple: true })).toBe(3);
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    }, nestedPath);

    expect(await store.applyToCouncil(application)).toEqual({ ok: true });
    expect(await store.registerAccount(account)).toEqual({ ok: true });
    expect((await store.registerTeam(team("Pixel Pioneers", "pixel"))).ok).toBe(true);
    store.close();

    const reopened = openStore(nestedPath);
    expect(await reopened.listTeams()).toMatchObject({
      ok: true,
      value: [{ teamName: "Pixel Pioneers", category: "design" }],
    });
    expect((await reopened.logIn(account.enrollment, accountPassword)).ok).toBe(true);
    inspect((db) => {
      expect(count(db, "SELECT COUNT(*) FROM applications")).toBe(1);
      expect(db.prepare("SELECT email, terms FROM applications").get()).toEqual({ email: application.email, terms: 1 });
    }, nestedPath);
  });
});

describe("profile details kept for Firebase accounts (schema version 2)", () => {
  const details = { college: "TIT", branch: "CSE", dob: "2004-03-09", gender: "Male" };

  it("upgrades a database of schema version 1 in place, keeping its accounts", async () => {
    const first = openStore();
    expect(await first.registerAccount(account)).toEqual({ ok: true });
    first.close();
    // What the first version of the site left on disk: its tables, without profiles, at user_version 1.
    const old = new Database(databasePath);
    old.exec("DROP TABLE profiles");
    old.pragma("user_version = 1");
    old.close();

    const upgraded = openStore();
    expect((await upgraded.logIn(account.enrollment, accountPassword)).ok).toBe(true);
    upgraded.profiles.saveProfile("0187CS221042", { ...details, idCard: { mediaType: "image/png", bytes: tinyPng } });
    upgraded.close();
    inspect((db) => {
      expect(db.pragma("user_version", { simple: true })).toBe(3);
      expect(count(db, "SELECT COUNT(*) FROM profiles")).toBe(1);
      expect(count(db, "SELECT COUNT(*) FROM accounts")).toBe(1);
    });
  });

  it("keeps the details and the ID card by uid, and gives the details back without the image", () => {
    const store = openStore();
    expect(store.profiles.profileOf("0187CS221042")).toBeUndefined();
    store.profiles.saveProfile("0187CS221042", { ...details, idCard: { mediaType: "image/png", bytes: tinyPng } });
    expect(store.profiles.profileOf("0187CS221042")).toEqual(details);
    expect(store.profiles.profileOf("0187cs221042"), "uids are exact, as in Firebase").toBeUndefined();

    const row = inspect((db) => db.prepare("SELECT id_card_type, id_card FROM profiles").get() as { id_card_type: string; id_card: Buffer });
    expect(row.id_card_type).toBe("image/png");
    expect(Buffer.compare(row.id_card, tinyPng)).toBe(0);
  });

  it("a second save for the same uid replaces the first (an account deleted in Firebase and registered again)", () => {
    const store = openStore();
    store.profiles.saveProfile("0187CS221042", { ...details, idCard: { mediaType: "image/png", bytes: tinyPng } });
    store.profiles.saveProfile("0187CS221042", { ...details, branch: "IT", idCard: { mediaType: "image/png", bytes: tinyPng } });
    expect(store.profiles.profileOf("0187CS221042")).toEqual({ ...details, branch: "IT" });
    inspect((db) => expect(count(db, "SELECT COUNT(*) FROM profiles")).toBe(1));
  });

  it("throws when the database is closed, so the Firebase adapter can undo the account", () => {
    const store = openStore();
    store.close();
    expect(() => store.profiles.saveProfile("X1", { ...details, idCard: { mediaType: "image/png", bytes: tinyPng } })).toThrow();
  });
});

describe("accounts and sessions in the built-in store", () => {
  it("keeps the password only as a salted scrypt hash, never the DDMMYYYY text", async () => {
    const store = openStore();
    expect(await store.registerAccount(account)).toEqual({ ok: true });
    store.close();

    const row = inspect(
      (db) =>
        db.prepare("SELECT password_hash, id_card_type, id_card FROM accounts").get() as {
          password_hash: string;
          id_card_type: string;
          id_card: Buffer;
        },
    );
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]{20,}\$[A-Za-z0-9+/=]{40,}$/);
    expect(row.password_hash).not.toContain(accountPassword);
    expect(await verifyPassword(accountPassword, row.password_hash)).toBe(true);
    expect(row.id_card_type).toBe("image/png");
    expect(Buffer.compare(row.id_card, tinyPng)).toBe(0);

    for (const file of [databasePath, `${databasePath}-wal`].filter(existsSync)) {
      expect(readFileSync(file).includes(accountPassword)).toBe(false);
    }
  });

  it("keeps only a hash of each session token", async () => {
    const store = openStore();
    await store.registerAccount(account);
    const login = await store.logIn(account.enrollment, accountPassword);
    if (!login.ok) throw new Error("login failed");

    const stored = inspect((db) => db.prepare("SELECT token_hash FROM sessions").pluck().all() as string[]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]).not.toContain(login.value);
  });

  it("accepts the College ID in any letter case and with spaces around it", async () => {
    const store = openStore();
    await store.registerAccount(account);
    expect((await store.logIn("  0187cs221042 ", accountPassword)).ok).toBe(true);
  });

  it("refuses a second account with the same Enrollment Number in other letter case", async () => {
    const store = openStore();
    expect(await store.registerAccount(account)).toEqual({ ok: true });
    expect(await store.registerAccount({ ...account, enrollment: "0187cs221042", email: "other@example.org" })).toEqual(
      {
        ok: false,
        reason: "rejected",
        message: "An account with this Enrollment Number already exists.",
      },
    );
    inspect((db) => expect(count(db, "SELECT COUNT(*) FROM accounts")).toBe(1));
  });

  it("refuses a wrong password without a message, so the login page shows the specified text", async () => {
    const store = openStore();
    await store.registerAccount(account);
    expect(await store.logIn(account.enrollment, "2004-03-09")).toEqual({ ok: false, reason: "rejected" });
    expect(await store.logIn("0187CS229999", accountPassword)).toEqual({ ok: false, reason: "rejected" });
  });

  it("shows the profile fields of the signed-in student", async () => {
    const store = openStore();
    await store.registerAccount(account);
    const login = await store.logIn(account.enrollment, accountPassword);
    if (!login.ok) throw new Error("login failed");
    expect(await store.whoIsSignedIn(login.value)).toEqual({
      status: "signed-in",
      user: {
        username: "Aarav Sharma",
        branch: "CSE",
        college: "TIT",
        email: "aarav.sharma@example.org",
        phone: "+919876543210",
        dob: "2004-03-09",
        gender: "Male",
      },
      collegeId: "0187CS221042",
      councilMember: false,
    });
  });

  it("a session is signed in for seven days, then signed out", async () => {
    const store = openStore();
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

describe("team registration in the built-in store", () => {
  it("refuses a member who is already in another team, and saves nothing of the second team", async () => {
    const store = openStore();
    expect((await store.registerTeam(team("Pixel Pioneers", "pixel"))).ok).toBe(true);

    const second = team("Logic Lords", "logic");
    second.members[4] = { ...second.members[4]!, email: "PIXEL.member3@example.org" };
    expect(await store.registerTeam(second)).toEqual({
      ok: false,
      reason: "rejected",
      message: "PIXEL.member3@example.org is already a member of another team.",
    });

    expect(await store.listTeams()).toMatchObject({ ok: true, value: [{ teamName: "Pixel Pioneers" }] });
    inspect((db) => {
      expect(count(db, "SELECT COUNT(*) FROM teams")).toBe(1);
      expect(count(db, "SELECT COUNT(*) FROM team_members")).toBe(6);
      expect(count(db, "SELECT COUNT(*) FROM team_members WHERE email LIKE 'logic.%'")).toBe(0);
    });
  });

  it("refuses a team that lists the same email twice, and saves nothing", async () => {
    const store = openStore();
    const twice = team("Echo Chamber", "echo");
    twice.members[5] = { ...twice.members[5]!, email: " Echo.Member2@example.org " };
    expect(await store.registerTeam(twice)).toEqual({
      ok: false,
      reason: "rejected",
      message: "Echo.Member2@example.org is listed more than once in this team.",
    });
    inspect((db) => {
      expect(count(db, "SELECT COUNT(*) FROM teams")).toBe(0);
      expect(count(db, "SELECT COUNT(*) FROM team_members")).toBe(0);
    });
  });

  it("names the taken team when a team name is reused in other letter case", async () => {
    const store = openStore();
    await store.registerTeam(team("Pixel Pioneers", "first"));
    expect(await store.registerTeam(team("PIXEL PIONEERS", "second"))).toEqual({
      ok: false,
      reason: "rejected",
      message: 'A team named "PIXEL PIONEERS" is already registered.',
    });
  });

  it("20 registrations of one team name from five store instances on one file leave exactly one team", async () => {
    const stores = Array.from({ length: 5 }, () => openStore());
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        stores[index % 5]!.registerTeam(team(index % 2 ? "Null Pointers" : "NULL POINTERS", `s${index}`)),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expectExactlyOneTeamOfSix();
  });

  it("20 registrations of one team name submitted together from separate threads leave exactly one team and its six members", async () => {
    const storeModule = compileStoreForWorkers(path.join(directory, "compiled"));
    openStore().close(); // the schema exists before the race, as it does once the site has started

    const workerCount = 5;
    const perWorker = 4;
    const workers = Array.from({ length: workerCount }, (_, workerIndex) => {
      const teams = Array.from({ length: perWorker }, (_, index) =>
        team(index % 2 ? "Null Pointers" : "null pointers", `w${workerIndex}s${index}`),
      );
      return new Worker(workerSource, { eval: true, workerData: { storeModule, databasePath, teams } });
    });
    try {
      const finished = workers.map(
        (worker) =>
          new Promise<Outcome<string | undefined>[]>((resolve, reject) => {
            worker.on("message", (message: unknown) => {
              if (message !== "ready") resolve((message as { outcomes: Outcome<string | undefined>[] }).outcomes);
            });
            worker.once("error", reject);
          }),
      );
      // Every worker has its own connection open before any submits, so the submissions really overlap.
      await Promise.all(
        workers.map(
          (worker) => new Promise((resolve, reject) => (worker.once("message", resolve), worker.once("error", reject))),
        ),
      );
      for (const worker of workers) worker.postMessage("go");
      const outcomes = (await Promise.all(finished)).flat();

      expect(outcomes).toHaveLength(20);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      const refusals = outcomes.filter((outcome) => !outcome.ok);
      expect(refusals).toHaveLength(19);
      for (const refusal of refusals) {
        expect(refusal).toMatchObject({
          reason: "rejected",
          message: expect.stringMatching(/^A team named ".+" is already registered\.$/),
        });
      }
      expectExactlyOneTeamOfSix();
    } finally {
      await Promise.all(workers.map((worker) => worker.terminate()));
    }
  }, 60_000);
});

describe("the built-in store when its database fails", () => {
  it("answers unavailable to every call once the database is closed, and throws nothing", async () => {
    const store = openStore();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    store.close();

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
    const store = openStore();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const admin = new Database(databasePath);
    admin.exec("DROP TABLE applications");
    admin.close();

    expect(await store.applyToCouncil(application)).toEqual({ ok: false, reason: "unavailable" });
    const lines = logged.mock.calls.flat().map(String).join("\n");
    expect(lines).toMatch(/no such table/);
    for (const personal of [application.name, application.email, application.phone, application.enrollment]) {
      expect(lines).not.toContain(personal);
    }
    // The rest of the store still answers.
    expect(await store.listTeams()).toEqual({ ok: true, value: [] });
  });
});

describe("password hashing", () => {
  it("hashes with scrypt and a fresh salt each time", async () => {
    const first = await hashPassword("09032004");
    const second = await hashPassword("09032004");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("09032004");
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

function expectExactlyOneTeamOfSix() {
  inspect((db) => {
    expect(count(db, "SELECT COUNT(*) FROM teams")).toBe(1);
    expect(count(db, "SELECT COUNT(*) FROM team_members")).toBe(6);
    expect(count(db, "SELECT COUNT(*) FROM team_members WHERE team_id NOT IN (SELECT id FROM teams)")).toBe(0);
    // All six come from the one submission that won, none from the refused ones.
    const prefixes = db
      .prepare("SELECT DISTINCT substr(email, 1, instr(email, '.') - 1) FROM team_members")
      .pluck()
      .all();
    expect(prefixes).toHaveLength(1);
  });
}

/**
 * Worker threads cannot load TypeScript, so the store and its password module are compiled to plain ES modules for
 * them, with node_modules linked beside them so `better-sqlite3` resolves as it does for the site.
 */
function compileStoreForWorkers(outputDirectory: string): string {
  const serverDirectory = fileURLToPath(new URL("../../app/server/", import.meta.url));
  for (const modulePath of ["passwords.server", "backend/built-in-store.server", "backend/built-in-inbox.server", "../lib/council-inbox"]) {
    const { outputText } = ts.transpileModule(readFileSync(path.join(serverDirectory, `${modulePath}.ts`), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    const target = path.join(outputDirectory, `${modulePath}.mjs`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, outputText.replace(/(from\s+["'])(\.{1,2}\/[^"']+)(["'])/g, "$1$2.mjs$3"));
  }
  symlinkSync(
    fileURLToPath(new URL("../../node_modules", import.meta.url)),
    path.join(outputDirectory, "node_modules"),
    "dir",
  );
  return pathToFileURL(path.join(outputDirectory, "backend/built-in-store.server.mjs")).href;
}

const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.storeModule).then(({ openBuiltInStore }) => {
  const store = openBuiltInStore(workerData.databasePath);
  parentPort.once("message", async () => {
    const outcomes = await Promise.all(workerData.teams.map((team) => store.registerTeam(team)));
    store.close();
    parentPort.postMessage({ outcomes });
  });
  parentPort.postMessage("ready");
});
`;
