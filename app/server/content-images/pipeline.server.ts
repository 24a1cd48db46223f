import { createHash } from "node:crypto";
import sharp, { type FitEnum } from "sharp";
import type { NewContentImage } from "~/server/backend/built-in/content-images.server";
import type { PhotoPurpose } from "~/forms/content-photo";

/**
 * What an uploaded photo becomes before the site keeps it, with sharp: its type read from its own bytes (never the
 * file's name or the browser's Content-Type), turned upright by its EXIF orientation, cut to the size the pages show
 * it at, and written as a new WebP file that carries none of the upload's metadata (no EXIF, so no GPS position, no
 * camera, no XMP, no ICC profile: sharp writes none unless asked to).
 */

/** The sizes the pages use: the gallery's tiles (4:3 boxes, up to 400 CSS px wide at 2x), portraits and club logos. */
export const photoSizes = {
  /** The tile crops to 4:3 itself: the photo keeps its own shape, at most 800 wide (and never over 1600 tall). */
  gallery: { width: 800, height: 1600, fit: "inside" },
  /** Square, as the placeholders and the people's cards are. */
  person: { width: 320, height: 320, fit: "cover" },
  /** Square, the whole logo kept, on a transparent background. */
  club: { width: 256, height: 256, fit: "contain" },
} as const satisfies Record<PhotoPurpose, { width: number; height: number; fit: keyof FitEnum }>;

/** The formats a photo may arrive in: what phones and cameras write, and what an editor exports. */
const acceptedFormats = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

/**
 * The most pixels an upload may decode to (about 8000 × 8000): above any phone's photo, and a bound on the memory a
 * small file that claims a huge size ("a decompression bomb") can make sharp take.
 */
export const maxInputPixels = 64_000_000;

export type EncodedPhoto =
  { ok: true; image: NewContentImage } | { ok: false; problem: "notAnImage" | "tooManyPixels" };

/** Reads and re-encodes an upload for `purpose`; `notAnImage` for bytes sharp cannot read as a photo. */
export async function encodePhoto(bytes: Uint8Array, purpose: PhotoPurpose): Promise<EncodedPhoto> {
  const input = () => sharp(bytes, { limitInputPixels: maxInputPixels, autoOrient: true, failOn: "error" });
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await input().metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    return { ok: false, problem: "notAnImage" };
  }
  if (!format || !acceptedFormats.has(format) || pixels === 0) return { ok: false, problem: "notAnImage" };
  if (pixels > maxInputPixels) return { ok: false, problem: "tooManyPixels" };
  const size = photoSizes[purpose];
  try {
    const { data, info } = await input()
      .resize({
        width: size.width,
        height: size.height,
        fit: size.fit,
        position: size.fit === "cover" ? "attention" : "centre",
        withoutEnlargement: true,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const hash = createHash("sha256").update(data).digest("hex").slice(0, 32);
    return {
      ok: true,
      image: {
        name: `${hash}-${info.width}.webp`,
        hash,
        mediaType: "image/webp",
        width: info.width,
        height: info.height,
        bytes: new Uint8Array(data),
      },
    };
  } catch {
    // A file whose header reads but whose pixels do not (cut short, damaged).
    return { ok: false, problem: "notAnImage" };
  }
}

/**
 * Checks a file that claims to be one of the store's images (a folder `content import` reads): a WebP whose bytes hash
 * to its name and whose width is the name's, without metadata. Kept as it is, since its name is its content.
 */
export async function checkStoredPhoto(name: string, bytes: Uint8Array): Promise<NewContentImage | undefined> {
  const named = /^([0-9a-f]{32})-(\d{1,5})\.webp$/.exec(name);
  if (!named) return undefined;
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  if (hash !== named[1]) return undefined;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
    if (metadata.format !== "webp" || String(metadata.width) !== named[2]) return undefined;
    if (metadata.exif || metadata.xmp || metadata.iptc) return undefined;
    return { name, hash, mediaType: "image/webp", width: metadata.width, height: metadata.height, bytes };
  } catch {
    return undefined;
  }
}
