import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { log } from "../../log.server";
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

/** bigint (COUNT(*), session expiry) as a JavaScript number, as SQLite gives it; every other type as pg reads it. */
function numberBigints(): InstanceType<typeof pg.TypeOverrides> {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
  return types;
}
