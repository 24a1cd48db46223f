import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freeLoopbackPort } from "../../scripts/lib/server.mjs";

/**
 * A throw-away PostgreSQL cluster (Debian's postgresql package) in a temporary directory on a free loopback port,
 * for the store's tests on its second engine. PostgreSQL refuses to run as root, so as root the cluster belongs to
 * the package's `postgres` user; as anyone else, to that user. `.ci/run` installs the package; a machine without it
 * fails with the reason.
 */
export interface PostgresCluster {
  port: number;
  /** The URL of a database of this cluster (password-free: the cluster trusts local connections). */
  url(database: string): string;
  /** Creates a new, empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stop(): void;
  /** Starts it again on the same port, with the same data. */
  start(): void;
  /** Stops it and removes its directory. */
  destroy(): void;
}

const superuser = "council";

export function postgresBinDirectory(): string {
  const fromPgConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" }).stdout?.trim();
  if (fromPgConfig && existsSync(path.join(fromPgConfig, "pg_ctl"))) return fromPgConfig;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "pg_ctl"))) return bin;
  }
  throw new Error("PostgreSQL not found: install Debian's package (apt-get install postgresql), as .ci/run does.");
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the cluster's owner. */
function run(bin: string, program: string, args: string[]) {
  const command = path.join(bin, program);
  const [file, fullArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(file, fullArgs, { stdio: ["ignore", "pipe", "pipe"], cwd: tmpdir() });
}

let created = 0;

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBinDirectory();
  const directory = mkdtempSync(path.join(tmpdir(), "council-pg-"));
  if (asRoot) {
    const postgresUser = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim();
    const postgresGroup = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim();
    chownSync(directory, Number(postgresUser), Number(postgresGroup));
  }
  const dataDirectory = path.join(directory, "data");
  run(bin, "initdb", [
    "-D",
    dataDirectory,
    "-U",
    superuser,
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--no-sync",
    "--no-instructions",
  ]);
  const port = await freeLoopbackPort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-k ${directory}`,
    // A test cluster: durability is not the point, speed is.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    // No autovacuum: the throw-away databases need none, and its ANALYZE holds a snapshot in the database it visits,
    // which an erasure's compaction then waits for (VACUUM FULL keeps what a snapshot can see: before the store
    // waited, tests/backend/erased-on-postgres.system.test.ts failed so once in a full run).
    "-c autovacuum=off",
    // Room for the store tests of every worker at once on the run's shared cluster (tests/setup/postgres-cluster.ts).
    "-c max_connections=500",
  ].join(" ");
  const start = () =>
    run(bin, "pg_ctl", [
      "-D",
      dataDirectory,
      "-o",
      options,
      "-l",
      path.join(directory, "log"),
      "-w",
      "-t",
      "60",
      "start",
    ]);
  const stop = () => run(bin, "pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "stop"]);
  start();

  return {
    ...databasesAt(port),
    stop,
    start,
    destroy() {
      try {
        run(bin, "pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The URLs and new databases of the cluster listening on `port`, for any process of the run. */
function databasesAt(port: number): Pick<PostgresCluster, "port" | "url" | "createDatabase"> {
  const url = (database: string) => `postgres://${superuser}@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name = `store_${process.pid}_${++created}`) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
  };
}

/**
 * The run's shared cluster (tests/setup/postgres-cluster.ts), seen from a test file: new databases of its own on it,
 * but the cluster is not the file's to stop. A test that stops PostgreSQL starts a cluster of its own.
 */
export function sharedPostgres(port: number): PostgresCluster {
  const notOurs = () => {
    throw new Error(
      "The run's shared PostgreSQL cluster is not a test file's to stop: start one with startPostgres().",
    );
  };
  return { ...databasesAt(port), stop: notOurs, start: notOurs, destroy: () => undefined };
}
