import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { log } from "../../ops/log.server";
import type { Db, StoreConfig, StoreDatabase } from "./database.server";
import { reason, StoreStartupError } from "./errors.server";
import { latestVersion, migrations } from "./migrations";
import type { Tables } from "./tables.server";

/**
 * The built-in store on PostgreSQL, shared by every replica (pg's pool). The schema is migrated on first use under
 * an advisory lock; writers that must not interleave take transaction-scoped advisory locks.
 */

/** The key of the advisory lock that replicas starting together take before migrating (any fixed number). */
const migrationLockKey = 4_210_823_117;

export function openPostgres(config: Extract<StoreConfig, { engine: "postgres" }>): StoreDatabase {
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
    types: numberBigints(),
  });
  // A connection the server closes while idle (a restart, a failover) is dropped from the pool and replaced on the
  // next query; without a listener the error would end the process.
  let lastPoolError = 0;
  pool.on("error", (error) => {
    if (Date.now() - lastPoolError < 60_000) return;
    lastPoolError = Date.now();
    log.error(`Store: lost an idle connection to ${description} (${reason(error)}); new ones are opened as needed.`);
  });

  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });

  let migrated: Promise<void> | undefined;
  const ready = () =>
    (migrated ??= migratePostgres(db, description).catch((error: unknown) => {
      migrated = undefined;
      throw error;
    }));

  const compaction = compactingAfterErasures(pool, description);

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
    afterErasure: () => compaction.run(),
    async close() {
      await db.destroy();
    },
  };
}

/**
 * The tables that hold who students are or what they sent. A DELETE leaves the row's bytes in the table's and its
 * indexes' files as a dead tuple, and a plain VACUUM only marks that space free: the bytes stay until a later row
 * happens to overwrite them (overwriting the fields first does not help either, MVCC keeps the old version). VACUUM
 * FULL writes each table and its indexes afresh and removes the old files, so erased rows leave the table files.
 */
const personalTables = [
  "accounts",
  "sessions",
  "profiles",
  "applications",
  "ideas",
  "suggestions",
  "teams",
  "team_members",
  "email_tokens",
  "outbox",
  "college_id_claims",
] as const;

/** How long a compaction waits for the transactions that may still see the erased rows (olderSnapshotsEnd). */
export const snapshotWaitMs = 2000;

/**
 * VACUUM FULL keeps every row that a transaction still open in the database can see, so the erased rows would stay in
 * the files while one that began before the erasure is open (autovacuum's ANALYZE, another request, a report). Waits
 * until no other session holds a snapshot older than now (the erasure has committed), at most `snapshotWaitMs`, and
 * answers whether they ended. Every role sees backend_xmin, without pg_read_all_stats (checked as a plain role).
 */
async function olderSnapshotsEnd(client: pg.PoolClient): Promise<boolean> {
  // The first transaction id not given out yet, as a 32-bit xid: every snapshot older than it is waited for.
  const { rows } = await client.query<{ horizon: string }>(
    "SELECT (pg_snapshot_xmax(pg_current_snapshot())::text::numeric % 4294967296)::text AS horizon",
  );
  const endsAt = Date.now() + snapshotWaitMs;
  for (;;) {
    const { rows: older } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND backend_xmin IS NOT NULL AND age(backend_xmin) > age($1::xid)`,
      [rows[0]!.horizon],
    );
    if (older[0]!.count === 0) return true;
    if (Date.now() >= endsAt) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs VACUUM FULL of the personal tables after an erasure, one run at a time per process; erasures arriving during a
 * run share the next one. It first waits for the transactions that can still see the erased rows (olderSnapshotsEnd).
 * VACUUM FULL locks each table while it copies it (milliseconds for the site's tables, longer while ID cards are
 * kept), so it waits at most `lockTimeoutMs` for a table in use: a table it could not lock is said in the log and
 * compacted by the next erasure or retention run. It must run outside any transaction.
 */
function compactingAfterErasures(pool: pg.Pool, description: string) {
  const lockTimeoutMs = 500;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  async function compact() {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      await client.query(`SET lock_timeout = ${lockTimeoutMs}; SET statement_timeout = 600000`);
      if (!(await olderSnapshotsEnd(client))) {
        log.error(
          `Store: a transaction on ${description} open since before an erasure was still open after ` +
            `${snapshotWaitMs} ms; the erased rows' bytes stay in their files until the next erasure or retention run.`,
        );
      }
      const skipped: string[] = [];
      for (const table of personalTables) {
        try {
          await client.query(`VACUUM (FULL) ${table}`);
        } catch (error) {
          skipped.push(table);
          // 55P03: the lock was not granted in time (the table was in use); anything else is worth its own line.
          if ((error as { code?: string }).code !== "55P03") {
            log.error(`Store: VACUUM FULL ${table} on ${description} failed after an erasure (${reason(error)}).`);
          }
        }
      }
      if (skipped.length > 0) {
        log.error(
          `Store: after an erasure, ${skipped.join(", ")} on ${description} could not be compacted (busy or refused); ` +
            "the erased rows' bytes stay in their files until the next erasure or retention run compacts them.",
        );
      }
    } catch (error) {
      // The erasure itself is committed: only the compaction waits for the next one.
      log.error(`Store: could not compact ${description} after an erasure (${reason(error)}).`);
    } finally {
      // The session's timeouts are not the pool's: the connection is closed rather than handed back.
      client?.release(true);
    }
  }

  function run(): Promise<void> {
    if (!running) {
      running = compact().finally(() => (running = undefined));
      return running;
    }
    // One more run after the current one, shared by everyone who asks meanwhile: it sees their rows gone.
    next ??= running.then(() => {
      next = undefined;
      return run();
    });
    return next;
  }
  return { run };
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

/** bigint (COUNT(*), session expiry) as a JavaScript number, as SQLite gives it; every other type as pg reads it. */
function numberBigints(): InstanceType<typeof pg.TypeOverrides> {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
  return types;
}
