import { closeSync, constants, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, sql, SqliteDialect } from "kysely";
import { log } from "../../ops/log.server";
import type { Db, StoreDatabase } from "./database.server";
import { reason, StoreStartupError } from "./errors.server";
import { latestVersion, migrations } from "./migrations";
import type { Tables } from "./tables.server";

/**
 * The built-in store on SQLite: one file on one machine (better-sqlite3). Write transactions take the write lock
 * first; the schema version is PRAGMA user_version; a damaged file is refused at start.
 */

export function openSqlite(databasePath: string): StoreDatabase {
  let handle: Database.Database;
  try {
    if (databasePath !== ":memory:") createPrivately(databasePath);
    handle = new Database(databasePath);
    // Set first, so the pragmas below and the migration wait for another process's lock instead of failing.
    handle.pragma("busy_timeout = 5000");
    handle.pragma("journal_mode = WAL");
    handle.pragma("foreign_keys = ON");
    // Deleted rows are overwritten with zeros, not left in free pages: an erased student is gone from the file.
    handle.pragma("secure_delete = ON");
  } catch (error) {
    const code = error instanceof Database.SqliteError ? error.code : "";
    if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") throw damagedFile(databasePath, [reason(error)]);
    throw new StoreStartupError(
      `Store: cannot open the SQLite database at DATABASE_PATH=${databasePath} (${reason(error)}). ` +
        "Check that the path is a writable location.",
    );
  }
  checkSqliteFile(handle, databasePath);
  try {
    migrateSqlite(handle, databasePath);
  } catch (error) {
    handle.close();
    throw error;
  }
  // From here on a busy database is waited for without blocking: see beginWhenFree.
  handle.pragma("busy_timeout = 0");

  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: handle }) });

  /** BEGIN ... COMMIT on the one connection, which Kysely lends to one caller at a time. */
  const inTransaction = <T>(begin: string, work: (trx: Db) => Promise<T>) =>
    db.connection().execute(async (connection) => {
      await beginWhenFree(() => sql.raw(begin).execute(connection));
      try {
        const result = await work(connection);
        await sql.raw("COMMIT").execute(connection);
        return result;
      } catch (error) {
        if (handle.inTransaction) await sql.raw("ROLLBACK").execute(connection);
        throw error;
      }
    });

  /** When check() last wrote (Date.now()); see check(). */
  let lastWriteProbe: number | undefined;

  return {
    engine: "sqlite",
    description: `SQLite (${databasePath})`,
    write: (work) => inTransaction("BEGIN IMMEDIATE", work),
    // In WAL mode a transaction's reads all see the database as it was at its first read.
    read: (work) => inTransaction("BEGIN", work),
    lock: async () => {},
    isUniqueViolation: (error) =>
      error instanceof Database.SqliteError &&
      (error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "SQLITE_CONSTRAINT_PRIMARYKEY"),
    ready: async () => {},
    async check() {
      // A committed one-row write, at most every 30 seconds: a file that can no longer be written (a full disk, a
      // read-only file system) fails here within that time, not only at a student's next submission, while a probe
      // asked often costs a read, not a commit each time. A failed write is tried again at the next check.
      const time = Date.now();
      if (lastWriteProbe !== undefined && time >= lastWriteProbe && time - lastWriteProbe < writeProbeEveryMs) {
        await sql`SELECT checked_at FROM store_health`.execute(db);
        return;
      }
      await inTransaction("BEGIN IMMEDIATE", async (trx) => {
        await sql`INSERT INTO store_health (id, checked_at) VALUES (1, ${new Date(time).toISOString()})
          ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`.execute(trx);
      });
      lastWriteProbe = time;
    },
    async afterErasure() {
      // Waits for the one connection (no transaction of ours is open then); a reader in another process can keep
      // the log from being emptied, so that is retried a few times and said in the log if it never succeeds.
      await db.connection().execute(async () => {
        for (let attempt = 0; attempt < 20; attempt += 1) {
          const [result] = handle.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
          if (result?.busy === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        log.error(
          "Store: the write-ahead log could not be emptied after an erasure (another process is reading); it will be at the next one.",
        );
      });
    },
    sqlite: handle,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * The file holds password hashes, ID cards and dates of birth: a new one, and a folder made for it, are their owner's
 * only (SQLite gives the -wal and -shm files the database file's mode). An existing file keeps its mode, which the
 * administrator may have chosen; one that others can read is named in the log.
 */
function createPrivately(databasePath: string) {
  mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true, mode: 0o700 });
  closeSync(openSync(databasePath, constants.O_CREAT | constants.O_RDWR, 0o600));
  if ((statSync(databasePath).mode & 0o077) !== 0) {
    log.warn(
      `Store: the SQLite database at DATABASE_PATH=${databasePath} can be read by other users of this machine; ` +
        `it holds password hashes and ID cards: chmod 600 it (and its -wal and -shm files).`,
    );
  }
}

const sqliteBusyWaitMs = 5_000;
/** How often the readiness check writes at most (check()). */
const writeProbeEveryMs = 30_000;

/**
 * Starts a transaction, waiting while another connection (another process, or another store on the same file)
 * holds the write lock. SQLite's own busy_timeout would wait by blocking the whole process, and a transaction in
 * this process that holds the lock across an await could then never finish; waiting here with timers lets it.
 */
async function beginWhenFree(begin: () => Promise<unknown>) {
  const deadline = Date.now() + sqliteBusyWaitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    try {
      await begin();
      return;
    } catch (error) {
      const busy = error instanceof Database.SqliteError && error.code.startsWith("SQLITE_BUSY");
      if (!busy || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause));
    }
  }
}

/** A damaged file is refused at start with what to do, instead of failing every form later. */
function checkSqliteFile(handle: Database.Database, databasePath: string) {
  let problems: string[];
  try {
    problems = (handle.pragma("quick_check") as { quick_check: string }[]).map((row) => row.quick_check);
  } catch (error) {
    problems = [reason(error)];
  }
  if (problems.length === 1 && problems[0] === "ok") return;
  handle.close();
  throw damagedFile(databasePath, problems);
}

function damagedFile(databasePath: string, problems: string[]) {
  return new StoreStartupError(
    `Store: the SQLite database at DATABASE_PATH=${databasePath} is damaged (${problems.slice(0, 3).join("; ")}). ` +
      "Stop every server using it, move the file aside, and restore the latest backup into a new file " +
      "(npm run council -- restore FILE), or point DATABASE_PATH to another file.",
  );
}

/**
 * PRAGMA user_version is the schema version; the write lock is held throughout, so replicas migrate once. Foreign keys
 * are off meanwhile (they cannot be switched inside a transaction), as SQLite's procedure for rebuilding a table asks:
 * dropping a parent table would otherwise delete its children's rows. They are checked before the commit.
 */
function migrateSqlite(handle: Database.Database, databasePath: string) {
  handle.pragma("foreign_keys = OFF");
  const migrate = handle.transaction(() => {
    const current = handle.pragma("user_version", { simple: true }) as number;
    if (current > latestVersion) {
      throw new StoreStartupError(
        `Store: the SQLite database at DATABASE_PATH=${databasePath} is at schema version ${current}, newer than this ` +
          `release knows (${latestVersion}). Run the release that wrote it, or a newer one.`,
      );
    }
    for (const migration of migrations.filter(({ version }) => version > current)) {
      handle.exec(migration.sqlite);
      handle.pragma(`user_version = ${migration.version}`);
    }
    const broken = handle.pragma("foreign_key_check") as { table: string }[];
    if (broken.length > 0) {
      throw new StoreStartupError(
        `Store: the SQLite database at DATABASE_PATH=${databasePath} has ${broken.length} rows that point to rows that ` +
          `do not exist (in ${[...new Set(broken.map((row) => row.table))].join(", ")}); nothing was changed. ` +
          "Restore the latest backup into a new file (npm run council -- restore FILE).",
      );
    }
  });
  try {
    migrate.immediate();
  } finally {
    handle.pragma("foreign_keys = ON");
  }
}
