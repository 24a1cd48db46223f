/**
 * `npm run council -- content ...`: the site's content in the built-in store from the command line (scripts/council.ts
 * hands these commands here). Export writes the current content as the files data/ holds, with the files they name
 * beside them; import checks a folder of such files and publishes each changed part as a new version, or changes
 * nothing and names the file and field that are wrong; history lists the versions; restore makes an earlier version
 * current again, as a new version. Running servers show a change within seconds (docs/content.md).
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describeFileProblem, readContentFiles, seedContent, writeContentFiles } from "~/content/content-files.server";
import { contentPartNames, isContentPart, type ContentData, type ContentPart } from "~/content/parts";
import type { ContentSaved, ContentStore } from "~/server/backend/built-in/content-versions.server";
import type { ContentImageStore } from "~/server/backend/built-in/content-images.server";
import type { Outcome } from "~/server/backend/council-backend.server";
import { councilRefusalText, isCouncilRefusal } from "~/inbox/refusals";
import { indianDateTime } from "~/time/india-time";

export const contentUsage = [
  "  npm run council -- content export DIR     write the current content to DIR as the files data/ holds, images beside them",
  "  npm run council -- content import DIR     check DIR's content files and publish each changed part as a new version",
  "  npm run council -- content history [PART] the content's versions, newest first (PART: one of " +
    contentPartNames.join(", ") +
    ")",
  "  npm run council -- content restore ID     make version ID its part's current content again (as a new version)",
];

export interface ContentCommandContext {
  content: ContentStore;
  /** The photos uploaded in the browser, which export writes and import brings in beside the files. */
  images?: ContentImageStore;
  /** CONTENT_DIR: the files a store without content starts from. */
  contentDirectory: string;
  /** Where the site's own files are (public/): the images the content names are copied from there. */
  publicDirectory: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * The photos' files, loaded on use: their modules use the logger, which scripts/council.ts sets up (to stderr) only
 * after its static imports have loaded.
 */
const imageFiles = () => import("~/server/content-images/files.server");

/** Who the command line's versions are saved by. */
const cli = "cli";

/** Runs `content <args>`; the exit status, or undefined when the arguments are not a content command. */
export async function runContentCommand(
  args: readonly string[],
  context: ContentCommandContext,
): Promise<number | undefined> {
  const [action, value, ...extra] = args;
  const { content, out, err } = context;
  if (extra.length > 0) return undefined;

  if (action === "export" && value?.trim()) {
    await seedContent(content, context.contentDirectory);
    const { parts } = await content.current();
    const data = Object.fromEntries(
      contentPartNames.flatMap((part) => (parts[part] ? [[part, parts[part].data]] : [])),
    ) as Partial<ContentData>;
    const written = writeContentFiles(value, data, context.publicDirectory);
    // The uploaded photos are in the store, not in public/: written beside the files at the path the content names.
    const uploaded = context.images && (await (await imageFiles()).exportContentImages(context.images, data, value));
    if (uploaded) {
      written.missing = [
        ...written.missing.filter((sitePath) => !sitePath.startsWith("/media/content/")),
        ...uploaded.missing,
      ];
      written.assets.push(...uploaded.written);
    }
    out(
      `Exported ${written.files.length} content files (versions ${contentPartNames
        .map((part) => `${part} ${parts[part]?.id ?? "none"}`)
        .join(", ")}) and ${written.assets.length} files they name to ${value}.`,
    );
    if (written.missing.length > 0) {
      err(`council: warning: not in ${context.publicDirectory}, so not copied: ${written.missing.join(", ")}`);
    }
    return 0;
  }

  if (action === "import" && value?.trim()) {
    if (!existsSync(value) || !statSync(value).isDirectory()) {
      err(`council: there is no folder ${value}. Nothing was changed.`);
      return 1;
    }
    const read = readContentFiles(value);
    if (!read.ok) {
      err(`council: ${describeFileProblem(read.problem)}. Nothing was changed.`);
      return 1;
    }
    const images =
      context.images && (await (await imageFiles()).importContentImages(context.images, read.content, value));
    if (images && !images.ok) {
      err(`council: ${images.problem}. Nothing was changed.`);
      return 1;
    }
    await seedContent(content, context.contentDirectory);
    const { parts } = await content.current();
    const saved = await content.saveAll(
      contentPartNames.map((part) => ({
        part,
        data: read.content[part],
        basedOn: parts[part]?.id ?? null,
        by: cli,
        summary: `imported from ${path.basename(path.resolve(value))}`,
      })),
    );
    if (!saved.ok) {
      if (images?.ok) await context.images?.removeUnnamed({ names: images.added });
      return refused(saved, err);
    }
    const changed = saved.value.filter((each) => each.changed);
    if (changed.length === 0) {
      out("The content in the store is already what these files hold; nothing was written.");
      return 0;
    }
    out(`Published ${changed.length} new version${changed.length === 1 ? "" : "s"}:`);
    for (const { version } of changed) out(`  ${version.id} ${version.part}: ${version.summary}`);
    return 0;
  }

  if (action === "history" && (value === undefined || isContentPart(value))) {
    await seedContent(content, context.contentDirectory);
    const part: ContentPart | undefined = value;
    for (const version of await content.history({ part })) {
      out(
        `${version.id}  ${indianDateTime(version.savedAt)} IST  ${version.part}  by ${version.savedBy}  ${version.summary}`,
      );
    }
    return 0;
  }

  if (action === "restore" && value !== undefined && /^\d+$/.test(value)) {
    const restored = await content.restore(Number(value), cli);
    if (!restored.ok) return refused(restored, err);
    const { version, changed } = restored.value;
    out(
      changed
        ? `Restored version ${value} of ${version.part} as version ${version.id}.`
        : `Version ${value} of ${version.part} is already its current content (version ${version.id}); nothing was written.`,
    );
    return 0;
  }

  return undefined;
}

function refused(outcome: Extract<Outcome<ContentSaved | ContentSaved[]>, { ok: false }>, err: (line: string) => void) {
  if (outcome.reason === "rejected" && outcome.refusal && isCouncilRefusal(outcome.refusal)) {
    err(`council: ${councilRefusalText(outcome.refusal)}`);
  } else err("council: the store could not be reached; nothing was changed.");
  return 1;
}
