import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { snapshotWaitMs } from "~/server/backend/built-in/postgres.server";
import { queryRows, useStoreEngines } from "../support/store-engines";
import { markedAccount, sampleApplication } from "./samples";

/**
 * Erased means gone from the table files on PostgreSQL too: a DELETE (and a plain VACUUM) leaves a row's bytes in its
 * table's and indexes' pages, so after an erasure the store rewrites the personal tables (VACUUM FULL). The test reads
 * every file of the database's folder, as someone with a copy of the disk would. The write-ahead log (pg_wal) keeps
 * the bytes until PostgreSQL reuses its segments, which no statement can hasten: docs/students-data.md says so.
 */

const { engines } = useStoreEngines();
const postgres = engines.find((engine) => engine.name === "PostgreSQL")!;

/** Every file of the database's own folder (tables, indexes, TOAST, free-space maps), read from disk. */
async function databaseFiles(config: Parameters<typeof queryRows>[0]): Promise<Buffer[]> {
  // Dirty pages reach the files at a checkpoint: without it the disk may not hold even what is there.
  await queryRows(config, "CHECKPOINT");
  const [{ directory } = { directory: "" }] = await queryRows<{ directory: string }>(
    config,
    "SELECT current_setting('data_directory') || '/base/' || (SELECT oid FROM pg_database WHERE datname = current_database()) AS directory",
  );
  // A file may go between the listing and its reading: the server rewrites its relation cache (pg_internal.init)
  // whenever a shared catalogue changes, as another test file creating a database on the run's cluster does.
  return readdirSync(directory)
    .map((name) => path.join(directory, name))
    .flatMap((file) => {
      try {
        return statSync(file).isFile() ? [readFileSync(file)] : [];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    });
}

/** A session of its own on the store's database that has read the table, its snapshot taken now, still open. */
async function openSnapshot(url: string): Promise<{ end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
  await client.query("SELECT count(*) FROM applications");
  return {
    async end() {
      await client.query("COMMIT");
      await client.end();
    },
  };
}

/**
 * A student with an account and an application, and another's application written after: `eraseAccount` erases the
 * first student's account, `erase` their account and records; each answers which of their values the database's
 * files still hold.
 */
async function markedStudent() {
  const { config, store } = await postgres.freshWithConfig();
  if (config.engine !== "postgres") throw new Error("expected PostgreSQL");
  // Values no other row shares, so finding one in the files means the erasure left it behind.
  const marker = "Yuvaan Pqerstwhistle";
  const email = "yuvaan.pqerst.523@example.org";
  const enrollment = "0187YP990523";
  const account = markedAccount(marker, email, enrollment, "PG-ID-CARD-BYTES-51c0");
  expect(await store.registerAccount(account)).toEqual({ ok: true });
  expect(
    await store.applyToCouncil({ ...sampleApplication, name: marker, email, enrollment, motivation: "Motive-7d1e" }),
  ).toEqual({ ok: true });
  // Someone else's row written after, so the erased rows are not simply the last ones of their pages.
  expect(await store.applyToCouncil(sampleApplication)).toEqual({ ok: true });
  const login = await store.logIn(enrollment, "09032004");
  if (!login.ok) throw new Error("login failed");

  const holds = async (values: string[]) => {
    const files = await databaseFiles(config);
    return values.filter((value) => files.some((bytes) => bytes.includes(value)));
  };
  const values = [marker, email, "Motive-7d1e", "PG-ID-CARD-BYTES-51c0", enrollment];
  let accountErased = false;
  const eraseAccount = async () => {
    expect((await store.eraseAccount(login.value)).ok).toBe(true);
    accountErased = true;
  };
  return {
    url: config.url,
    store,
    values,
    holds,
    async eraseAccount() {
      await eraseAccount();
      return holds(values);
    },
    /** The account (unless erased already) and then the records. */
    async erase() {
      if (!accountErased) await eraseAccount();
      expect(
        (await store.students.erase({ accountKey: "none", verifiedEmail: email, checkedCollegeId: enrollment })).ok,
      ).toBe(true);
      return holds(values);
    },
  };
}

describe("erased means gone from the table files (PostgreSQL)", () => {
  it("no table, index or TOAST file of the database holds an erased student's values after the erasure", async () => {
    const student = await markedStudent();
    expect(await student.holds(student.values), "the values are on disk before the erasure").toEqual(student.values);
    expect(await student.erase()).toEqual([]);
    expect(await student.holds([sampleApplication.name]), "the other student's application is still there").toEqual([
      sampleApplication.name,
    ]);
  });

  it("waits for a transaction that could still see the erased rows, then compacts: nothing is left", async () => {
    const student = await markedStudent();
    const snapshot = await openSnapshot(student.url);
    // Ended well within the wait, and well after the account's erasure begins its compaction.
    const ended = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => snapshot.end());
    // The ID card is the account's alone: without the wait, VACUUM FULL copied it, as this snapshot can see it.
    expect(await student.eraseAccount()).not.toContain("PG-ID-CARD-BYTES-51c0");
    await ended;
    expect(await student.erase()).toEqual([]);
  });

  it("answers the erasure without waiting longer than its bound for a transaction that stays open", async () => {
    const student = await markedStudent();
    const snapshot = await openSnapshot(student.url);
    try {
      const started = Date.now();
      // Two compactions (the account, then the records), each waiting once.
      await student.erase();
      expect(Date.now() - started).toBeLessThan(2 * snapshotWaitMs + 5000);
    } finally {
      await snapshot.end();
    }
  }, 30_000);
});
