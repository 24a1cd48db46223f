import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import {
  openBuiltInStore,
  type BuiltInStore,
  type StoreConfig,
  type StoreMail,
  type StoreOptions,
} from "~/server/backend/built-in/store.server";
import type { DecisionEmails } from "~/content/schemas";
import { storeMail, type StoreMailSettings } from "~/server/mail/mail-writer.server";
import { type PostgresCluster, sharedPostgres, startPostgres } from "./postgres";

/**
 * The built-in store's two engines for tests that must hold on both: each `fresh()` gives an empty store of its own
 * (a new SQLite file, or a new database on the run's throw-away PostgreSQL cluster), closed and removed after the
 * file's tests.
 */
/** The store's tables that hold people's accounts and what they sent (and had since the schema's version 3). */
export const storeTables = [
  "accounts",
  "sessions",
  "council_members",
  "profiles",
  "applications",
  "teams",
  "team_members",
  "ideas",
  "suggestions",
  "triage_state",
  "triage_log",
];

/**
 * A store's options as the tests give them: the e-mail settings as the site's (its address, its name, the hackathon,
 * the council's decision texts), made into the store's outbox settings and the mail module's writer here, as the
 * composition root makes them.
 */
export type TestStoreOptions = Omit<StoreOptions, "mail"> & {
  mail?: StoreMailSettings | StoreMail;
  decisionEmails?: DecisionEmails;
};

/** The options the store takes for the tests' options. */
export function storeOptions({ mail, decisionEmails, ...options }: TestStoreOptions = {}): StoreOptions {
  if (!mail) return options;
  return { ...options, mail: "writer" in mail ? mail : storeMail({ ...mail, decisionEmails }) };
}

export interface StoreEngine {
  name: "SQLite" | "PostgreSQL";
  /** Where a new, empty store would live (for opening several stores on the same data). */
  freshConfig(): Promise<StoreConfig>;
  /** A new, empty store. */
  fresh(options?: TestStoreOptions): Promise<BuiltInStore>;
  /** A new, empty store and where it lives, for looking at its rows from outside (`queryRows`). */
  freshWithConfig(options?: TestStoreOptions): Promise<{ config: StoreConfig; store: BuiltInStore }>;
  /** Opens another store on the same configuration (another replica, another process's view). */
  open(config: StoreConfig, options?: TestStoreOptions): BuiltInStore;
}

/** E-mail settings for a store that queues e-mails, as a site at https://council.example.test would. */
export const testStoreMail: StoreMailSettings = {
  siteUrl: "https://council.example.test",
  messageIdDomain: "council.example.test",
  siteName: "Student Council",
  contactEmail: "studentcouncil@example.org",
};

/** The same, with the hackathon the team e-mails name (its title, page and time, for the calendar file). */
export const testStoreMailWithHackathon: StoreMailSettings = {
  ...testStoreMail,
  hackathon: {
    title: "SIH 2025 Internal Hackathon",
    path: "/sih",
    summary: "The internal round.",
    when: { starts: "2027-04-24T09:00:00+05:30", ends: "2027-04-24T18:00:00+05:30", location: "Main auditorium" },
  },
};

/** An e-mail in a store's outbox, as the tests read its columns. */
export interface OutboxRow {
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  entry_section: string | null;
  /** A number on SQLite; PostgreSQL's BIGINT comes back as a string through queryRows. */
  entry_id: number | string | null;
  attachments: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The engines this project's store tests run on: SQLite in `unit`, PostgreSQL in `postgres`, both in `system`. */
    storeEngines: StoreEngine["name"][];
    /** The port of the run's shared PostgreSQL cluster, in the projects that start one. */
    postgresPort?: number;
    /** Whether the test files of a worker share its modules (`isolate: false`): the `unit` project. */
    sharedModules?: boolean;
  }
}

/**
 * The engines this run's store tests use: SQLite alone in the `unit` project, which needs no PostgreSQL; PostgreSQL
 * alone in `postgres`, which runs the same unit files again; both in `system` (and when no project says). `cluster` starts PostgreSQL ahead of the
 * first test when this run uses it, and does nothing otherwise.
 */
export function useStoreEngines(): {
  /** The engines this project runs the file's store tests on. */
  engines: StoreEngine[];
  /** SQLite, whatever the project: for a test that compares the engines or reads SQLite's files. */
  sqlite: StoreEngine;
  /** Whether this project runs the store tests on `name` (a test about one engine runs where that engine does). */
  runsOn: (name: StoreEngine["name"]) => boolean;
  cluster: () => Promise<PostgresCluster | undefined>;
} {
  return storeEnginesFor(inject("storeEngines") ?? ["SQLite", "PostgreSQL"]);
}

/**
 * SQLite alone, in every project: for a file whose tests are about SQLite (its files on disk, the development
 * outbox), which the `postgres` project then leaves out (vitest.config.ts picks files by `useStoreEngines()`).
 */
export function useSqliteStore(): StoreEngine {
  return storeEnginesFor(["SQLite"]).sqlite;
}

function storeEnginesFor(names: StoreEngine["name"][]): ReturnType<typeof useStoreEngines> {
  const directories: string[] = [];
  const stores: BuiltInStore[] = [];
  let cluster: Promise<PostgresCluster> | undefined;
  // The run's shared cluster where the project started one (tests/setup/postgres-cluster.ts); else one of its own.
  const sharedPort = inject("postgresPort");
  const postgres = () => (cluster ??= sharedPort ? Promise.resolve(sharedPostgres(sharedPort)) : startPostgres());
  // Started before the first test, not inside it: a cluster's initdb and start take longer than a test may on a busy
  // machine.
  if (names.includes("PostgreSQL")) beforeAll(() => postgres().then(() => undefined), 120_000);

  afterAll(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close().catch(() => undefined)));
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
    if (cluster) (await cluster).destroy();
  });

  const open = (config: StoreConfig, options?: TestStoreOptions) => {
    const store = openBuiltInStore(config, storeOptions(options));
    stores.push(store);
    return store;
  };

  const freshWithConfig = async (freshConfig: () => Promise<StoreConfig>, options?: TestStoreOptions) => {
    const config = await freshConfig();
    const store = open(config, options);
    await store.database.ready();
    return { config, store };
  };
  const engine = (name: StoreEngine["name"], freshConfig: () => Promise<StoreConfig>): StoreEngine => ({
    name,
    freshConfig,
    fresh: async (options) => (await freshWithConfig(freshConfig, options)).store,
    freshWithConfig: (options) => freshWithConfig(freshConfig, options),
    open,
  });

  const all = [
    engine("SQLite", () => {
      const directory = mkdtempSync(path.join(tmpdir(), "council-store-"));
      directories.push(directory);
      return Promise.resolve({ engine: "sqlite", path: path.join(directory, "council.sqlite") });
    }),
    engine("PostgreSQL", async () => ({
      engine: "postgres",
      url: await (await postgres()).createDatabase(),
      poolMax: 10,
      statementTimeoutMs: 5_000,
    })),
  ];
  const engines = all.filter((each) => names.includes(each.name));
  return {
    engines,
    sqlite: all[0]!,
    runsOn: (name) => names.includes(name),
    cluster: () => (names.includes("PostgreSQL") ? postgres() : Promise.resolve(undefined)),
  };
}

/** A second, independent look at a store's rows, as an administrator with sqlite3 or psql would have. */
export async function queryRows<T = Record<string, unknown>>(config: StoreConfig, query: string): Promise<T[]> {
  if (config.engine === "sqlite") {
    const db = new Database(config.path, { readonly: true });
    try {
      return db.prepare(query).all() as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The single number a COUNT(*) query gives. */
export async function countOf(config: StoreConfig, query: string): Promise<number> {
  const [row] = await queryRows(config, query);
  return Number(Object.values(row ?? {})[0] ?? 0);
}
