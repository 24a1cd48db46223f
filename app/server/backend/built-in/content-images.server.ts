import { sql, type Selectable } from "kysely";
import type { ContentImagesTable } from "./content-tables.server";
import type { StoreDatabase } from "./database.server";
import { guarded, now } from "./guard.server";

/**
 * The photos the council uploads for the content, in the store on both engines (migration 017), so every replica
 * serves the same files (docs/decisions/0026). A row is one re-encoded file as the pages show it, named by the hash of
 * its bytes; the content names it by its path on the site (`/media/content/<name>`). An image lives as long as some
 * version of the content names it (a restore can bring back any version), and is removed once none does.
 */

/** Where the site serves an image of the store: `/media/content/` and its name. */
export const contentImagesPath = "/media/content/";

/** Whether a site path names an image of the store. */
export const isUploadedImage = (sitePath: string) => sitePath.startsWith(contentImagesPath);

/** A name the store gives: 32 hex digits of the SHA-256 of the bytes, the width, the format. */
export const contentImageName = /^([0-9a-f]{32})-(\d{1,5})\.(webp)$/;

/** One file of an upload, re-encoded, ready to be kept. */
export interface NewContentImage {
  name: string;
  hash: string;
  mediaType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface ContentImage extends NewContentImage {
  uploadedBy: string;
  uploadedAt: string;
}

export interface ContentImageStore {
  /**
   * Keeps the files (one already kept under the same name is left as it is: the same name is the same bytes), and
   * says which of them this call wrote, so a save that then fails removes only those (`removeUnnamed`).
   */
  put(images: readonly NewContentImage[], by: string): Promise<string[]>;
  /** One file by its name; undefined for a name the store does not hold. */
  get(name: string): Promise<ContentImage | undefined>;
  /** The names of every file kept, sorted. */
  names(): Promise<string[]>;
  /**
   * Removes the images that no version of the content names, among `names` when given (a refused save's own files),
   * else those uploaded before `before` (ISO 8601; a sweep leaves alone an upload whose save is still under way).
   * Says which it removed.
   */
  removeUnnamed(options: { names?: readonly string[]; before?: string }): Promise<string[]>;
}

type Row = Selectable<ContentImagesTable>;

function imageOf(row: Row): ContentImage {
  return {
    name: row.name,
    hash: row.hash,
    mediaType: row.media_type,
    width: row.width,
    height: row.height,
    bytes: new Uint8Array(row.bytes),
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
  };
}

export function createContentImages(store: StoreDatabase): ContentImageStore {
  return {
    async put(images, by) {
      if (images.length === 0) return [];
      return store.write(async (trx) => {
        const written: string[] = [];
        const at = now();
        for (const image of images) {
          const inserted = await trx
            .insertInto("content_images")
            .values({
              name: image.name,
              hash: image.hash,
              media_type: image.mediaType,
              width: image.width,
              height: image.height,
              byte_size: image.bytes.byteLength,
              bytes: Buffer.from(image.bytes),
              uploaded_by: by,
              uploaded_at: at,
            })
            .onConflict((conflict) => conflict.column("name").doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) written.push(image.name);
        }
        return written;
      });
    },

    async get(name) {
      if (!contentImageName.test(name)) return undefined;
      const row = await store.read((trx) =>
        trx.selectFrom("content_images").selectAll().where("name", "=", name).executeTakeFirst(),
      );
      return row && imageOf(row);
    },

    async names() {
      const rows = await store.read((trx) => trx.selectFrom("content_images").select("name").orderBy("name").execute());
      return rows.map((row) => row.name);
    },

    removeUnnamed({ names, before }) {
      return guarded(
        "remove unnamed content images",
        () =>
          store.write(async (trx) => {
            // Under the content's own lock: no save can name an image between the check and the delete.
            await store.lock(trx, "content");
            // Plain SQL: both engines read it the same, and the version's JSON holds the name as it is.
            let query = trx
              .deleteFrom("content_images")
              .where(
                sql<boolean>`NOT EXISTS (SELECT 1 FROM content_versions WHERE content_versions.data LIKE '%' || content_images.name || '%')`,
              );
            if (names) query = query.where("name", "in", names.length > 0 ? [...names] : [""]);
            if (before) query = query.where("uploaded_at", "<", before);
            const removed = await query.returning("name").execute();
            return removed.map((row) => row.name).sort();
          }),
        [] as string[],
      ).then(async (removed) => {
        // A person's photo is theirs: its bytes leave the disk too (database.server.ts, afterErasure).
        if (removed.length > 0) await store.afterErasure().catch(() => undefined);
        return removed;
      });
    },
  };
}
