import { z } from "./zod";
import { altTextMaxLength, parsePhotoTarget, photoMaxBytes, photoMessages } from "./content-photo";

const altText = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(altTextMaxLength, photoMessages.altTooLong);

/** A version id the page was showing, or nothing when the part had none. */
const version = z.coerce.number().int().positive().optional();

/**
 * The photo upload: what it is for, its alt text in both languages, the file (its size here; what it is, by its bytes,
 * in the action), and the versions of the parts the page showed, which the save is based on.
 */
export const contentPhotoSchema = z.object({
  target: z
    .string({ error: photoMessages.target })
    .refine((value) => parsePhotoTarget(value) !== undefined, photoMessages.target),
  altEn: altText(photoMessages.altEn),
  altHi: altText(photoMessages.altHi),
  photo: z
    .file({ error: photoMessages.photo })
    .min(1, photoMessages.photo)
    .max(photoMaxBytes, photoMessages.photoTooLarge),
  galleryVersion: version,
  peopleVersion: version,
  clubsVersion: version,
});
