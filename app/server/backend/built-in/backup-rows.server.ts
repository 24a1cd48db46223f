import { Transform } from "node:stream";
import { sql } from "kysely";
import { teamNameKey } from "~/forms/team-name";
import type { Db } from "./database.server";
import { byteColumns, type Tables, tablesInOrder } from "./tables.server";
import type { TableCounts } from "./backup.server";

/**
 * The rows of a backup archive (backup.server.ts): the order they are written in, their bytes as base64, the counts
 * and ids a restore checks, the longest line it accepts, and the ways a restore fails.
 */

/** How many rows each table holds. */
export async function countRows(trx: Db): Promise<TableCounts> {
  const counts = {} as TableCounts;
  for (const { name } of tablesInOrder) {
    const { rows } = await sql<{ count: number }>`SELECT COUNT(*) AS count FROM ${sql.table(name)}`.execute(trx);
    counts[name] = Number(rows[0]?.count ?? 0);
  }
  return counts;
}

/** The ids a table's rows have; for an inbox section's table also those of its erased entries. */
export function idsUsed(table: keyof Tables) {
  const ids = sql`SELECT id FROM ${sql.table(table)}`;
  if (!(inboxTables as readonly string[]).includes(table)) return ids;
  return sql`${ids} UNION ALL SELECT entry_id AS id FROM erasures WHERE section = ${table} AND entry_id IS NOT NULL`;
}
export const inboxTables = ["applications", "teams", "ideas", "suggestions"] as const;

export class DamagedArchive extends Error {}
export class NotSigned extends Error {}

/**
 * The longest line an archive of ours holds: a row with an ID card (at most 5 MB, a third more as base64) and the
 * rest of the row. A longer one (a small gzip file can hold a line of hundreds of megabytes) is refused as it
 * arrives, before it is held in memory whole.
 */
export const longestLine = 16 * 1024 * 1024;

/** Passes the text through, failing with DamagedArchive once a line grows past `limit` bytes. */
export function linesAtMost(limit: number) {
  let sinceNewline = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lastNewline = chunk.lastIndexOf(10);
      if (lastNewline === -1) {
        sinceNewline += chunk.length;
      } else {
        // The longest complete line within the chunk, then what follows its last newline.
        let start = 0;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) {
          if (sinceNewline + at - start > limit) return done(new DamagedArchive());
          sinceNewline = 0;
          start = at + 1;
        }
        sinceNewline = chunk.length - lastNewline - 1;
      }
      if (sinceNewline > limit) return done(new DamagedArchive());
      done(null, chunk);
    },
  });
}

/** Rows the archive holds that this store cannot hold together; thrown, so the transaction writes nothing. */
export class RestoreClash extends Error {}

/**
 * Team names as the site compares them (app/forms/team-name.ts): a store written before it compared them so, or by an
 * engine that folds less, may hold two that are now one name. Said by name, before any constraint says it obscurely.
 */
export function sameTeamNames() {
  const seen = new Map<string, string>();
  return {
    add(name: string) {
      const key = teamNameKey(name);
      const earlier = seen.get(key);
      if (earlier !== undefined) throw new RestoreClash(`the teams "${earlier}" and "${name}" have the same name`);
      seen.set(key, name);
    },
  };
}

export function orderOf(table: keyof Tables) {
  switch (table) {
    case "council_members":
      return sql`account_id`;
    case "profiles":
      return sql`uid`;
    case "account_keys":
      return sql`account_key`;
    case "triage_state":
      return sql`section, entry_id`;
    case "college_id_reservations":
      return sql`college_id_key`;
    case "club_coordinators":
      return sql`college_id_key, club_slug`;
    case "content_images":
      return sql`name`;
    default:
      return sql`id`;
  }
}

export function encodeRow(table: keyof Tables, row: Record<string, unknown>) {
  const encoded = { ...row };
  for (const column of byteColumns[table] ?? []) {
    const bytes = encoded[column];
    if (bytes instanceof Uint8Array) encoded[column] = { base64: Buffer.from(bytes).toString("base64") };
  }
  return encoded;
}

export function decodeRow(table: keyof Tables, row: Record<string, unknown>) {
  const decoded = { ...row };
  for (const column of byteColumns[table] ?? []) {
    const value = decoded[column] as { base64?: unknown } | undefined;
    if (typeof value?.base64 !== "string") throw new DamagedArchive();
    decoded[column] = Buffer.from(value.base64, "base64");
  }
  return decoded;
}
