import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "~/server/backend/built-in/backup.server";
import { openBuiltInStore, type BuiltInStore } from "~/server/backend/built-in/store.server";
import { sampleAccount, sampleApplication } from "./samples";

/**
 * A restore of an archive someone changed: it is refused with the usual message and nothing changes, however it was
 * changed (a line too long to hold, rows after the closing line, bytes that are no gzip), and never by a crash.
 */

const directory = mkdtempSync(path.join(tmpdir(), "council-tampered-"));
const stores: BuiltInStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  rmSync(directory, { recursive: true, force: true });
});

let opened = 0;
function freshStore() {
  opened += 1;
  const store = openBuiltInStore(path.join(directory, `store-${opened}.sqlite`));
  stores.push(store);
  return store;
}

async function archiveOfOneAccount(): Promise<string[]> {
  const store = freshStore();
  expect(await store.registerAccount(sampleAccount)).toEqual({ ok: true });
  expect(await store.applyToCouncil(sampleApplication)).toEqual({ ok: true });
  const archive = path.join(directory, `source-${opened}.backup`);
  await writeBackup(store.database, archive);
  return gunzipSync(readFileSync(archive)).toString().split("\n");
}

async function expectRefusedAndEmpty(archive: string) {
  const target = freshStore();
  expect(await restoreBackup(target.database, archive)).toEqual({
    ok: false,
    message: `${archive} is damaged or incomplete. Nothing was changed.`,
  });
  expect(target.database.sqlite!.prepare("SELECT COUNT(*) FROM accounts").pluck().get()).toBe(0);
  expect(target.database.sqlite!.prepare("SELECT COUNT(*) FROM applications").pluck().get()).toBe(0);
}

describe("restoring a changed archive", () => {
  it("refuses a line of 600 MB (a small gzip file) as it arrives, without holding it or crashing", async () => {
    const [header] = await archiveOfOneAccount();
    const archive = path.join(directory, "long-line.backup");
    const megabyte = Buffer.alloc(1024 * 1024, "a");
    function* content() {
      yield Buffer.from(`${header}\n{"table":"accounts","row":{"username":"`);
      for (let index = 0; index < 600; index += 1) yield megabyte;
      yield Buffer.from(`"}}\n`);
    }
    await pipeline(Readable.from(content()), createGzip({ level: 1 }), createWriteStream(archive));
    const before = process.memoryUsage().rss;
    await expectRefusedAndEmpty(archive);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  }, 60_000);

  it("refuses rows after the closing line", async () => {
    const lines = await archiveOfOneAccount();
    const closing = lines.findIndex((line) => line.startsWith('{"end":true'));
    const applicationRow = lines.find((line) => line.startsWith('{"table":"applications"'))!;
    const archive = path.join(directory, "after-the-end.backup");
    writeFileSync(archive, gzipSync([...lines.slice(0, closing + 1), applicationRow, ""].join("\n")));
    await expectRefusedAndEmpty(archive);
  });

  it("refuses bytes that are no gzip stream", async () => {
    const lines = await archiveOfOneAccount();
    const archive = path.join(directory, "broken-gzip.backup");
    const whole = gzipSync(lines.join("\n"));
    writeFileSync(archive, Buffer.concat([whole.subarray(0, 40), Buffer.alloc(200, 0x5a)]));
    await expectRefusedAndEmpty(archive);
  });
});

describe("a signed archive (BACKUP_KEY)", () => {
  const key = "a-backup-key-of-at-least-32-characters-0123";

  async function signedLines(): Promise<string[]> {
    const store = freshStore();
    expect(await store.registerAccount(sampleAccount)).toEqual({ ok: true });
    const archive = path.join(directory, `signed-${opened}.backup`);
    await writeBackup(store.database, archive, { key });
    return gunzipSync(readFileSync(archive)).toString().split("\n");
  }

  const written = (name: string, lines: string[]) => {
    const archive = path.join(directory, name);
    writeFileSync(archive, gzipSync(lines.join("\n")));
    return archive;
  };
  const refusal = (archive: string) => ({
    ok: false,
    message: `${archive} is not signed with this BACKUP_KEY, or was changed since it was taken. Nothing was changed.`,
  });

  it("restores with the same key", async () => {
    const archive = written("signed.backup", await signedLines());
    expect(await restoreBackup(freshStore().database, archive, { key })).toMatchObject({
      ok: true,
      counts: { accounts: 1 },
      signature: "checked",
    });
    const unsigned = written("plain.backup", await archiveOfOneAccount());
    expect(await restoreBackup(freshStore().database, unsigned)).toMatchObject({ ok: true, signature: "none" });
  });

  it("refuses a council_members row added with its counts adjusted, and grants nobody the role", async () => {
    const lines = await signedLines();
    const closing = lines.findIndex((line) => line.startsWith('{"end":true'));
    const end = JSON.parse(lines[closing]!) as { end: true; counts: Record<string, number>; mac: string };
    const accountId = (JSON.parse(lines[1]!) as { row: { id: number } }).row.id;
    const grant = JSON.stringify({
      table: "council_members",
      row: { account_id: accountId, granted_at: "2026-11-27T00:00:00.000Z" },
    });
    // Where the table order puts it (after sessions, before profiles), and the closing line's count raised to match.
    const rows = lines.slice(0, closing);
    const at = rows.findIndex((line) => /^\{"table":"(profiles|applications)"/.test(line));
    rows.splice(at === -1 ? rows.length : at, 0, grant);
    const tampered = [...rows, JSON.stringify({ ...end, counts: { ...end.counts, council_members: 1 } }), ""];
    const archive = written("granted.backup", tampered);
    const target = freshStore();
    expect(await restoreBackup(target.database, archive, { key })).toEqual(refusal(archive));
    expect(target.database.sqlite!.prepare("SELECT COUNT(*) FROM council_members").pluck().get()).toBe(0);
    expect(target.database.sqlite!.prepare("SELECT COUNT(*) FROM accounts").pluck().get()).toBe(0);
    // Without the key the same archive is taken as it is: an archive is trusted like the database (docs/deployment.md), and the
    // outcome says its signature was not checked, which the council command prints as a warning.
    expect(await restoreBackup(freshStore().database, archive)).toMatchObject({ ok: true, signature: "not checked" });
  });

  it("refuses an unsigned archive, and one signed with another key", async () => {
    const unsigned = written("unsigned.backup", await archiveOfOneAccount());
    expect(await restoreBackup(freshStore().database, unsigned, { key })).toEqual(refusal(unsigned));
    const other = written("other-key.backup", await signedLines());
    expect(await restoreBackup(freshStore().database, other, { key: `${key}-other` })).toEqual(refusal(other));
  });
});
