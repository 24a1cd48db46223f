import type { z } from "zod";
import { clubsSchema, decisionEmailsSchema, eventsSchema, gallerySchema, peopleSchema, siteSchema } from "./schemas";

/**
 * The parts the site's content is made of: each is one file of data/ (CONTENT_DIR) and one line of versions in the
 * store, checked by its zod schema wherever it comes from (a file, the command line, a form).
 */
export const contentParts = {
  site: { file: "site.json", schema: siteSchema },
  clubs: { file: "clubs.json", schema: clubsSchema },
  people: { file: "people.json", schema: peopleSchema },
  events: { file: "events.json", schema: eventsSchema },
  gallery: { file: "gallery.json", schema: gallerySchema },
  "decision-emails": { file: "decision-emails.json", schema: decisionEmailsSchema },
} as const;

export type ContentPart = keyof typeof contentParts;

/** Every part, in the order the files are read and listed. */
export const contentPartNames = Object.keys(contentParts) as ContentPart[];

/** What each part holds, as its schema reads it. */
export type ContentData = { [Part in ContentPart]: z.infer<(typeof contentParts)[Part]["schema"]> };

export function isContentPart(value: string): value is ContentPart {
  return Object.hasOwn(contentParts, value);
}

/** Where a part's value fails its schema: the first problem, its field as a path ("hackathon.title.hi", "[2].slug"). */
export interface ContentProblem {
  part: ContentPart;
  field: string;
  message: string;
}

export type ContentCheck<Part extends ContentPart> =
  { ok: true; data: ContentData[Part] } | { ok: false; problem: ContentProblem };

/** Checks a value against its part's schema; the value a page would read, or the first field that is wrong. */
export function checkContent<Part extends ContentPart>(part: Part, value: unknown): ContentCheck<Part> {
  const parsed = contentParts[part].schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data as ContentData[Part] };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    problem: { part, field: fieldPath(issue?.path ?? []), message: issue?.message ?? "is not valid" },
  };
}

/** ["hackathon", "title", "hi"] as hackathon.title.hi, [2, "slug"] as [2].slug; the whole value as "(the whole file)". */
export function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(the whole file)";
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/**
 * What changed between two values of a part, as the fields that differ ("clubs[2].bearers.coordinator.name"), the
 * first few named: a version's short summary.
 */
export function describeChange(before: unknown, after: unknown, named = 3): string {
  if (before === undefined) return "first version";
  const changed: string[] = [];
  collectChanges(before, after, [], changed);
  if (changed.length === 0) return "no change";
  const shown = changed.slice(0, named).join(", ");
  return changed.length > named ? `changed ${shown} and ${changed.length - named} more` : `changed ${shown}`;
}

function collectChanges(before: unknown, after: unknown, path: PropertyKey[], changed: string[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  const bothObjects =
    !bothArrays &&
    typeof before === "object" &&
    before !== null &&
    typeof after === "object" &&
    after !== null &&
    !Array.isArray(before) &&
    !Array.isArray(after);
  if (bothArrays) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) collectChanges(before[index], after[index], [...path, index], changed);
    return;
  }
  if (bothObjects) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys)
      collectChanges(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        [...path, key],
        changed,
      );
    return;
  }
  changed.push(fieldPath(path));
}
