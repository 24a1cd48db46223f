import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "~/server/backend/built-in/backup.server";
import { encodePhoto } from "~/server/content-images/pipeline.server";
import { publishPhoto } from "~/server/content-images/upload.server";
import { createServedImages } from "~/server/content-images/served.server";
import { phoneJpeg, phoneMake, plainPng } from "../support/photos";
import { queryRows, useStoreEngines } from "../support/store-engines";
import { testContentFiles } from "../support/content-files";

/** The uploaded photos in the built-in store, on both engines: kept, served, published, erased, backed up. */

const { engines } = useStoreEngines();

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const alt = { en: "Students at the hackathon", hi: "हैकथॉन में छात्र" };

describe("the photo pipeline", () => {
  it("turns a phone's JPEG upright and drops its EXIF, GPS position and camera", async () => {
    const jpeg = await phoneJpeg();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.includes(Buffer.from(phoneMake))).toBe(true);
    expect(before.orientation).toBe(6);

    const encoded = await encodePhoto(jpeg, "gallery");
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    const { image } = encoded;
    const after = await sharp(image.bytes).metadata();
    expect(after.format).toBe("webp");
    expect([after.exif, after.xmp, after.iptc, after.icc, after.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const bytes = Buffer.from(image.bytes);
    for (const trace of ["Exif", "GPS", phoneMake, "UX-12"]) expect(bytes.includes(Buffer.from(trace))).toBe(false);
    // Portrait once upright (900 × 1200), at the gallery's width.
    expect([image.width, image.height]).toEqual([800, 1067]);
    expect(image.name).toMatch(/^[0-9a-f]{32}-800\.webp$/);
  });

  it("cuts a person's photo to a 320 px square and a club's logo to a 256 px square", async () => {
    const person = await encodePhoto(await plainPng(1000, 600), "person");
    const club = await encodePhoto(await plainPng(1000, 600), "club");
    expect(person.ok && [person.image.width, person.image.height]).toEqual([320, 320]);
    expect(club.ok && [club.image.width, club.image.height]).toEqual([256, 256]);
  });

  it("refuses a text file whatever its name, and a file cut short", async () => {
    expect(await encodePhoto(Buffer.from("not a photo at all, just text\n"), "gallery")).toEqual({
      ok: false,
      problem: "notAnImage",
    });
    const jpeg = await phoneJpeg();
    expect(await encodePhoto(jpeg.subarray(0, 200), "gallery")).toEqual({ ok: false, problem: "notAnImage" });
  });
});

for (const engine of engines) {
  describe(`content images on ${engine.name}`, () => {
    it("publishes a gallery photo as a new version that names the stored file", async () => {
      const { config, store } = await engine.freshWithConfig();
      await store.content.seed(testContentFiles());
      const gallery = (await store.content.current()).parts.gallery!;
      const outcome = await publishPhoto(store, {
        target: { purpose: "gallery" },
        alt,
        bytes: await phoneJpeg(),
        basedOn: { gallery: gallery.id, people: undefined, clubs: undefined },
        by: "member-key",
      });
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const now = (await store.content.current()).parts.gallery!;
      expect(now.id).toBe(outcome.version);
      expect(now.savedBy).toBe("member-key");
      expect(now.data.at(-1)).toMatchObject({ id: 41, src: outcome.src, alt, width: 800, height: 1067 });
      const name = outcome.src.replace("/media/content/", "");
      const kept = await store.contentImages.get(name);
      expect(kept).toMatchObject({ mediaType: "image/webp", uploadedBy: "member-key", width: 800 });
      expect((await sharp(kept!.bytes).metadata()).exif).toBeUndefined();
      const rows = await queryRows<{ byte_size: number; hash: string }>(
        config,
        "SELECT byte_size, hash FROM content_images",
      );
      expect(rows).toEqual([{ byte_size: kept!.bytes.byteLength, hash: name.slice(0, 32) }]);
    });

    it("refuses an upload based on an older version, and keeps no file of it", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const people = (await store.content.current()).parts.people!;
      const upload = {
        target: { purpose: "person" as const, group: "leaders" as const, index: 0 },
        alt,
        bytes: await plainPng(),
        basedOn: { gallery: undefined, people: people.id, clubs: undefined },
        by: "member-key",
      };
      expect((await publishPhoto(store, upload)).ok).toBe(true);
      // A second member's page still showed the version before the first upload.
      const late = await publishPhoto(store, { ...upload, bytes: await plainPng(500, 500), by: "other-key" });
      expect(late).toEqual({ ok: false, problem: "changed" });
      expect(await store.contentImages.names()).toHaveLength(1);
    });

    it("keeps an image while any version names it, and removes it once none does", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const club = (await store.content.current()).parts.clubs!;
      const first = await publishPhoto(store, {
        target: { purpose: "club", slug: club.data[0]!.slug },
        alt,
        bytes: await plainPng(),
        basedOn: { gallery: undefined, people: undefined, clubs: club.id },
        by: "member-key",
      });
      if (!first.ok) throw new Error("the first upload failed");
      const second = await publishPhoto(store, {
        target: { purpose: "club", slug: club.data[0]!.slug },
        alt,
        bytes: await plainPng(600, 600),
        basedOn: { gallery: undefined, people: undefined, clubs: first.version },
        by: "member-key",
      });
      if (!second.ok) throw new Error("the second upload failed");
      const firstName = first.src.replace("/media/content/", "");
      // Replaced, but the earlier version still names it: a restore must find it.
      expect(await store.contentImages.removeUnnamed({})).toEqual([]);
      expect(await store.contentImages.get(firstName)).toBeDefined();

      // The versions that named it are gone (as when the content's history is cut back): so is the image.
      await store.database.write((trx) => trx.deleteFrom("content_versions").where("id", "=", first.version).execute());
      expect(await store.contentImages.removeUnnamed({})).toEqual([firstName]);
      expect(await store.contentImages.get(firstName)).toBeUndefined();
      expect(await store.contentImages.names()).toEqual([second.src.replace("/media/content/", "")]);
    });

    it("serves a hot image from memory, without asking the store again", async () => {
      const store = await engine.fresh();
      const encoded = await encodePhoto(await plainPng(), "gallery");
      if (!encoded.ok) throw new Error("encoding failed");
      await store.contentImages.put([encoded.image], "cli");
      let asked = 0;
      const served = createServedImages(() => ({
        ...store.contentImages,
        get: (name: string) => ((asked += 1), store.contentImages.get(name)),
      }));
      expect((await served.lookup(encoded.image.name))?.bytes).toEqual(encoded.image.bytes);
      expect((await served.lookup(encoded.image.name))?.bytes).toEqual(encoded.image.bytes);
      expect(asked).toBe(1);
      expect(await served.lookup("0".repeat(32) + "-800.webp")).toBeUndefined();
      expect(await served.lookup("../etc/passwd")).toBeUndefined();
      expect(asked).toBe(2);
    });

    it("puts the images in the backup and brings them back", async () => {
      const store = await engine.fresh();
      await store.content.seed(testContentFiles());
      const encoded = await encodePhoto(await phoneJpeg(), "person");
      if (!encoded.ok) throw new Error("encoding failed");
      await store.contentImages.put([encoded.image], "cli");
      const directory = mkdtempSync(path.join(tmpdir(), "council-images-"));
      directories.push(directory);
      const file = path.join(directory, "backup.jsonl.gz");
      const counts = await writeBackup(store.database, file);
      expect(counts.content_images).toBe(1);
      const target = await engine.fresh();
      expect(await restoreBackup(target.database, file)).toMatchObject({ ok: true, counts: { content_images: 1 } });
      expect((await target.contentImages.get(encoded.image.name))?.bytes).toEqual(encoded.image.bytes);
    });
  });
}
