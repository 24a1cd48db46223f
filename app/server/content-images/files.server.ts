import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sitePathsIn } from "~/content/content-files.server";
import {
  contentImagesPath,
  type ContentImageStore,
  isUploadedImage,
} from "~/server/backend/built-in/content-images.server";
import { checkStoredPhoto } from "./pipeline.server";

/**
 * The uploaded images as files beside the content files (`npm run council -- content export|import DIR`): at the path
 * the content names them by (DIR/media/content/<name>), as the images of public/ are.
 */

const uploadedNames = (content: unknown) =>
  sitePathsIn(content)
    .filter(isUploadedImage)
    .map((sitePath) => sitePath.slice(contentImagesPath.length));

/** Writes the store's images the content names into `directory`; says which it wrote and which the store lacks. */
export async function exportContentImages(
  images: ContentImageStore,
  content: unknown,
  directory: string,
): Promise<{ written: string[]; missing: string[] }> {
  const written: string[] = [];
  const missing: string[] = [];
  for (const name of uploadedNames(content)) {
    const image = await images.get(name);
    if (!image) {
      missing.push(`${contentImagesPath}${name}`);
      continue;
    }
    const file = path.join(directory, `.${contentImagesPath}`, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, image.bytes);
    written.push(file);
  }
  return { written, missing };
}

/**
 * Brings the images the content names that the store lacks from `directory` into the store, each checked (its bytes
 * hash to its name, a WebP without metadata). Nothing is written when one is missing or fails its check: that file
 * is named.
 */
export async function importContentImages(
  images: ContentImageStore,
  content: unknown,
  directory: string,
): Promise<{ ok: true; added: string[] } | { ok: false; problem: string }> {
  const toAdd = [];
  for (const name of uploadedNames(content)) {
    if (await images.get(name)) continue;
    const file = path.join(directory, `.${contentImagesPath}`, name);
    if (!existsSync(file))
      return { ok: false, problem: `${file} is missing (the content names ${contentImagesPath}${name})` };
    const checked = await checkStoredPhoto(name, readFileSync(file));
    if (!checked)
      return { ok: false, problem: `${file} is not the image its name says (a WebP whose bytes hash to it)` };
    toAdd.push(checked);
  }
  return { ok: true, added: await images.put(toAdd, "cli") };
}
