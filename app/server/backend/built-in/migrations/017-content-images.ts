import type { Migration } from "./index";

/**
 * `content_images`: the photos the council uploads for the content (a gallery item, a person's photo, a club's logo),
 * as the re-encoded files the pages show, so that every replica serves them from the store they share. `name` is the
 * file's name on the site (`<hash>-<width>.webp`, the hash of its own bytes, so a name never changes what it holds);
 * `hash` that hash alone; `bytes` the file, with its `media_type`, `width`, `height` and `byte_size`; `uploaded_by` an
 * account key (or "cli"); `uploaded_at` ISO 8601. A row is removed once no content version names it.
 */
export const migration: Migration = {
  version: 17,
  name: "content images",
  sqlite: `
    CREATE TABLE content_images (
      name TEXT PRIMARY KEY,
      hash TEXT NOT NULL,
      media_type TEXT NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      byte_size INTEGER NOT NULL,
      bytes BLOB NOT NULL,
      uploaded_by TEXT NOT NULL,
      uploaded_at TEXT NOT NULL
    );
  `,
  postgres: `
    CREATE TABLE content_images (
      name text PRIMARY KEY,
      hash text NOT NULL,
      media_type text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      byte_size integer NOT NULL,
      bytes bytea NOT NULL,
      uploaded_by text NOT NULL,
      uploaded_at text NOT NULL
    );
  `,
};
