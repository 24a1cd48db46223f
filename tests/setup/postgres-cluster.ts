import type { TestProject } from "vitest/node";
import { startPostgres } from "../support/postgres";

/**
 * One throw-away PostgreSQL cluster for a project's whole run (vitest.config.ts: `postgres` and `system`), instead of
 * one a test file: each file's stores get new databases of their own on it (tests/support/store-engines.ts), and an
 * initdb and a server start a file were a minute of CPU in every CI run. Tests that stop PostgreSQL, or run replicas
 * against it, start clusters of their own.
 */
export default async function startSharedPostgres(project: TestProject) {
  const cluster = await startPostgres();
  project.provide("postgresPort", cluster.port);
  return () => cluster.destroy();
}
