import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "~/server/backend/built-in/backup.server";
import type { BuiltInStore, StoreConfig } from "~/server/backend/built-in/store.server";
import { useCouncilCommand } from "../support/council-command";
import { useStoreEngines } from "../support/store-engines";
import { sampleAccount as sampleAccountForRetention, sampleTeam, studentPassword } from "./samples";

/**
 * Backup and restore of the built-in store: one engine-neutral archive, SQLite → PostgreSQL → SQLite with nothing
 * lost (accounts still sign in with their passwords, the inbox shows the same entries and history), refused into a
 * store that holds data, taken from one snapshot while writes go on, and the `npm run council` commands.
 */

const { engines } = useStoreEngines();
const [sqlite, postgres] = engines as [(typeof engines)[number], (typeof engines)[number]];
let directory = "";

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), "council-backup-"));
});
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A SQLite store holding what the previous release's fixture holds: every table has rows. */
async function seededSqliteStore(): Promise<BuiltInStore> {
  const config = await sqlite.freshConfig();
  if (config.engine !== "sqlite") throw new Error("expected SQLite");
  copyFileSync(fileURLToPath(new URL("../fixtures/store-schema-3.sqlite", import.meta.url)), config.path);
  return sqlite.open(config);
}

/** What a member and a student would see: every inbox entry with its status and history, the members, a login. */
async function visibleState(store: BuiltInStore) {
  const sections = ["applications", "teams", "ideas", "suggestions"] as const;
  const inbox: Record<string, unknown> = {};
  for (const section of sections) {
    const exported = await store.inbox.exportSection(section);
    if (!exported.ok) throw new Error(`the inbox did not answer for ${section}`);
    inbox[section] = exported.value;
  }
  const login = await store.logIn("0187CS221042", studentPassword);
  const signedIn = login.ok ? await store.whoIsSignedIn(login.value) : undefined;
  return {
    inbox,
    members: await store.listCouncilMembers(),
    teams: await store.listTeams(),
    profile: await store.profiles.profileOf("0187IT230099"),
    signedIn,
  };
}

const file = (name: string) => path.join(directory, name);

describe("backup and restore of the built-in store", () => {
  it("round-trips SQLite → PostgreSQL → SQLite with the same counts, sign-ins, roles and inbox history", async () => {
    const original = await seededSqliteStore();
    const expected = await visibleState(original);
    expect(expected.signedIn).toMatchObject({ status: "signed-in", collegeId: "0187CS221042" });

    const first = file("from-sqlite.backup");
    const counts = await writeBackup(original.database, first);
    expect(counts).toMatchObject({
      accounts: 2,
      applications: 3,
      teams: 2,
      team_members: 12,
      ideas: 2,
      suggestions: 2,
      profiles: 1,
    });
    expect(counts.triage_log).toBe(4);
    expect(statSync(first).mode & 0o777, "readable by its owner only").toBe(0o600);

    const onPostgres = await postgres.fresh();
    expect(await restoreBackup(onPostgres.database, first)).toEqual({ ok: true, counts, signature: "none" });
    expect(await visibleState(onPostgres)).toEqual({ ...expected, signedIn: expect.anything() as unknown });
    expect((await visibleState(onPostgres)).signedIn).toEqual(expected.signedIn);
    // New rows after a restore get new ids (PostgreSQL's counters moved past the restored ones).
    expect((await onPostgres.registerTeam(sampleTeam("Fresh Start", "fresh"))).ok).toBe(true);
    expect(
      await onPostgres.shareIdea({
        name: "A",
        enrollment: "0187CS000001",
        college: "TIT",
        title: "T",
        description: "D",
        impact: "I",
      }),
    ).toEqual({ ok: true });

    const second = file("from-postgres.backup");
    const countsAfter = await writeBackup(onPostgres.database, second);
    expect(countsAfter).toEqual({ ...counts, teams: 3, team_members: 18, ideas: 3, sessions: countsAfter.sessions });

    const backOnSqlite = await sqlite.fresh();
    expect(await restoreBackup(backOnSqlite.database, second)).toEqual({
      ok: true,
      counts: countsAfter,
      signature: "none",
    });
    const roundTripped = await visibleState(backOnSqlite);
    expect(roundTripped.inbox.applications).toEqual(expected.inbox.applications);
    expect(roundTripped.members).toEqual(expected.members);
    expect(roundTripped.profile).toEqual(expected.profile);
    expect(roundTripped.signedIn).toEqual(expected.signedIn);
    expect(roundTripped.teams).toMatchObject({
      ok: true,
      value: [{ teamName: "Pixel Pioneers" }, { teamName: "Null Pointers" }, { teamName: "Fresh Start" }],
    });
  });

  for (const engine of [sqlite, postgres]) {
    it(`refuses to restore into a ${engine.name} store that holds data, changing nothing`, async () => {
      const archive = file(`refuse-${engine.name}.backup`);
      await writeBackup((await seededSqliteStore()).database, archive);
      const target = await engine.fresh();
      expect(
        await target.shareIdea({
          name: "Kept",
          enrollment: "0187CS000002",
          college: "TIT",
          title: "T",
          description: "D",
          impact: "I",
        }),
      ).toEqual({ ok: true });
      const outcome = await restoreBackup(target.database, archive);
      expect(outcome).toEqual({
        ok: false,
        message: "The store already holds data (1 ideas). Restore only into an empty store. Nothing was changed.",
      });
      const ideas = await target.inbox.summary();
      expect(ideas).toMatchObject({ ok: true, value: { ideas: { total: 1 }, applications: { total: 0 } } });
    });

    it(`refuses a cut-off archive on ${engine.name} and leaves the store empty`, async () => {
      const archive = file(`whole-${engine.name}.backup`);
      await writeBackup((await seededSqliteStore()).database, archive);
      const lines = gunzipSync(readFileSync(archive)).toString().split("\n");
      const cut = file(`cut-${engine.name}.backup`);
      writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join("\n")));
      const target = await engine.fresh();
      expect(await restoreBackup(target.database, cut)).toEqual({
        ok: false,
        message: `${cut} is damaged or incomplete. Nothing was changed.`,
      });
      expect(await target.inbox.summary()).toMatchObject({
        ok: true,
        value: { applications: { total: 0 }, teams: { total: 0 } },
      });
      expect(await target.listCouncilMembers()).toEqual({ ok: true, value: [] });
    });

    it(`takes one consistent snapshot on ${engine.name} while teams keep registering`, async () => {
      const config = await engine.freshConfig();
      const site = engine.open(config);
      const backupTool = engine.open(config);
      await Promise.all([site.database.ready(), backupTool.database.ready()]);
      let registering = true;
      let registered = 0;
      const writes = (async () => {
        for (let index = 0; registering && index < 400; index += 1) {
          await site.registerTeam(sampleTeam(`Team ${index}`, `t${index}`));
          registered += 1;
        }
      })();
      // The backup starts once teams are being written (not after a fixed pause, which a busy machine outlasts).
      while (registered < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const archive = file(`during-writes-${engine.name}.backup`);
      const counts = await writeBackup(backupTool.database, archive);
      registering = false;
      await writes;
      // Every team in the archive came with all six members, none with part of them.
      expect(counts.teams).toBeGreaterThan(0);
      expect(counts.team_members).toBe(counts.teams * 6);
      const restored = await engine.fresh();
      expect(await restoreBackup(restored.database, archive)).toMatchObject({ ok: true });
    });
  }
});

describe("npm run council -- backup / restore", () => {
  const run = useCouncilCommand();
  const council = (args: string[], store: StoreConfig) =>
    run(
      args,
      store.engine === "sqlite" ? { DATABASE_PATH: store.path, DATABASE_URL: "" } : { DATABASE_URL: store.url },
      60_000,
    );

  it("backs a SQLite store up, restores it into PostgreSQL, and refuses a second restore there", async () => {
    const source = await seededSqliteStore();
    await source.database.ready();
    const sourceConfig: StoreConfig = {
      engine: "sqlite",
      path: source.database.description.slice("SQLite (".length, -1),
    };
    const archive = file("cli.backup");

    const backedUp = await council(["backup", archive], sourceConfig);
    expect(backedUp.stderr).not.toMatch(/error|council:/i);
    expect(backedUp.status).toBe(0);
    expect(backedUp.stdout).toMatch(
      /Backed up SQLite \(.*\) to .*cli\.backup: 2 accounts, 1 sessions, 1 council_members, 1 profiles, 1 account_keys, 3 applications/,
    );
    expect(backedUp.stdout).toContain("readable by its owner only");
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const target = await postgres.freshConfig();
    const restored = await council(["restore", archive], target);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/Restored .*cli\.backup into PostgreSQL \(127\.0\.0\.1:\d+\/\w+\): 2 accounts/);
    expect(restored.stdout).not.toContain("council@");

    const again = await council(["restore", archive], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("The store already holds data (2 accounts,");
    expect(again.stderr).toContain("Nothing was changed.");
  }, 120_000);

  it("says so when it restores a signed archive without BACKUP_KEY, its signature unchecked", async () => {
    const source = await seededSqliteStore();
    await source.database.ready();
    const path = source.database.description.slice("SQLite (".length, -1);
    const archive = file("signed-cli.backup");
    const key = "a-backup-key-of-at-least-32-characters-cli";
    const backedUp = await run(["backup", archive], { DATABASE_PATH: path, DATABASE_URL: "", BACKUP_KEY: key }, 60_000);
    expect(backedUp.status).toBe(0);

    const target = await sqlite.freshConfig();
    if (target.engine !== "sqlite") throw new Error("expected SQLite");
    const restored = await run(
      ["restore", archive],
      { DATABASE_PATH: target.path, DATABASE_URL: "", BACKUP_KEY: "" },
      60_000,
    );
    expect(restored.status).toBe(0);
    expect(restored.stderr).toContain("is signed, but BACKUP_KEY is not set, so its signature was not checked");
  }, 120_000);

  it("retention: deletes what is past its days at once and prints counts, never names", async () => {
    const config = await sqlite.freshConfig();
    if (config.engine !== "sqlite") throw new Error("expected SQLite");
    const store = sqlite.open(config);
    // One account per e-mail address: each its own.
    for (const enrollment of ["0187RT000001", "0187RT000002"]) {
      const account = { ...sampleAccountForRetention, enrollment, email: `${enrollment.toLowerCase()}@example.org` };
      expect((await store.registerAccount(account)).ok).toBe(true);
    }
    await store.close();
    // One ID card sent 100 days ago, one today.
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(config.path);
    db.prepare("UPDATE accounts SET created_at = ? WHERE enrollment = '0187RT000001'").run(
      new Date(Date.now() - 100 * 86_400_000).toISOString(),
    );
    db.close();

    const run = await council(["retention"], config);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "Retention (90 days for ID cards, 730 for declined or archived entries): deleted 1 ID card images and 0 entries.",
    );
    expect(run.stdout + run.stderr).not.toContain("0187RT000001");
    const check = new Database(config.path, { readonly: true });
    const rows = check
      .prepare(
        "SELECT enrollment, length(id_card) AS bytes, id_card_deleted_at IS NOT NULL AS deleted FROM accounts ORDER BY enrollment",
      )
      .all();
    check.close();
    expect(rows).toEqual([
      { enrollment: "0187RT000001", bytes: 0, deleted: 1 },
      { enrollment: "0187RT000002", bytes: expect.any(Number) as number, deleted: 0 },
    ]);
  }, 60_000);
});
