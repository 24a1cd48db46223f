// Throw-away PostgreSQL and Redis servers for the benchmarks: the tests' own helpers (tests/support/), loaded from
// their TypeScript sources with Vite's module runner, so scripts and tests start, stop and remove them the same way.
import { runnerImport } from "vite";
import { repoRoot } from "./server.mjs";

/**
 * A module of tests/ (its helpers and samples), loaded from its TypeScript source; the caller names its type.
 * @param {string} file relative to tests/
 * @returns {Promise<unknown>}
 */
export async function loadTestModule(file) {
  /** @type {{ module: unknown }} */
  const { module } = await runnerImport(`/tests/${file}`, {
    root: repoRoot,
    configFile: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
  });
  return module;
}

/**
 * A PostgreSQL cluster in a temporary directory on a free loopback port: `createDatabase()` gives a URL, `stop()` and
 * `start()` take it down and back with its data, `destroy()` removes it.
 */
export async function startThrowAwayPostgres() {
  const postgres = /** @type {typeof import("../../tests/support/postgres")} */ (
    await loadTestModule("support/postgres.ts")
  );
  return postgres.startPostgres();
}

/** A redis-server on a free loopback port that writes nothing to disk: `url`, `stop()`. */
export async function startThrowAwayRedis() {
  const redis = /** @type {typeof import("../../tests/support/redis-server")} */ (
    await loadTestModule("support/redis-server.ts")
  );
  return redis.startRedis();
}
