import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTeamRegistrationSchema } from "~/forms/team-registration-schema";
import { teamNameKey } from "~/forms/team-name";
import { en } from "~/i18n/catalogue/en";
import { restoreBackup, writeBackup } from "~/server/backend/built-in/backup.server";
import { countOf, useStoreEngines } from "../support/store-engines";
import { sampleTeam } from "./samples";

/**
 * Team names that look the same are the same name, on both engines: compatibility forms, combining accents, letter
 * case beyond ASCII; a word mixing look-alike alphabets is refused; and a restore of a store from before, which may
 * hold two such names, says which instead of failing on a constraint.
 */

const { engines, sqlite, runsOn } = useStoreEngines();
const scratch = mkdtempSync(path.join(tmpdir(), "council-team-names-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("teamNameKey", () => {
  it.each([
    ["Téam", "Te\u0301am"],
    ["Team", "Ｔｅａｍ"],
    ["TÉAM X", "Téam X"],
    ["Straße", "STRASSE"],
    ["Null  Pointers ", "null pointers"],
    ["ﬁnal", "FINAL"],
  ])("%j and %j are one name", (first, second) => {
    expect(teamNameKey(first)).toBe(teamNameKey(second));
  });

  it.each([
    ["Team", "Teams"],
    ["Téam", "Team"],
    ["Null Pointers", "NullPointers"],
  ])("%j and %j are two names", (first, second) => {
    expect(teamNameKey(first)).not.toBe(teamNameKey(second));
  });
});

describe("the team form's name", () => {
  const parse = (teamName: string) =>
    createTeamRegistrationSchema(en.forms).safeParse({
      ...sampleTeam(teamName, "form"),
      consent: true,
    });

  it("refuses a word that mixes Latin and Cyrillic letters, with a message saying so", () => {
    const parsed = parse("T\u0435am Rocket"); // Cyrillic е
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(
      "Use the letters of one alphabet in each word of the team name.",
    );
  });

  it("accepts names in one alphabet per word, whatever the alphabet", () => {
    for (const name of ["Команда", "टीम Alpha", "Ομάδα 7", "Café Coders"]) {
      expect(parse(name).success, name).toBe(true);
    }
  });
});

for (const engine of engines) {
  describe(`team names on ${engine.name}`, () => {
    it("refuses a second team whose name reads the same, naming the team that has it", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      expect((await store.registerTeam(sampleTeam("Téam X", "first"))).ok).toBe(true);
      for (const [index, name] of ["TÉAM X", "Te\u0301am X", "Ｔéａｍ Ｘ", "  téam   x "].entries()) {
        expect(await store.registerTeam(sampleTeam(name, `again${index}`)), name).toEqual({
          ok: false,
          reason: "rejected",
          refusal: { code: "teamNameTaken", team: "Téam X" },
        });
      }
      expect((await store.registerTeam(sampleTeam("Team X", "plain"))).ok, "without the accent it is another").toBe(
        true,
      );
      expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(2);
    });

    it("lets only one of two registrations of look-alike names through at once", async () => {
      const config = await engine.freshConfig();
      const [first, second] = [engine.open(config), engine.open(config)];
      await first.database.ready();
      const outcomes = await Promise.all([
        first.registerTeam(sampleTeam("Pixel Ｐｉｏｎｅｅｒｓ", "one")),
        second.registerTeam(sampleTeam("pixel pioneers", "two")),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(1);
    });
  });
}

// From SQLite to PostgreSQL: where PostgreSQL runs (vitest.config.ts).
describe.runIf(runsOn("PostgreSQL"))(
  "restoring a store whose team names clash once compared as readers see them",
  () => {
    it("names both teams and changes nothing, instead of failing on PostgreSQL's unique index", async () => {
      const postgres = engines.find((engine) => engine.name === "PostgreSQL")!;
      const sourceConfig = await sqlite.freshConfig();
      const source = sqlite.open(sourceConfig);
      await source.database.ready();
      expect((await source.registerTeam(sampleTeam("Téam X", "first"))).ok).toBe(true);
      // As a store from before this rule could hold it: SQLite's own index folds ASCII letters only, so it lets in
      // the same name in capitals, which PostgreSQL's index refuses.
      await source.database.write((trx) =>
        trx
          .insertInto("teams")
          .values({ team_name: "TÉAM X", category: "design", description: "", created_at: new Date().toISOString() })
          .execute(),
      );
      const archive = path.join(scratch, "clash.jsonl.gz");
      await writeBackup(source.database, archive);

      const target = await postgres.fresh();
      const outcome = await restoreBackup(target.database, archive);
      expect(outcome).toEqual({
        ok: false,
        message: `${archive} cannot be restored: the teams "Téam X" and "TÉAM X" have the same name. Rename or remove one of them in the store the backup was taken from, take a new backup and restore that. Nothing was changed.`,
      });
      const counts = await target.database.read((trx) =>
        trx
          .selectFrom("teams")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow(),
      );
      expect(Number(counts.count)).toBe(0);
    });
  },
);
