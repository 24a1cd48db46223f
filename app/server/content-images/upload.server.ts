import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import type { PhotoTarget } from "~/forms/content-photo";
import { log } from "~/server/ops/log.server";
import { encodePhoto } from "./pipeline.server";
import { placePhoto, type PhotoPart } from "./placement.server";

/**
 * An upload from the council's photo form, once the form passed its schema: re-encoded (pipeline.server.ts), kept in
 * the store, and published as a new version of the part that names it, based on the version the page showed. A save
 * that is refused leaves no image behind; every save ends with a sweep of the images no version names any more.
 */

export interface PhotoUpload {
  target: PhotoTarget;
  alt: { en: string; hi: string };
  bytes: Uint8Array;
  /** The version of each part the page showed (undefined: the part had none). */
  basedOn: Record<PhotoPart, number | undefined>;
  /** The member's account key. */
  by: string;
}

export type UploadOutcome =
  | { ok: true; part: PhotoPart; version: number; src: string }
  | {
      ok: false;
      problem: "notAnImage" | "tooManyPixels" | "targetGone" | "changed" | "invalid" | "unavailable";
    };

/** How long an upload may take between keeping its image and saving the content that names it. */
const uploadGraceMs = 60 * 60_000;

export async function publishPhoto(store: BuiltInStore, upload: PhotoUpload): Promise<UploadOutcome> {
  const encoded = await encodePhoto(upload.bytes, upload.target.purpose);
  if (!encoded.ok) return encoded;
  const { image } = encoded;

  const { parts } = await store.content.current();
  const current = { gallery: parts.gallery?.data, people: parts.people?.data, clubs: parts.clubs?.data };
  const placed = placePhoto(current, upload.target, image, upload.alt);
  if (!placed.ok) return { ok: false, problem: "targetGone" };

  let written: string[];
  try {
    written = await store.contentImages.put([image], upload.by);
  } catch {
    return { ok: false, problem: "unavailable" };
  }
  const saved = await store.content.save({
    part: placed.part,
    data: placed.data,
    basedOn: upload.basedOn[placed.part] ?? null,
    by: upload.by,
    summary: upload.target.purpose === "gallery" ? "added a gallery photo" : "uploaded a photo",
  });
  if (!saved.ok) {
    // Only this upload's own file, and only while nothing names it: the same photo kept earlier stays.
    await store.contentImages.removeUnnamed({ names: written });
    if (saved.reason === "unavailable") return { ok: false, problem: "unavailable" };
    return { ok: false, problem: saved.refusal?.code === "contentChanged" ? "changed" : "invalid" };
  }
  const removed = await store.contentImages.removeUnnamed({
    before: new Date(Date.now() - uploadGraceMs).toISOString(),
  });
  log.info(
    {
      accountKey: upload.by,
      image: image.name,
      part: placed.part,
      version: saved.value.version.id,
      removedImages: removed.length,
    },
    "Content: a council member uploaded a photo.",
  );
  return { ok: true, part: placed.part, version: saved.value.version.id, src: `/media/content/${image.name}` };
}
