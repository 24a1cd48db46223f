import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedContent } from "~/content/content-files.server";
import type { StoreConfig } from "~/server/backend/built-in/store.server";
import { publishPhoto } from "~/server/content-images/upload.server";
import { useCouncilCommand } from "../support/council-command";
import { phoneJpeg } from "../support/photos";
import { queryRows, useStoreEngines } from "../support/store-engines";

/**
 * `npm run council -- content export|import DIR` with photos uploaded in the browser: written beside the files, and
 * brought into another store, on both engines.
 */

const run = useCouncilCommand();
const { engines } = useStoreEngines();
const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const environmentOf = (config: StoreConfig): Record<string, string> =>
  config.engine === "sqlite" ? { DATABASE_PATH: config.path } : { DATABASE_URL: config.url };

for (const engine of engines) {
  describe(`content export and import with uploaded photos, on ${engine.name}`, () => {
    it("exports an uploaded photo beside the files and imports it into another store", async () => {
      const { config, store } = await engine.freshWithConfig();
      await seedContent(store.content, process.env.CONTENT_DIR!);
      const gallery = (await store.content.current()).parts.gallery!;
      const published = await publishPhoto(store, {
        target: { purpose: "gallery" },
        alt: { en: "The stage", hi: "मंच" },
        bytes: await phoneJpeg(),
        basedOn: { gallery: gallery.id, people: undefined, clubs: undefined },
        by: "member-key",
      });
      if (!published.ok) throw new Error("the upload failed");
      const image = await store.contentImages.get(published.src.replace("/media/content/", ""));

      const directory = mkdtempSync(path.join(tmpdir(), "council-photos-"));
      directories.push(directory);
      const exported = await run(["content", "export", directory], environmentOf(config));
      expect(exported.stderr).toBe("");
      expect(exported.status).toBe(0);
      const file = path.join(directory, published.src);
      expect(readFileSync(file)).toEqual(Buffer.from(image!.bytes));

      // A changed file is refused by name, and the other store is left as it was.
      const other = await engine.freshConfig();
      const original = readFileSync(file);
      writeFileSync(file, "not the photo\n");
      const refused = await run(["content", "import", directory], environmentOf(other));
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(published.src.slice(1));
      expect(refused.stderr).toContain("Nothing was changed.");
      expect(await queryRows(other, "SELECT name FROM content_images")).toEqual([]);

      writeFileSync(file, original);
      const imported = await run(["content", "import", directory], environmentOf(other));
      expect(imported.stderr).toBe("");
      expect(imported.status).toBe(0);
      const rows = await queryRows<{ name: string }>(other, "SELECT name FROM content_images");
      expect(rows.map((row) => row.name)).toEqual([path.basename(file)]);
      expect(existsSync(file)).toBe(true);
    }, 180_000);
  });
}
