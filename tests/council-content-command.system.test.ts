import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentPartNames, contentParts } from "~/content/parts";
import type { StoreConfig } from "~/server/backend/built-in/store.server";
import { useCouncilCommand } from "./support/council-command";
import { queryRows, useStoreEngines } from "./support/store-engines";

/**
 * `npm run council -- content export|import|history|restore`, as an administrator runs it: the compiled command in a
 * child process, against a store of each engine that starts empty (the command gives it CONTENT_DIR's files first).
 */

const run = useCouncilCommand();
const { engines } = useStoreEngines();
const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function folder(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "council-content-"));
  directories.push(directory);
  return directory;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

for (const engine of engines) {
  describe(`npm run council -- content, on ${engine.name}`, () => {
    let config: StoreConfig | undefined;
    const council = async (args: string[]) => {
      config ??= await engine.freshConfig();
      return run(
        ["content", ...args],
        config.engine === "sqlite" ? { DATABASE_PATH: config.path } : { DATABASE_URL: config.url },
      );
    };
    /** The store's version ids, newest first, and a part's current JSON, read beside the command. */
    const historyIds = async () =>
      (await queryRows<{ id: number }>(config!, "SELECT id FROM content_versions ORDER BY id DESC")).map(({ id }) =>
        Number(id),
      );
    const currentOf = async (part: string) => {
      const [row] = await queryRows<{ data: string }>(
        config!,
        `SELECT data FROM content_versions WHERE part = '${part}' ORDER BY id DESC LIMIT 1`,
      );
      return JSON.parse(row!.data) as Record<string, unknown>;
    };

    it("lists the versions newest first, one a line beginning with its id, after seeding an empty store", async () => {
      const result = await council(["history"]);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      const lines = result.stdout.trim().split("\n");
      expect(lines).toHaveLength(contentPartNames.length);
      expect(lines.map((line) => Number(line.split(" ")[0]))).toEqual([6, 5, 4, 3, 2, 1]);
      expect(lines.at(-1)).toMatch(/^1 {2}\d{4}-\d\d-\d\d \d\d:\d\d IST {2}site {2}by seed {2}seeded from/);
      expect((await council(["history", "clubs"])).stdout.trim().split("\n")).toHaveLength(1);
    }, 120_000);

    it("exports the files data/ holds, with the images they name beside them, and imports them back unchanged", async () => {
      const directory = folder();
      const exported = await council(["export", directory]);
      expect(exported.status).toBe(0);
      expect(exported.stdout).toMatch(/^Exported 6 content files/);
      for (const part of contentPartNames) {
        const file = contentParts[part].file;
        expect(readJson(path.join(directory, file)), file).toEqual(readJson(path.join(process.env.CONTENT_DIR!, file)));
      }
      const logo = (readJson(path.join(directory, "site.json")).logo as { src: string }).src;
      expect(readFileSync(path.join(directory, logo))).toEqual(readFileSync(path.join("public", logo)));

      const reimported = await council(["import", directory]);
      expect(reimported.status).toBe(0);
      expect(reimported.stdout).toContain("nothing was written");
      expect(await historyIds()).toHaveLength(6);
    }, 120_000);

    it("publishes each changed part as one new version, and restores an earlier one as another", async () => {
      const directory = folder();
      await council(["export", directory]);
      const sitePath = path.join(directory, "site.json");
      const site = readJson(sitePath);
      const oldAbout = site.aboutBlurb;
      writeFileSync(sitePath, JSON.stringify({ ...site, aboutBlurb: { en: "New about.", hi: "नया परिचय।" } }));
      const eventsPath = path.join(directory, "events.json");
      const events = readJson(eventsPath) as { hackathon: { registration: { closes: string } } };
      events.hackathon.registration.closes = "2031-01-01T23:59:00+05:30";
      writeFileSync(eventsPath, JSON.stringify(events));

      const imported = await council(["import", directory]);
      expect(imported.stderr).toBe("");
      expect(imported.status).toBe(0);
      expect(imported.stdout).toMatch(
        /^Published 2 new versions:\n {2}7 site: .*aboutBlurb\.en, aboutBlurb\.hi\n {2}8 events: .*hackathon\.registration\.closes\n$/,
      );

      expect((await currentOf("site")).aboutBlurb).toEqual({ en: "New about.", hi: "नया परिचय।" });

      const restored = await council(["restore", "1"]);
      expect(restored.status).toBe(0);
      expect(restored.stdout).toBe("Restored version 1 of site as version 9.\n");
      expect((await historyIds())[0]).toBe(9);
      expect((await currentOf("site")).aboutBlurb).toEqual(oldAbout);

      const missing = await council(["restore", "99999"]);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toBe("council: There is no content version 99999.\n");
    }, 120_000);

    it("refuses a folder with a wrong field, naming the file and the field, and changes nothing", async () => {
      const directory = folder();
      await council(["export", directory]);
      const before = await historyIds();
      const eventsPath = path.join(directory, "events.json");
      const events = readJson(eventsPath) as { hackathon: { title: { hi?: string } } };
      delete events.hackathon.title.hi;
      writeFileSync(eventsPath, JSON.stringify(events));
      // A good change beside it is not published either.
      const site = readJson(path.join(directory, "site.json"));
      writeFileSync(path.join(directory, "site.json"), JSON.stringify({ ...site, name: "Changed" }));

      const refused = await council(["import", directory]);
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toContain(`${eventsPath}: hackathon.title.hi: `);
      expect(refused.stderr).toMatch(/Nothing was changed\.\n$/);
      expect(await historyIds()).toEqual(before);

      writeFileSync(eventsPath, "{ not json");
      const broken = await council(["import", directory]);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain(`${eventsPath} is not valid JSON`);

      const nowhere = await council(["import", path.join(directory, "nowhere")]);
      expect(nowhere.status).toBe(1);
      expect(nowhere.stderr).toContain("there is no folder");
      expect(existsSync(path.join(directory, "nowhere"))).toBe(false);
    }, 120_000);

    it("answers a content command it does not know with the usage", async () => {
      const result = await council(["history", "nonsense"]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("npm run council -- content export DIR");
    }, 120_000);
  });
}
