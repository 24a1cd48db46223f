import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openBuiltInStore, StoreStartupError, type BuiltInStore } from "~/server/backend/built-in/store.server";
import { latestVersion } from "~/server/backend/built-in/migrations";
import type { Outcome } from "~/server/backend/council-backend.server";
import {
  sampleAccount as account,
  sampleApplication as application,
  sampleTeam as team,
  studentPassword,
} from "./samples";
import { storeTables } from "../support/store-engines";

/** What only the SQLite engine has: its file, its upgrades from earlier releases, and several processes on one file. */

let directory: string;
let databasePath: string;
const openStores: BuiltInStore[] = [];

function openStore(file = databasePath) {
  const store = openBuiltInStore(file);
  openStores.push(store);
  return store;
}

function inspect<T>(read: (db: Database.Database) => T, file = databasePath): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const count = (db: Database.Database, query: string) => db.prepare(query).pluck().get() as number;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "council-sqlite-"));
  databasePath = path.join(directory, "council.sqlite");
});

afterEach(async () => {
  await Promise.all(openStores.splice(0).map((store) => store.close()));
  rmSync(directory, { recursive: true, force: true });
});

describe("the built-in store's SQLite file", () => {
  it("is created with its directories and schema on first open, in WAL mode, and keeps everything when reopened", async () => {
    const nestedPath = path.join(directory, "not", "yet", "there", "council.sqlite");
    const store = openStore(nestedPath);
    expect(existsSync(nestedPath)).toBe(true);
    inspect((db) => {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
      expect(tables).toEqual(
        expect.arrayContaining([
          "accounts",
          "applications",
          "profiles",
          "sessions",
          "team_members",
          "teams",
          "ideas",
          "suggestions",
        ]),
      );
      expect(db.pragma("user_version", { simple: true })).toBe(latestVersion);
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    }, nestedPath);

    expect(await store.applyToCouncil(application)).toEqual({ ok: true });
    expect(await store.registerAccount(account)).toEqual({ ok: true });
    expect((await store.registerTeam(team("Pixel Pioneers", "pixel"))).ok).toBe(true);
    await store.close();

    const reopened = openStore(nestedPath);
    expect(await reopened.listTeams()).toMatchObject({
      ok: true,
      value: [{ teamName: "Pixel Pioneers", category: "design" }],
    });
    expect((await reopened.logIn(account.enrollment, studentPassword)).ok).toBe(true);
    inspect((db) => {
      expect(db.prepare("SELECT email, terms FROM applications").all()).toEqual([
        { email: application.email, terms: 1 },
      ]);
    }, nestedPath);
  });

  it("upgrades a file written by the release before PostgreSQL in place, keeping every row", async () => {
    // tests/fixtures/store-schema-3.sqlite: written by that release's store (schema version 3) with two accounts,
    // a session, a council member, a Firebase profile, three applications (one accepted, one declined), two teams,
    // two ideas and two suggestions.
    copyFileSync(fileURLToPath(new URL("../fixtures/store-schema-3.sqlite", import.meta.url)), databasePath);
    const before = inspect((db) => ({
      version: db.pragma("user_version", { simple: true }),
      rows: Object.fromEntries(
        storeTables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all()]),
      ),
    }));
    expect(before.version).toBe(3);
    expect(before.rows.accounts).toHaveLength(2);

    const store = openStore();
    inspect((db) => {
      expect(db.pragma("user_version", { simple: true })).toBe(latestVersion);
      // Every row as it was; columns added since (when an ID card was deleted, ...) start empty, but for an account's
      // random key, which every account has,
      for (const [table, rows] of Object.entries(before.rows)) {
        const after = db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all() as Record<string, unknown>[];
        expect(after).toHaveLength(rows.length);
        after.forEach((row, index) => {
          expect(row).toMatchObject(rows[index] as Record<string, unknown>);
          for (const added of Object.keys(row).filter((column) => !(column in (rows[index] as object)))) {
            if (table === "accounts" && added === "uid") expect(row[added]).toMatch(/^[0-9a-f]{32}$/);
            // and for its College ID's key, which the lookups use.
            else if (table === "accounts" && added === "enrollment_key")
              expect(row[added]).toBe(String(row.enrollment).trim().toUpperCase());
            // A team member of before was told at once: none is held for the leader's button.
            else if (table === "team_members" && added === "held") expect(row[added]).toBe(0);
            else expect(row[added]).toBeNull();
          }
        });
      }
    });
    // The Firebase account from before keeps the key its entries carry.
    inspect((db) => {
      const profiles = db.prepare("SELECT uid FROM profiles").pluck().all() as string[];
      expect(profiles.length).toBeGreaterThan(0);
      expect(db.prepare("SELECT account_key, uid, retired_at FROM account_keys ORDER BY uid").all()).toEqual(
        profiles.sort().map((uid) => ({ account_key: `firebase:${uid}`, uid, retired_at: null })),
      );
    });
    // The upgraded store works with what it kept: passwords, roles, the inbox and its history.
    expect((await store.logIn("0187CS221042", studentPassword)).ok).toBe(true);
    expect(await store.listCouncilMembers()).toMatchObject({
      ok: true,
      value: [{ collegeId: "0187ME220311", name: "Kavya Iyer" }],
    });
    const applications = await store.inbox.list({ section: "applications", page: 1, pageSize: 10 });
    if (!applications.ok) throw new Error("the inbox did not answer");
    expect(applications.value.entries.map((entry) => [entry.id, entry.status])).toEqual([
      ["application-3", "new"],
      ["application-2", "declined"],
      ["application-1", "accepted"],
    ]);
    expect(applications.value.entries[2]!.history).toEqual([
      { action: "accept", by: "0187ME220311", at: expect.any(String) as string },
    ]);
    expect(await store.registerTeam(team("Pixel Pioneers", "again"))).toMatchObject({ ok: false, reason: "rejected" });
  });

  it("refuses to start on a file of garbage, with one line naming DATABASE_PATH and what to do", () => {
    writeFileSync(databasePath, Buffer.alloc(64 * 1024, "not a database "));
    expect(() => openBuiltInStore(databasePath)).toThrow(StoreStartupError);
    expect(() => openBuiltInStore(databasePath)).toThrow(
      new RegExp(`^Store: .*DATABASE_PATH=${databasePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*restore`),
    );
  });

  it("refuses to start on a file with a valid header and damaged pages", async () => {
    const store = openStore();
    for (let index = 0; index < 40; index += 1)
      await store.applyToCouncil({ ...application, motivation: "x".repeat(2000) });
    await store.close();
    // Keep the first page (the header and the schema), overwrite the rest.
    const db = new Database(databasePath);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.pragma("journal_mode = DELETE");
    db.close();
    const { size } = await import("node:fs").then((fs) => fs.statSync(databasePath));
    const handle = await import("node:fs/promises").then((fs) => fs.open(databasePath, "r+"));
    await handle.write(Buffer.alloc(size - 4096, 0x5a), 0, size - 4096, 4096);
    await handle.close();
    expect(() => openBuiltInStore(databasePath)).toThrow(/is damaged/);
  });

  it("refuses a file from a newer release instead of guessing", () => {
    const db = new Database(databasePath);
    db.pragma("user_version = 99");
    db.close();
    expect(() => openBuiltInStore(databasePath)).toThrow(/schema version 99, newer than this release knows \(\d+\)/);
  });

  it("20 registrations of one team name submitted together from separate threads leave exactly one team and its six members", async () => {
    const storeModule = await bundleStoreForWorkers(path.join(directory, "compiled"));
    await openStore().close(); // the schema exists before the race, as it does once the site has started

    const workers = Array.from({ length: 5 }, (_, workerIndex) => {
      const teams = Array.from({ length: 4 }, (_, index) =>
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
      for (const refusal of outcomes.filter((outcome) => !outcome.ok)) {
        expect(refusal).toMatchObject({
          reason: "rejected",
          refusal: { code: "teamNameTaken", team: expect.any(String) as string },
        });
      }
      inspect((db) => {
        expect(count(db, "SELECT COUNT(*) FROM teams")).toBe(1);
        expect(count(db, "SELECT COUNT(*) FROM team_members")).toBe(6);
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.terminate()));
    }
  }, 90_000);
});

/**
 * Worker threads cannot load TypeScript: the store is bundled to one ES module by the app's own toolchain, with
 * node_modules linked beside it so its dependencies resolve as they do for the site.
 */
async function bundleStoreForWorkers(outputDirectory: string): Promise<string> {
  const { build } = await import("vite");
  const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: "silent",
    publicDir: false,
    resolve: { tsconfigPaths: true },
    build: {
      ssr: path.join(repoRoot, "app/server/backend/built-in/store.server.ts"),
      outDir: outputDirectory,
      emptyOutDir: true,
      target: "node20",
      rollupOptions: { output: { entryFileNames: "store.mjs" } },
    },
  });
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(outputDirectory, "node_modules"), "dir");
  return pathToFileURL(path.join(outputDirectory, "store.mjs")).href;
}

const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.storeModule).then(({ openBuiltInStore }) => {
  const store = openBuiltInStore(workerData.databasePath);
  parentPort.once("message", async () => {
    const outcomes = await Promise.all(workerData.teams.map((team) => store.registerTeam(team)));
    await store.close();
    parentPort.postMessage({ outcomes });
  });
  parentPort.postMessage("ready");
});
`;

describe("the readiness check of the SQLite store", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Rows this store's connection has written since it opened. */
  const writesOf = (store: BuiltInStore) =>
    (store.database.sqlite!.prepare("SELECT total_changes() AS count").get() as { count: number }).count;

  it("answers while the file can be written, and fails within 30 seconds once it cannot", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = openStore();
    await expect(store.database.check()).resolves.toBeUndefined();
    // As a full disk or a read-only file system would: writes are refused, reads still work.
    store.database.sqlite!.pragma("query_only = ON");
    vi.advanceTimersByTime(30_000);
    await expect(store.database.check()).rejects.toThrow();
    expect(await store.listTeams()).toEqual({ ok: true, value: [] });
  });

  it("writes at most once every 30 seconds, however often it is asked", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const store = openStore();
    const before = writesOf(store);
    // A check a second for a minute.
    for (let second = 0; second < 60; second += 1) {
      await store.database.check();
      vi.advanceTimersByTime(1_000);
    }
    expect(writesOf(store) - before).toBe(2);
  });
});
