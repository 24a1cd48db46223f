import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { restoreBackup, writeBackup } from "~/server/backend/built-in/backup.server";
import { openBuiltInStore, type BuiltInStore } from "~/server/backend/built-in/store.server";
import { latestVersion, migrations } from "~/server/backend/built-in/migrations";
import { countOf, queryRows, useStoreEngines } from "../support/store-engines";
import { sampleApplication, sampleStudent, sampleTeam } from "./samples";

/**
 * An entry's id is never given to another entry, on both engines, and an erased entry's history goes with it: a
 * council member's page that still shows an erased entry can act on nothing else. On SQLite, the upgrade that makes
 * it so (migration 8) keeps every column, constraint, index, foreign key and row of the tables it rebuilds.
 */

const { engines, sqlite } = useStoreEngines();

afterEach(() => {
  vi.useRealTimers();
});

function ok<T>(outcome: { ok: true; value: T } | { ok: false }): T {
  if (!outcome.ok) throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome.value;
}

const idea = {
  name: "Meera Joshi",
  enrollment: "0187CS231007",
  college: "TIT",
  title: "Campus lost-and-found board",
  description: "A shared board for found items.",
  impact: "Lost ID cards get back to their owners.",
};

const applicationOf = (index: number) => ({
  ...sampleApplication,
  email: `student${index}@example.org`,
  enrollment: `0187EC23${index}000`,
});

for (const engine of engines) {
  describe(`ids on ${engine.name}`, () => {
    it("an erased newest application's id goes to no new one, and its history goes with it", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      await store.database.ready();
      expect(await store.applyToCouncil(applicationOf(1))).toEqual({ ok: true });
      expect(await store.applyToCouncil(applicationOf(2))).toEqual({ ok: true });
      expect(ok(await store.inbox.triage({ entryId: "application-2", action: "decline", by: "0187ME220311" }))).toEqual(
        {
          status: "declined",
          changed: true,
        },
      );
      expect(await store.inbox.erase({ entryId: "application-2", by: "0187ME220311" })).toEqual({ ok: true });
      expect(await countOf(config, "SELECT COUNT(*) FROM triage_log WHERE entry_id = 2")).toBe(0);

      expect(await store.applyToCouncil(applicationOf(3))).toEqual({ ok: true });
      const [newest] = ok(await store.inbox.list({ section: "applications", page: 1, pageSize: 10 })).entries;
      expect(newest).toMatchObject({ id: "application-3", status: "new", history: [] });
      // The old entry's Erase button, on a page loaded before, reaches nothing.
      expect(await store.inbox.erase({ entryId: "application-2", by: "0187ME220311" })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "noSuchEntry", kind: "application", number: 2 },
      });
      expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(2);
    });

    it("an erased newest team's id and its members' ids go to no new team", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      await store.database.ready();
      expect((await store.registerTeam(sampleTeam("Pixel Pioneers", "pixel"))).ok).toBe(true);
      expect((await store.registerTeam(sampleTeam("Null Pointers", "null"))).ok).toBe(true);
      const [members] = await queryRows<{ largest: number }>(config, "SELECT MAX(id) AS largest FROM team_members");
      expect(await store.inbox.erase({ entryId: "team-2", by: "0187ME220311" })).toEqual({ ok: true });
      expect((await store.registerTeam(sampleTeam("Byte Me", "byte"))).ok).toBe(true);
      expect(await queryRows(config, "SELECT id FROM teams ORDER BY id")).toEqual([{ id: 1 }, { id: 3 }]);
      const [smallest] = await queryRows<{ id: number }>(
        config,
        "SELECT MIN(id) AS id FROM team_members WHERE team_id = 3",
      );
      expect(smallest!.id).toBeGreaterThan(members!.largest);
    });

    // Between the engines, both ways: where PostgreSQL runs (vitest.config.ts).
    it.runIf(engine.name === "PostgreSQL")("a restore into the other engine keeps the erased ids unused", async () => {
      for (const [from, to] of [
        [engine, sqlite],
        [sqlite, engine],
      ] as const) {
        const source = await from.fresh();
        expect(await source.applyToCouncil(applicationOf(1))).toEqual({ ok: true });
        expect(await source.applyToCouncil(applicationOf(2))).toEqual({ ok: true });
        expect(await source.shareIdea(idea)).toEqual({ ok: true });
        expect(await source.inbox.erase({ entryId: "application-2", by: "0187ME220311" })).toEqual({ ok: true });
        expect(await source.inbox.erase({ entryId: "idea-1", by: "0187ME220311" })).toEqual({ ok: true });
        const archive = path.join(mkdtempSync(path.join(tmpdir(), "council-ids-backup-")), "ids.backup");
        await writeBackup(source.database, archive);

        const target = await to.fresh();
        expect(await restoreBackup(target.database, archive)).toMatchObject({ ok: true });
        expect(await target.applyToCouncil(applicationOf(3))).toEqual({ ok: true });
        expect(await target.shareIdea(idea)).toEqual({ ok: true });
        const applications = ok(await target.inbox.list({ section: "applications", page: 1, pageSize: 10 }));
        expect(
          applications.entries.map((entry) => entry.id),
          `${from.name} to ${to.name}`,
        ).toEqual(["application-3", "application-1"]);
        const ideas = ok(await target.inbox.list({ section: "ideas", page: 1, pageSize: 10 }));
        expect(
          ideas.entries.map((entry) => entry.id),
          `${from.name} to ${to.name}`,
        ).toEqual(["idea-2"]);
        rmSync(path.dirname(archive), { recursive: true, force: true });
      }
    });

    it("an entry the student erases, or retention deletes, leaves no history behind", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      await store.database.ready();
      const own = { ...sampleApplication, email: sampleStudent.email, enrollment: sampleStudent.enrollment };
      expect(await store.applyToCouncil(own)).toEqual({ ok: true });
      expect(await store.applyToCouncil(applicationOf(1))).toEqual({ ok: true });
      expect(await store.applyToCouncil(applicationOf(2))).toEqual({ ok: true });
      for (const entryId of ["application-1", "application-2"]) {
        expect((await store.inbox.triage({ entryId, action: "decline", by: "0187ME220311" })).ok).toBe(true);
      }
      expect((await store.inbox.triage({ entryId: "application-3", action: "accept", by: "0187ME220311" })).ok).toBe(
        true,
      );

      expect(
        await store.students.erase({
          accountKey: "no-entry-sent-signed-in",
          verifiedEmail: sampleStudent.email,
          checkedCollegeId: sampleStudent.enrollment,
        }),
      ).toMatchObject({ ok: true, value: { applications: 1 } });
      expect(await queryRows(config, "SELECT entry_id FROM triage_log ORDER BY entry_id")).toEqual([
        { entry_id: 2 },
        { entry_id: 3 },
      ]);

      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 800 * 24 * 60 * 60 * 1000);
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({ entries: 1 });
      expect(await queryRows(config, "SELECT entry_id FROM triage_log")).toEqual([{ entry_id: 3 }]);
      expect(await queryRows(config, "SELECT entry_id FROM triage_state")).toEqual([{ entry_id: 3 }]);
    });
  });
}

describe("the upgrade of a SQLite file to ids that are never reused", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "council-ids-"));
  const stores: BuiltInStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    rmSync(directory, { recursive: true, force: true });
  });

  /**
   * The columns and objects later releases add (migration 9: the language of the page a student used; migration 13:
   * the keys of Firebase accounts, the address a Firebase profile knows, the College ID's key), left out of the
   * snapshots below: the store opens at the latest version, and this test is about what migration 8 keeps.
   */
  const laterColumns: Record<string, readonly string[]> = {
    accounts: ["enrollment_key", "email_disowned_at"],
    profiles: ["email"],
  };
  const isLaterColumn = (table: string, column: string) =>
    column === "locale" || (Object.hasOwn(laterColumns, table) && laterColumns[table]!.includes(column));
  const laterObjects = new Set([
    "account_keys",
    "account_keys_live",
    "sqlite_autoindex_account_keys_1",
    "accounts_by_enrollment_key",
    "college_id_reservations",
  ]);
  const withoutLaterColumns = (table: string) => (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => !isLaterColumn(table, column)));
  const withoutLaterColumnsSql = (statement: string | null) =>
    statement?.replace(/(, (locale|enrollment_key|email|email_disowned_at) TEXT)+\)$/, ")") ?? null;

  /** Everything SQLite says about a table: its columns, foreign keys, indexes and their columns. */
  function describeTable(db: Database.Database, table: string) {
    const indexes = db.pragma(`index_list(${table})`) as { name: string; seq: number }[];
    return {
      columns: (db.pragma(`table_xinfo(${table})`) as { name: string }[]).filter(
        (column) => !isLaterColumn(table, column.name),
      ),
      foreignKeys: db.pragma(`foreign_key_list(${table})`),
      indexes: indexes
        .filter((index) => !laterObjects.has(index.name))
        .sort((a, b) => a.name.localeCompare(b.name))
        // Without `seq`, the position in SQLite's list, which an index added later moves.
        .map(({ seq: _seq, ...index }) => ({ ...index, columns: db.pragma(`index_xinfo(${index.name})`) })),
    };
  }

  /** sqlite_schema without the counter table, and each table's rows. */
  function snapshot(file: string) {
    const db = new Database(file, { readonly: true });
    try {
      const schema = (
        db
          .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name != 'sqlite_sequence' ORDER BY name")
          .all() as { type: string; name: string; tbl_name: string; sql: string | null }[]
      ).filter((entry) => !laterObjects.has(entry.name) && !laterObjects.has(entry.tbl_name));
      for (const entry of schema) entry.sql = withoutLaterColumnsSql(entry.sql);
      const tables = schema.filter((entry) => entry.type === "table").map((entry) => entry.name);
      return {
        version: db.pragma("user_version", { simple: true }) as number,
        schema,
        structure: Object.fromEntries(tables.map((table) => [table, describeTable(db, table)])),
        rows: Object.fromEntries(
          tables.map((table) => [
            table,
            (db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all() as Record<string, unknown>[]).map(
              withoutLaterColumns(table),
            ),
          ]),
        ),
        sequences: Object.fromEntries(
          (db.prepare("SELECT name, seq FROM sqlite_sequence").all() as { name: string; seq: number }[]).map(
            ({ name, seq }) => [name, seq],
          ),
        ),
      };
    } finally {
      db.close();
    }
  }

  /** The text of a CREATE statement, ignoring layout and the quotes SQLite puts around a renamed table's name. */
  const normalised = (statement: string | null) => statement?.replace(/"/g, "").replace(/\s+/g, "");

  it("rebuilds the inbox's tables with AUTOINCREMENT, keeping every column, constraint, index, key and row", async () => {
    // The release before (schema version 7), from the fixture of schema version 3 upgraded as that release did,
    // where the council erased the newest application after declining it, and its history stayed.
    const file = path.join(directory, "council.sqlite");
    copyFileSync(fileURLToPath(new URL("../fixtures/store-schema-3.sqlite", import.meta.url)), file);
    const db = new Database(file);
    for (const migration of migrations.filter(({ version }) => version > 3 && version <= 7)) db.exec(migration.sqlite);
    db.pragma("user_version = 7");
    db.exec(`
      INSERT INTO triage_state (section, entry_id, status) VALUES ('applications', 3, 'declined');
      INSERT INTO triage_log (section, entry_id, action, status, by_college_id, at)
        VALUES ('applications', 3, 'decline', 'declined', '0187ME220311', '2026-11-25T10:00:00.000Z');
      DELETE FROM triage_state WHERE section = 'applications' AND entry_id = 3;
      DELETE FROM applications WHERE id = 3;
      INSERT INTO erasures (section, entry_id, what, reason, by_college_id, at)
        VALUES ('applications', 3, 'entry', 'council-request', '0187ME220311', '2026-11-25T10:01:00.000Z');
      INSERT INTO outbox (kind, recipient, subject, text_body, html_body, message_id, status, next_attempt_at,
          created_at, entry_section, entry_id)
        VALUES ('team-notice', 'm@example.org', 'S', 'T', 'H', '<1@x>', 'sent', 0, '2026-11-25T10:02:00.000Z', 'ideas', 9);
    `);
    db.close();
    const before = snapshot(file);
    expect(before.version).toBe(7);

    // Migration 8 alone, as the store runs it (foreign keys off, checked before the commit): this test is about what
    // it keeps; later migrations change tables of their own (migration 12 rebuilds team_members again).
    const upgrading = new Database(file);
    upgrading.pragma("foreign_keys = OFF");
    upgrading.transaction(() => {
      upgrading.exec(migrations.find(({ version }) => version === 8)!.sqlite);
      upgrading.pragma("user_version = 8");
    })();
    expect(upgrading.pragma("foreign_key_check")).toEqual([]);
    upgrading.close();
    const after = snapshot(file);
    expect(after.version).toBe(8);

    const rebuilt = ["applications", "teams", "team_members", "ideas", "suggestions", "triage_log", "erasures"];
    expect(after.schema.map(({ type, name, tbl_name }) => ({ type, name, tbl_name }))).toEqual(
      before.schema.map(({ type, name, tbl_name }) => ({ type, name, tbl_name })),
    );
    for (const [index, entry] of after.schema.entries()) {
      const was = before.schema[index]!;
      if (entry.type === "table" && rebuilt.includes(entry.name)) {
        expect(normalised(was.sql)).toContain("idINTEGERPRIMARYKEY,");
        expect(normalised(entry.sql), entry.name).toBe(
          normalised(was.sql)!.replace("idINTEGERPRIMARYKEY,", "idINTEGERPRIMARYKEYAUTOINCREMENT,"),
        );
      } else {
        expect(entry.sql, entry.name).toBe(was.sql);
      }
    }
    expect(after.structure).toEqual(before.structure);

    // Every row as it was, but for the history of the application erased before.
    expect(after.rows).toEqual({
      ...before.rows,
      triage_log: before.rows.triage_log!.filter((row) => (row as { entry_id: number }).entry_id !== 3),
    });
    expect(before.rows.triage_log).toHaveLength(5);

    // Each counter starts above every id the section used: the erased application, an idea only an e-mail names.
    expect(after.sequences).toMatchObject({
      applications: 3,
      teams: 2,
      team_members: 12,
      ideas: 9,
      suggestions: 2,
      triage_log: 5,
      erasures: 1,
    });
    // The store opens it at the latest version, and the counters hold on.
    const store = openBuiltInStore(file);
    stores.push(store);
    expect(snapshot(file).version).toBe(latestVersion);
    expect(await store.applyToCouncil(applicationOf(5))).toEqual({ ok: true });
    const [newest] = ok(await store.inbox.list({ section: "applications", page: 1, pageSize: 10 })).entries;
    expect(newest).toMatchObject({ id: "application-4", history: [] });

    // Foreign keys are on again and still hold: a team's members go with it, a member needs a team.
    const handle = store.database.sqlite!;
    expect(handle.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(handle.pragma("foreign_key_check")).toEqual([]);
    expect(await store.inbox.erase({ entryId: "team-1", by: "0187ME220311" })).toEqual({ ok: true });
    expect(handle.prepare("SELECT COUNT(*) FROM team_members WHERE team_id = 1").pluck().get()).toBe(0);
    expect(handle.prepare("SELECT COUNT(*) FROM team_members").pluck().get()).toBe(6);
    expect(() =>
      handle
        .prepare(
          `INSERT INTO team_members (team_id, position, name, email, phone, gender, institution, skills, role)
           VALUES (99, 0, 'N', 'n@example.org', '1', 'male', 'I', 'S', 'leader')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it("refuses an upgrade that would leave a row pointing to nothing, and changes nothing", () => {
    const file = path.join(directory, "dangling.sqlite");
    const db = new Database(file);
    for (const migration of migrations.filter(({ version }) => version <= 7)) db.exec(migration.sqlite);
    db.pragma("user_version = 7");
    // Written with foreign keys off (as an older tool might have): a member of a team that does not exist.
    db.pragma("foreign_keys = OFF");
    db.exec(`INSERT INTO team_members (team_id, position, name, email, phone, gender, institution, skills, role)
             VALUES (42, 0, 'N', 'n@example.org', '1', 'male', 'I', 'S', 'leader')`);
    db.close();
    expect(() => openBuiltInStore(file)).toThrow(/rows that point to rows that do not exist \(in team_members\)/);
    expect(snapshot(file).version).toBe(7);
  });
});
