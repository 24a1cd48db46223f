import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, sql, SqliteDialect } from "kysely";
import pg from "pg";
import { latestVersion, migrations } from "./migrations";
import type { Tables } from "./tables.server";

/**
 * The built-in store's connection to its database: SQLite by default (one file, one machine) or PostgreSQL (with
 * DATABASE_URL, shared by every replica). Queries are written once in Kysely, which speaks both; this module holds
 * the few places where the engines differ: opening, migrating, transactions and their locks, and error codes.
 */

export type StoreConfig =
  | { engine: "sqlite"; path: string }
  | {
      engine: "postgres";
      url: string;
      /** Connections this process opens at most. */
      poolMax: number;
      /** How long one statement may run before the database cancels it (and the visitor hears the store failed). */
      statementTimeoutMs: number;
    };

export type Db = Kysely<Tables>;

export interface StoreDatabase {
  readonly engine: "sqlite" | "postgres";
  /** "SQLite (path)" or "PostgreSQL (host/database)", never a password. */
  readonly description: string;
  /**
   * One write transaction. SQLite takes the write lock first (BEGIN IMMEDIATE), so concurrent writers, from any
   * process, queue for it instead of failing; PostgreSQL runs READ COMMITTED, where `lock` serialises the writers
   * that must not interleave.
   */
  write<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /** Reads that see one snapshot, even while others write. */
  read<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * Inside `write`: waits until no other transaction holds the same key, until this one ends. A no-op on SQLite,
   * where the write lock already admits one writer at a time.
   */
  lock(trx: Db, key: string): Promise<void>;
  isUniqueViolation(error: unknown): boolean;
  /** Resolves once the schema is current; a failed attempt (the database was down) is tried again on the next call. */
  ready(): Promise<void>;
  /** Answers when the database can be read and written now. */
  check(): Promise<void>;
  /**
   * After an erasure: makes the erased bytes leave the disk. SQLite overwrites deleted content (secure_delete) and
   * here copies the write-ahead log into the file and empties it, so neither file holds the erased values. On
   * PostgreSQL the rows are gone for every reader at once and autovacuum reclaims their space.
   */
  afterErasure(): Promise<void>;
  /** The SQLite handle, for what only SQLite has (checkpoints, pragmas); undefined on PostgreSQL. */
  readonly sqlite?: Database.Database;
  close(): Promise<void>;
}

/** A problem that stops the start, said in one line that names the setting and what to do. */
export class StoreStartupError extends Error {
  override name = "StoreStartupError";
}

export function openStoreDatabase(config: StoreConfig): StoreDatabase {
  return refusingOnceClosed(config.engine === "sqlite" ? openSqlite(config.path) : openPostgres(config));
}

/** After close() every call fails at once (Kysely would quietly open a new connection). */
function refusingOnceClosed(database: StoreDatabase): StoreDatabase {
  let closed = false;
  const open = () => {
    if (closed) throw new Error("the store is closed");
  };
  return {
    ...database,
    write: async (work) => (open(), database.write(work)),
    afterErasure: async () => (open(), database.afterErasure()),
    read: async (work) => (open(), database.read(work)),
    ready: async () => (open(), database.ready()),
    check: async () => (open(), database.check()),
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// SQLite

function openSqlite(databasePath: string): StoreDatabase {
  let handle: Database.Database;
  try {
    if (databasePath !== ":memory:") mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
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
  migrateSqlite(handle, databasePath);
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
      // A committed one-row write: a file that can no longer be written (a full disk, a read-only file system)
      // fails here, not only at a student's next submission.
      await inTransaction("BEGIN IMMEDIATE", async (trx) => {
        await sql`INSERT INTO store_health (id, checked_at) VALUES (1, ${new Date().toISOString()})
          ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`.execute(trx);
      });
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
        console.error("Store: the write-ahead log could not be emptied after an erasure (another process is reading); it will be at the next one.");
      });
    },
    sqlite: handle,
    async close() {
      await db.destroy();
    },
  };
}

const sqliteBusyWaitMs = 5_000;

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

/** PRAGMA user_version is the schema version; the write lock is held throughout, so replicas migrate once. */
function migrateSqlite(handle: Database.Database, databasePath: string) {
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
  });
  migrate.immediate();
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

/** The key of the advisory lock that replicas starting together take before migrating (any fixed number). */
const migrationLockKey = 4_210_823_117;

function openPostgres(config: Extract<StoreConfig, { engine: "postgres" }>): StoreDatabase {
  const url = new URL(config.url);
  const description = `PostgreSQL (${url.host}${url.pathname || "/"})`.replace(/\(([^/]*)\/\)$/, "($1)");
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolMax,
    // A database that does not answer must not hold a visitor longer than a slow one would.
    connectionTimeoutMillis: 5_000,
    statement_timeout: config.statementTimeoutMs,
    query_timeout: config.statementTimeoutMs + 2_000,
    idle_in_transaction_session_timeout: config.statementTimeoutMs * 2,
    // bigint (COUNT(*), session expiry) as a JavaScript number, as SQLite gives it.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection the server closes while idle (a restart, a failover) is dropped from the pool and replaced on the
  // next query; without a listener the error would end the process.
  let lastPoolError = 0;
  pool.on("error", (error) => {
    if (Date.now() - lastPoolError < 60_000) return;
    lastPoolError = Date.now();
    console.error(`Store: lost an idle connection to ${description} (${reason(error)}); new ones are opened as needed.`);
  });

  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });

  let migrated: Promise<void> | undefined;
  const ready = () =>
    (migrated ??= migratePostgres(db, description).catch((error: unknown) => {
      migrated = undefined;
      throw error;
    }));

  return {
    engine: "postgres",
    description,
    async write(work) {
      await ready();
      return db.transaction().execute(work);
    },
    async read(work) {
      await ready();
      return db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(work);
    },
    async lock(trx, key) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    },
    isUniqueViolation: (error) => (error as { code?: unknown } | null)?.code === "23505",
    ready,
    async check() {
      await ready();
      await sql`SELECT 1`.execute(db);
    },
    afterErasure: async () => {},
    async close() {
      await db.destroy();
    },
  };
}

async function migratePostgres(db: Db, description: string) {
  await db.transaction().execute(async (trx) => {
    // Replicas starting together queue here; the first migrates, the others find the work done.
    await sql`SELECT pg_advisory_xact_lock(${migrationLockKey})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`.execute(trx);
    const { rows } = await sql<{ version: number }>`SELECT version FROM schema_version`.execute(trx);
    const current = rows[0]?.version ?? 0;
    if (current > latestVersion) {
      throw new StoreStartupError(
        `Store: ${description} is at schema version ${current}, newer than this release knows (${latestVersion}). ` +
          "Run the release that wrote it, or a newer one.",
      );
    }
    for (const migration of migrations.filter(({ version }) => version > current)) {
      await sql.raw(migration.postgres).execute(trx);
    }
    if (rows.length === 0) await sql`INSERT INTO schema_version (version) VALUES (${latestVersion})`.execute(trx);
    else if (current < latestVersion) await sql`UPDATE schema_version SET version = ${latestVersion}`.execute(trx);
  });
}

/** An error as a short reason for the log: its code and message, which never hold a row's values. */
export function reason(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code ? `${code}: ${error.message}` : error.message;
}
