import type { ColumnType } from "kysely";
import type { Id } from "./tables.server";

/**
 * The tables of the site's content (tables.server.ts holds them all as the query layer's Tables): its versions, the
 * photos the council uploaded, and the clubs' coordinators.
 */

/** One saved version of one part of the site's content (app/content/parts.ts); rows are only ever added. */
export interface ContentVersionsTable {
  id: Id;
  part: string;
  /** The part's JSON. */
  data: string;
  /** An account key, or "cli" (the command line) or "seed" (the files the store started from). */
  saved_by: string;
  saved_at: string;
  based_on: number | null;
  summary: string;
}

/** Who may edit one club's entry of the content: a College ID's key and the club's slug. */
export interface ClubCoordinatorsTable {
  college_id_key: string;
  club_slug: string;
  granted_at: string;
}

/** A photo the council uploaded, re-encoded as a page shows it, named by its bytes' hash (content-images.server.ts). */
export interface ContentImagesTable {
  name: string;
  hash: string;
  media_type: string;
  width: number;
  height: number;
  byte_size: number;
  bytes: ColumnType<Buffer, Buffer | Uint8Array, Buffer | Uint8Array>;
  /** An account key, or "cli". */
  uploaded_by: string;
  uploaded_at: string;
}
