import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ContentData } from "~/content/parts";
import { restoreBackup, writeBackup } from "~/server/backend/built-in/backup.server";
import { queryRows, useStoreEngines } from "../support/store-engines";
import { testContentFiles } from "../support/content-files";

/** The content's versions in the built-in store, on both engines: every save a new version, none overwritten. */

const { engines } = useStoreEngines();

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** The content with the home page's about text changed in both languages. */
function withAbout(site: ContentData["site"], en: string): ContentData["site"] {
  return { ...site, aboutBlurb: { en, hi: `${en} (हिन्दी)` } };
}

for (const engine of engines) {
  describe(`content versions on ${engine.name}`, () => {
    it("seeds each part once from the files, however often it is asked", async () => {
      const store = await engine.fresh();
      const seeded = await store.content.seed(testContentFiles());
      expect(seeded).toEqual({ ok: true, value: 6 });
      expect(await store.content.seed(testContentFiles())).toEqual({ ok: true, value: 0 });
      const current = await store.content.current();
      expect(Object.keys(current.parts).sort()).toEqual(
        ["clubs", "decision-emails", "events", "gallery", "people", "site"].sort(),
      );
      expect(current.parts.clubs?.data).toEqual(testContentFiles().clubs);
      expect(current.parts.site?.savedBy).toBe("seed");
      expect(current.latestId).toBe(await store.content.latestId());
    });

    it("seeds once when two replicas start together", async () => {
      const config = await engine.freshConfig();
      const [one, two] = [engine.open(config), engine.open(config)];
      const results = await Promise.all([one.content.seed(testContentFiles()), two.content.seed(testContentFiles())]);
      expect(results.map((result) => (result.ok ? result.value : -1)).sort()).toEqual([0, 6]);
      expect(await one.content.history()).toHaveLength(6);
    });

    it("keeps every save as a new version, newest first, with who and what changed", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      await store.content.seed(testContentFiles());
      const first = (await store.content.current()).parts.site!;
      const saved = await store.content.save({
        part: "site",
        data: withAbout(first.data, "A new about text."),
        basedOn: first.id,
        by: "account-key-1",
      });
      expect(saved.ok).toBe(true);
      if (!saved.ok) return;
      expect(saved.value.changed).toBe(true);
      expect(saved.value.version).toMatchObject({
        part: "site",
        savedBy: "account-key-1",
        basedOn: first.id,
        summary: "changed aboutBlurb.en, aboutBlurb.hi",
      });
      const history = await store.content.history({ part: "site" });
      expect(history.map((version) => version.id)).toEqual([saved.value.version.id, first.id]);
      // The first version is still there, as it was.
      expect((await store.content.version(first.id))?.data).toEqual(first.data);
      expect((await store.content.current()).parts.site?.data.aboutBlurb.en).toBe("A new about text.");
      const rows = await queryRows<{ count: number }>(
        config,
        "SELECT COUNT(*) AS count FROM content_versions WHERE part = 'site'",
      );
      expect(Number(rows[0]?.count)).toBe(2);
    });

    it("writes no version for a save that changes nothing", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const site = (await store.content.current()).parts.site!;
      const saved = await store.content.save({ part: "site", data: site.data, basedOn: site.id, by: "cli" });
      expect(saved).toMatchObject({ ok: true, value: { changed: false, version: { id: site.id } } });
      expect(await store.content.history()).toHaveLength(6);
    });

    it("refuses the second of two saves from the same version, writing nothing", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const base = (await store.content.current()).parts.site!;
      const first = await store.content.save({
        part: "site",
        data: withAbout(base.data, "First member's text."),
        basedOn: base.id,
        by: "member-a",
      });
      const second = await store.content.save({
        part: "site",
        data: withAbout(base.data, "Second member's text."),
        basedOn: base.id,
        by: "member-b",
      });
      expect(first.ok).toBe(true);
      expect(second).toEqual({
        ok: false,
        reason: "rejected",
        refusal: {
          code: "contentChanged",
          part: "site",
          basedOn: base.id,
          current: first.ok && first.value.version.id,
        },
      });
      expect((await store.content.current()).parts.site?.data.aboutBlurb.en).toBe("First member's text.");
      expect(await store.content.history({ part: "site" })).toHaveLength(2);
    });

    it("lets exactly one of two concurrent saves from the same version through", async () => {
      const config = await engine.freshConfig();
      const [one, two] = [engine.open(config), engine.open(config)];
      await one.content.seed(testContentFiles());
      const base = (await one.content.current()).parts.site!;
      const results = await Promise.all(
        [one, two].map((store, index) =>
          store.content.save({
            part: "site",
            data: withAbout(base.data, `Text ${index}`),
            basedOn: base.id,
            by: `member-${index}`,
          }),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const refusals = results.flatMap((result) =>
        !result.ok && result.reason === "rejected" ? [result.refusal?.code] : [],
      );
      expect(refusals).toEqual(["contentChanged"]);
    });

    it("refuses a value that fails its schema, naming the field, and writes nothing", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const events = (await store.content.current()).parts.events!;
      const broken = structuredClone(events.data) as { hackathon: { title: { hi?: string } } };
      delete broken.hackathon.title.hi;
      const saved = await store.content.save({ part: "events", data: broken, basedOn: events.id, by: "cli" });
      expect(saved).toMatchObject({
        ok: false,
        reason: "rejected",
        refusal: { code: "contentInvalid", part: "events", field: "hackathon.title.hi" },
      });
      expect(await store.content.history()).toHaveLength(6);
    });

    it("saves several parts in one transaction: one refusal and none is saved", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const { parts } = await store.content.current();
      const refused = await store.content.saveAll([
        { part: "site", data: withAbout(parts.site!.data, "Changed"), basedOn: parts.site!.id, by: "cli" },
        { part: "clubs", data: [], basedOn: parts.clubs!.id, by: "cli" },
      ]);
      expect(refused).toMatchObject({ ok: false, refusal: { code: "contentInvalid", part: "clubs" } });
      expect(await store.content.history()).toHaveLength(6);
    });

    it("restores an earlier version as a new version", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const original = (await store.content.current()).parts.site!;
      const changed = await store.content.save({
        part: "site",
        data: withAbout(original.data, "Changed"),
        basedOn: original.id,
        by: "member-a",
      });
      const restored = await store.content.restore(original.id, "member-b");
      expect(restored).toMatchObject({
        ok: true,
        value: {
          changed: true,
          version: { part: "site", savedBy: "member-b", basedOn: changed.ok && changed.value.version.id },
        },
      });
      if (!restored.ok) return;
      expect(restored.value.version.summary).toMatch(/^restored version \d+; changed aboutBlurb/);
      expect((await store.content.current()).parts.site?.data).toEqual(original.data);
      expect(await store.content.history({ part: "site" })).toHaveLength(3);
      expect(await store.content.restore(99_999, "cli")).toMatchObject({
        ok: false,
        refusal: { code: "noSuchContentVersion", id: 99_999 },
      });
    });

    it("keeps the versions in a backup, and a seeded store takes a restore", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const site = (await store.content.current()).parts.site!;
      await store.content.save({ part: "site", data: withAbout(site.data, "Backed up"), basedOn: site.id, by: "m" });
      const directory = mkdtempSync(path.join(tmpdir(), "content-backup-"));
      directories.push(directory);
      const file = path.join(directory, "store.backup");
      const counts = await writeBackup(store.database, file);
      expect(counts.content_versions).toBe(7);

      // A server started on the new store first: it holds the seed, which the archive's versions replace.
      const target = await engine.fresh();
      await target.content.seed(testContentFiles());
      const restored = await restoreBackup(target.database, file);
      expect(restored).toMatchObject({ ok: true, counts: { content_versions: 7 } });
      expect((await target.content.current()).parts.site?.data.aboutBlurb.en).toBe("Backed up");
      expect(await target.content.history()).toEqual(await store.content.history());
      // New versions take new ids after the restored ones.
      const next = await target.content.save({
        part: "site",
        data: withAbout(site.data, "After"),
        basedOn: await target.content.latestId(),
        by: "m",
      });
      expect(next).toMatchObject({ ok: true, value: { version: { id: 8 } } });
    });

    it("refuses a restore into a store whose content a member has changed", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const directory = mkdtempSync(path.join(tmpdir(), "content-backup-"));
      directories.push(directory);
      const file = path.join(directory, "store.backup");
      await writeBackup(store.database, file);
      const site = (await store.content.current()).parts.site!;
      await store.content.save({ part: "site", data: withAbout(site.data, "Edited"), basedOn: site.id, by: "m" });
      const restored = await restoreBackup(store.database, file);
      expect(restored.ok).toBe(false);
      expect(!restored.ok && restored.message).toContain("content_versions");
    });
  });
}
