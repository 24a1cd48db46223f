import type Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { openPostgres } from "./postgres.server";
import { openSqlite } from "./sqlite.server";
import type { Tables } from "./tables.server";

export { reason, StoreStartupError } from "./errors.server";

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
