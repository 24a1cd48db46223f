import type { FormTexts } from "~/forms/texts";
import { idCardMaxBytes } from "~/forms/user-registration";
import { formTextsIn } from "./form-texts.server";

/**
 * The registration form's ID card (image files only). The browser's MIME type and the file name are
 * the visitor's to choose, so the image type is read from the file's first bytes (its magic number) instead.
 */

type IdCardCheck = { ok: true; mediaType: string; bytes: Uint8Array } | { ok: false; message: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The media type the bytes really are, or undefined when they are none of the accepted image formats. */
export function imageTypeOf(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return undefined;
}

/**
 * Checks an uploaded ID card: present, at most 5 MB, and really a PNG, JPEG, GIF or WebP image. The message is in
 * `texts`' language (the action's: formTextsOf(request)).
 */
export async function checkIdCard(
  file: Blob | null | undefined,
  texts: FormTexts = formTextsIn("en"),
): Promise<IdCardCheck> {
  const idCardMessages = texts.idCard;
  if (!file || file.size === 0) return { ok: false, message: idCardMessages.missing };
  // The size is known before reading: an oversized file is refused without being held in memory twice.
  if (file.size > idCardMaxBytes) return { ok: false, message: idCardMessages.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mediaType = imageTypeOf(bytes);
  if (!mediaType) return { ok: false, message: idCardMessages.notAnImage };
  return { ok: true, mediaType, bytes };
}
