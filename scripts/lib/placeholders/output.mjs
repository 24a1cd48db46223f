// Where the drawings go: the site's public folder, and the samples folder under it that the script owns.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const publicDir = join(root, "public");

/** @type {[publicPath: string, bytes: number][]} */
export const written = [];
/**
 * @param {string} publicPath
 * @param {string | Buffer} content
 */
export function write(publicPath, content) {
  const file = join(publicDir, publicPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push([publicPath, Buffer.byteLength(content)]);
}

/** The folder of drawn samples; everything in it is this script's. */
export const samplesFolder = "/images/samples/";
/** WebP quality for the samples: their flat colours and gradients stay clean at 0.6 (0.8 costs a quarter more). */
export const sampleQuality = 0.6;
/** A path the data names in the samples folder; its name says the format, WebP or SVG. */
export const isSample = (/** @type {string} */ src) => {
  if (!src.startsWith(samplesFolder)) return false;
  if (!/\.(webp|svg)$/.test(src)) throw new Error(`${src}: samples are drawn as WebP or SVG only`);
  return true;
};
