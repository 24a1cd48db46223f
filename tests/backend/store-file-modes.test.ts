import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { writeBackup, restoreBackup } from "~/server/backend/built-in/backup.server";
import { openBuiltInStore, type BuiltInStore } from "~/server/backend/built-in/store.server";
import { log } from "~/server/ops/log.server";
import { sampleAccount, sampleApplication } from "./samples";

/**
 * The SQLite store's files hold password hashes, ID cards and dates of birth: whoever else has an account on the
 * machine reads none of them, whatever the umask (this suite runs with the usual 022), and a backup's temporary file
 * is never one someone put there first.
 */

const directory = mkdtempSync(path.join(tmpdir(), "council-modes-"));
const stores: BuiltInStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  rmSync(directory, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

async function storeWithRows(file: string) {
  const store = openBuiltInStore(file);
  stores.push(store);
  expect(await store.registerAccount(sampleAccount)).toEqual({ ok: true });
  expect(await store.applyToCouncil(sampleApplication)).toEqual({ ok: true });
  return store;
}

describe("the SQLite store's files", () => {
  it("are created readable by their owner only, with the folder made for them, -wal and -shm too", async () => {
    const file = path.join(directory, "new", "folder", "council.sqlite");
    await storeWithRows(file);
    expect(modeOf(path.join(directory, "new"))).toBe(0o700);
    expect(modeOf(path.join(directory, "new", "folder"))).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(name), name).toBe(true);
      expect(modeOf(name), name).toBe(0o600);
    }
  });

  it("a store restored from a backup is created readable by its owner only", async () => {
    const store = await storeWithRows(path.join(directory, "source.sqlite"));
    const archive = path.join(directory, "source.backup");
    await writeBackup(store.database, archive);
    expect(modeOf(archive)).toBe(0o600);

    const restoredFile = path.join(directory, "restored", "council.sqlite");
    const restored = openBuiltInStore(restoredFile);
    stores.push(restored);
    expect(await restoreBackup(restored.database, archive)).toMatchObject({ ok: true });
    for (const name of [restoredFile, `${restoredFile}-wal`, `${restoredFile}-shm`])
      expect(modeOf(name), name).toBe(0o600);
  });

  it("an existing file keeps its mode, and one others can read is named in the log", async () => {
    const file = path.join(directory, "shared.sqlite");
    writeFileSync(file, "", { mode: 0o644 });
    const warned = vi.spyOn(log, "warn").mockImplementation(() => {});
    await storeWithRows(file);
    expect(modeOf(file)).toBe(0o644);
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/DATABASE_PATH=.*shared\.sqlite can be read by other users.*chmod 600/),
    );
  });
});

describe("a backup's temporary file", () => {
  it("is never one that was there before: a file of that name is refused, left as it was, and no backup is written", async () => {
    const store = await storeWithRows(path.join(directory, "backed-up.sqlite"));
    const archive = path.join(directory, "planted.backup");
    const planted = `${archive}.partial-${process.pid}`;
    writeFileSync(planted, "someone else's", { mode: 0o644 });

    await expect(writeBackup(store.database, archive)).rejects.toThrow(
      `${planted} already exists (another backup running, or one that stopped half-way); nothing was written.`,
    );
    expect(readFileSync(planted, "utf8")).toBe("someone else's");
    expect(existsSync(archive)).toBe(false);

    rmSync(planted);
    await writeBackup(store.database, archive);
    expect(modeOf(archive)).toBe(0o600);
    expect(existsSync(planted)).toBe(false);
  });
});
