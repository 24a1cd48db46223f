import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, openSync, renameSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { pipeline as streamPipeline } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "kysely";
import { latestVersion } from "./migrations";
import type { Db, StoreDatabase } from "./database.server";
import {
  countRows,
  DamagedArchive,
  decodeRow,
  encodeRow,
  idsUsed,
  inboxTables,
  linesAtMost,
  longestLine,
  NotSigned,
  orderOf,
  RestoreClash,
  sameTeamNames,
} from "./backup-rows.server";
import { type Tables, tablesInOrder } from "./tables.server";

/**
 * Backup and restore of the whole built-in store as one engine-neutral archive: gzip-compressed JSON lines, a header,
 * then every row of every table (bytes as base64), then a closing line with the counts, so a cut-off file is noticed.
 * Taken from one snapshot, so it is consistent while the site keeps running. It holds password hashes and ID cards:
 * the file is created readable by its owner only.
 */

const format = "student-council-store";
const formatVersion = 1;
const pageSize = 500;

export type TableCounts = Record<keyof Tables, number>;

interface Header {
  format: typeof format;
  formatVersion: number;
  schemaVersion: number;
  createdAt: string;
}

/**
 * With a key (BACKUP_KEY), the closing line carries an HMAC-SHA256 of every line before it and of the counts: a
 * restore given the key refuses an archive changed since (a council_members row added, counts adjusted), and one not
 * signed with it. Without a key an archive is trusted like the database itself (docs/deployment.md, "Backup and restore").
 */
export interface BackupOptions {
  key?: string;
}

/** Writes the archive to `file` (replacing it only once complete) and returns how many rows of each table it holds. */
export async function writeBackup(
  store: StoreDatabase,
  file: string,
  { key }: BackupOptions = {},
): Promise<TableCounts> {
  const partial = `${file}.partial-${process.pid}`;
  // O_EXCL: a file already there under that name (left by a crashed run, or put there by someone else with a mode
  // of their choosing) is never written into, and never removed as ours.
  let descriptor: number;
  try {
    descriptor = openSync(partial, "wx", 0o600);
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    throw new Error(
      `${partial} already exists (another backup running, or one that stopped half-way); nothing was written. Remove it and try again.`,
    );
  }
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { fd: descriptor }));
  const mac = key === undefined ? undefined : createHmac("sha256", key);
  const writeLine = async (value: unknown, signed = true) => {
    const line = `${JSON.stringify(value)}\n`;
    if (signed) mac?.update(line);
    if (!gzip.write(line)) await once(gzip, "drain");
  };
  try {
    const counts = await store.read(async (trx) => {
      const header: Header = {
        format,
        formatVersion,
        schemaVersion: latestVersion,
        createdAt: new Date().toISOString(),
      };
      await writeLine(header);
      const counted = {} as TableCounts;
      for (const { name } of tablesInOrder) {
        counted[name] = 0;
        for (let offset = 0; ; offset += pageSize) {
          const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)} ORDER BY ${orderOf(name)}
            LIMIT ${pageSize} OFFSET ${offset}`.execute(trx);
          for (const row of rows.rows) await writeLine({ table: name, row: encodeRow(name, row) });
          counted[name] += rows.rows.length;
          if (rows.rows.length < pageSize) break;
        }
      }
      return counted;
    });
    // The closing line is the one line the signature does not cover: it carries it.
    await writeLine(
      mac ? { end: true, counts, mac: mac.update(JSON.stringify(counts)).digest("hex") } : { end: true, counts },
      false,
    );
    gzip.end();
    await written;
    renameSync(partial, file);
    return counts;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * `signature`: checked against the key; `not checked`, the archive is signed but no key was given (the command says
 * so, since a changed archive would have gone unnoticed); `none`, neither signed nor a key given.
 */
export type RestoreOutcome =
  { ok: true; counts: TableCounts; signature: "checked" | "not checked" | "none" } | { ok: false; message: string };

/**
 * Loads an archive into an empty store of either engine, in one transaction: a store that holds any row, or an
 * archive that is damaged or from another schema version, is refused with a message and nothing changes.
 */
export async function restoreBackup(
  store: StoreDatabase,
  file: string,
  { key }: BackupOptions = {},
): Promise<RestoreOutcome> {
  const lines = createInterface({
    // One pipeline: a failure anywhere (a damaged gzip stream, too long a line) reaches the lines read below.
    input: streamPipeline(createReadStream(file), createGunzip(), linesAtMost(longestLine), () => {}),
    crlfDelay: Infinity,
  });
  const iterator: AsyncIterator<string> = lines[Symbol.asyncIterator]();
  const mac = key === undefined ? undefined : createHmac("sha256", key);
  /** The next line; every line but the closing one counts towards the signature. */
  const next = async (): Promise<Record<string, unknown> | undefined> => {
    const result = await iterator.next();
    if (result.done) return undefined;
    const parsed: unknown = JSON.parse(result.value);
    if (!parsed || typeof parsed !== "object") throw new DamagedArchive();
    if ((parsed as { end?: unknown }).end !== true) mac?.update(`${result.value}\n`);
    return parsed as Record<string, unknown>;
  };

  let signature: "checked" | "not checked" | "none" = "checked";
  try {
    const header = await next();
    if (header?.format !== format || header.formatVersion !== formatVersion) {
      return { ok: false, message: `${file} is not a backup of this site's store. Nothing was changed.` };
    }
    if (header.schemaVersion !== latestVersion) {
      return {
        ok: false,
        message: `${file} was taken at schema version ${String(header.schemaVersion)}; this release restores version ${latestVersion}. Restore it with the release that took it, then upgrade. Nothing was changed.`,
      };
    }
    return await store.write(async (trx): Promise<RestoreOutcome> => {
      await store.lock(trx, "restore");
      await forgetSeededContent(trx);
      const existing = await countRows(trx);
      const held = Object.entries(existing).filter(([, count]) => count > 0);
      if (held.length > 0) {
        return {
          ok: false,
          message: `The store already holds data (${held.map(([table, count]) => `${count} ${table}`).join(", ")}). Restore only into an empty store. Nothing was changed.`,
        };
      }
      const counts = Object.fromEntries(tablesInOrder.map(({ name }) => [name, 0])) as TableCounts;
      const teamNames = sameTeamNames();
      const known = new Set<string>(tablesInOrder.map(({ name }) => name));
      for (let line = await next(); ; line = await next()) {
        if (!line) throw new DamagedArchive();
        if (line.end === true) {
          if (JSON.stringify(line.counts) !== JSON.stringify(counts)) throw new DamagedArchive();
          if (!mac) signature = typeof line.mac === "string" ? "not checked" : "none";
          else {
            const expected = mac.update(JSON.stringify(line.counts)).digest();
            const given = Buffer.from(typeof line.mac === "string" ? line.mac : "", "hex");
            if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotSigned();
          }
          // Nothing may follow the closing line: what did would have been written after the counts were taken.
          if ((await iterator.next()).done !== true) throw new DamagedArchive();
          break;
        }
        const table = line.table;
        if (typeof table !== "string" || !known.has(table) || !line.row || typeof line.row !== "object")
          throw new DamagedArchive();
        const name = table as keyof Tables;
        const row = decodeRow(name, line.row as Record<string, unknown>);
        if (name === "teams") teamNames.add(String(row.team_name));
        try {
          await trx.insertInto(name).values(row).execute();
        } catch (error) {
          // The archive's engine let through what this one refuses (SQLite folds only ASCII letter case).
          if (store.isUniqueViolation(error)) throw new RestoreClash(`a row of ${name} clashes with an earlier one`);
          throw error;
        }
        counts[name] += 1;
      }
      // Rows came with their ids: each counter moves past them, and past the ids of entries erased before the
      // backup (the record of erasures names them), or the next entry would get an erased one's id.
      for (const { name } of tablesInOrder.filter(({ id }) => id)) {
        const used = idsUsed(name);
        if (store.engine === "postgres") {
          await sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), m) FROM (SELECT MAX(id) AS m FROM (${used}) u) t WHERE m IS NOT NULL`.execute(
            trx,
          );
        } else {
          // The AUTOINCREMENT counter: raised, or written when no row was restored (all the section's entries erased).
          await sql`UPDATE sqlite_sequence SET seq = (SELECT MAX(id) FROM (${used}) u)
            WHERE name = ${name} AND seq < (SELECT MAX(id) FROM (${used}) u)`.execute(trx);
          if ((inboxTables as readonly string[]).includes(name)) {
            await sql`INSERT INTO sqlite_sequence (name, seq) SELECT ${name}, m FROM (SELECT MAX(id) AS m FROM (${used}) u) t
              WHERE m IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ${name})`.execute(trx);
          }
        }
      }
      return { ok: true, counts, signature };
    });
  } catch (error) {
    if (error instanceof NotSigned) {
      return {
        ok: false,
        message: `${file} is not signed with this BACKUP_KEY, or was changed since it was taken. Nothing was changed.`,
      };
    }
    if (error instanceof RestoreClash) {
      return {
        ok: false,
        message: `${file} cannot be restored: ${error.message}. Rename or remove one of them in the store the backup was taken from, take a new backup and restore that. Nothing was changed.`,
      };
    }
    if (
      error instanceof DamagedArchive ||
      error instanceof SyntaxError ||
      (error as { code?: string }).code === "Z_DATA_ERROR"
    ) {
      return { ok: false, message: `${file} is damaged or incomplete. Nothing was changed.` };
    }
    throw error;
  } finally {
    lines.close();
  }
}
/**
 * A server started on the empty store before the restore wrote the content files into it as its first versions: such
 * a store is still empty of anything the council did, and the archive's content replaces the seed.
 */
async function forgetSeededContent(trx: Db): Promise<void> {
  const others = await trx
    .selectFrom("content_versions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("saved_by", "<>", "seed")
    .executeTakeFirst();
  if (Number(others?.count ?? 0) === 0) await trx.deleteFrom("content_versions").execute();
}
