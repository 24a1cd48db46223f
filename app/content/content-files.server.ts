import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ContentStore } from "~/server/backend/built-in/content-versions.server";
import { checkContent, contentPartNames, contentParts, type ContentData, type ContentPart } from "./parts";

/**
 * The content as files: the JSON files data/ holds (one per part, app/content/parts.ts), read for the store's first
 * versions and by `npm run council -- content import DIR`, written by `content export DIR`.
 */

/** What is wrong with a folder of content files: the file, and the field in it when the file is JSON. */
export interface ContentFileProblem {
  file: string;
  /** A path in the file ("hackathon.title.hi"); undefined when the file is missing or not JSON. */
  field?: string;
  message: string;
  /** The system's reason when the file could not be read at all (ENOENT...). */
  unreadable?: string;
}

export type ContentFilesRead = { ok: true; content: ContentData } | { ok: false; problem: ContentFileProblem };

/** Every part's file in `directory`, each checked by its schema; the first file that is missing or wrong is named. */
export function readContentFiles(
  directory: string,
  parts: readonly ContentPart[] = contentPartNames,
): ContentFilesRead {
  const content: Partial<Record<ContentPart, unknown>> = {};
  for (const part of parts) {
    const file = path.join(directory, contentParts[part].file);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      return {
        ok: false,
        problem: { file, message: `cannot be read (${messageOf(error)})`, unreadable: messageOf(error) },
      };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { ok: false, problem: { file, message: `is not valid JSON (${messageOf(error)})` } };
    }
    const checked = checkContent(part, value);
    if (!checked.ok)
      return { ok: false, problem: { file, field: checked.problem.field, message: checked.problem.message } };
    content[part] = checked.data;
  }
  return { ok: true, content: content as ContentData };
}

/** A problem as one line: "data/events.json: hackathon.title.hi: Too small: ...". */
export function describeFileProblem({ file, field, message }: ContentFileProblem): string {
  return field === undefined ? `${file} ${message}` : `${file}: ${field}: ${message}`;
}

/**
 * Writes each part as its file in `directory` (formatted as data/ is), and beside them the images and other files the
 * content names by a site path ("/images/clubs/x.png") that `publicDirectory` holds, at the same path under
 * `directory`. Says which files it wrote and which named files it did not find.
 */
export function writeContentFiles(
  directory: string,
  content: Partial<ContentData>,
  publicDirectory: string,
): { files: string[]; assets: string[]; missing: string[] } {
  mkdirSync(directory, { recursive: true });
  const files: string[] = [];
  for (const part of contentPartNames) {
    if (content[part] === undefined) continue;
    const file = path.join(directory, contentParts[part].file);
    writeFileSync(file, `${JSON.stringify(content[part], null, 2)}\n`);
    files.push(file);
  }
  const assets: string[] = [];
  const missing: string[] = [];
  for (const sitePath of sitePathsIn(content)) {
    const source = path.resolve(publicDirectory, `.${sitePath}`);
    // Only files inside public/: a path with ".." segments names nothing the site serves.
    if (!source.startsWith(path.resolve(publicDirectory) + path.sep) || !existsSync(source)) {
      missing.push(sitePath);
      continue;
    }
    const target = path.resolve(directory, `.${sitePath}`);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
    assets.push(target);
  }
  return { files, assets, missing };
}

/** Every string in the content that is a path on the site to a file ("/images/x.webp"), once each, sorted. */
export function sitePathsIn(content: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === "string") {
      if (/^\/[^/].*\.[a-z0-9]{2,5}$/i.test(value) && !value.includes("..")) found.add(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(content);
  return [...found].sort();
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Gives a store that holds no content yet the files of `directory` (CONTENT_DIR) as its first versions; a store that
 * has every part is not written to. Files that fail their schema stop it with the file and field named, as they
 * stopped the server's start before the content moved into the store.
 */
export async function seedContent(content: ContentStore, directory: string): Promise<number> {
  const { parts } = await content.current();
  const missing = contentPartNames.filter((part) => parts[part] === undefined);
  if (missing.length === 0) return 0;
  const read = readContentFiles(directory, missing);
  if (!read.ok) throw new Error(`Content: ${describeFileProblem(read.problem)}`);
  const seeded = await content.seed(read.content);
  if (!seeded.ok) throw new Error("Content: the store could not be given its first content (see the log).");
  return seeded.value;
}
