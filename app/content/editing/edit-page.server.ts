import type { z } from "zod";
import { type ContentPart, contentParts, isContentPart } from "~/content/parts";
import type { ContentVersionWithData } from "~/server/backend/built-in/content-versions.server";
import { type EditScope, type ContentEditor, notFound } from "./access.server";
import { buildPageView, type FieldView, itemLabel, labelOf } from "./editor-view";
import { nameOf, parseName, type Path, type Shape, shapeAt, shapeOf, valueAt } from "./schema-nodes";
import { olderHindi } from "./versions-compared";

/** One page of the editor: a place in a part, its schema's shape and the part's newest version. */
export interface EditPage {
  part: ContentPart;
  at: Path;
  partShape: Shape;
  shape: Shape;
  version: ContentVersionWithData | undefined;
  /** The saved value at `at`. */
  saved: unknown;
}

const shapes = new Map<ContentPart, Shape>();

/** A part's schema read as form shapes, once per process. */
export function partShape(part: ContentPart): Shape {
  let shape = shapes.get(part);
  if (!shape) shapes.set(part, (shape = shapeOf(contentParts[part].schema as z.ZodType)));
  return shape;
}

/** Whether the scope reaches this place: everything, or a coordinator's own club's entry (`clubs` at `[n]`). */
export function reaches(scope: EditScope, part: ContentPart, at: Path, data: unknown): boolean {
  if (scope.all) return true;
  if (part !== "clubs" || at.length !== 1 || typeof at[0] !== "number") return false;
  const slug = valueAt(data, [at[0], "slug"]);
  return typeof slug === "string" && scope.clubs.includes(slug.toLowerCase());
}

/** The page at `/council/content/:part?at=...`, or a 404 for a part, place or club the editor may not open. */
export async function openEditPage(editor: ContentEditor, part: string, atParam: string | null): Promise<EditPage> {
  if (!isContentPart(part)) throw notFound();
  const at = parseName(atParam ?? "");
  const whole = partShape(part);
  const shape = at && shapeAt(whole, at);
  if (!at || !shape) throw notFound();
  const version = (await editor.content.current()).parts[part] as ContentVersionWithData | undefined;
  const saved = valueAt(version?.data, at);
  if (at.length > 0 && saved === undefined) throw notFound();
  if (!reaches(editor.scope, part, at, version?.data)) throw notFound();
  return { part, at, partShape: whole, shape, version, saved };
}

/** The page's address: the part, and the place in it unless it is the whole part. */
export function pageHref(part: ContentPart, at: Path): string {
  const base = `/council/content/${part}`;
  return at.length === 0 ? base : `${base}?at=${encodeURIComponent(nameOf(at))}`;
}

/** Hindi texts older than their English, from the part's last versions (a page view reads at most this many). */
const markedVersions = 20;

export async function hindiMarks(editor: ContentEditor, part: ContentPart) {
  const versions = await editor.content.history({ part, limit: markedVersions });
  const values = await Promise.all(versions.map((version) => editor.content.version(version.id)));
  return olderHindi(values.reverse().map((version) => version?.data));
}

/** The trail from the part to this page, each with its address: where a member came from. */
export function trailOf(page: EditPage): { label: string; href: string }[] {
  const trail: { label: string; href: string }[] = [];
  for (let depth = 1; depth < page.at.length; depth++) {
    const path = page.at.slice(0, depth);
    const key = path.at(-1)!;
    trail.push({
      label: typeof key === "number" ? itemLabel(valueAt(page.version?.data, path), key) : labelOf(key),
      href: pageHref(page.part, path),
    });
  }
  return trail;
}

/** What a page shows of a part, and the page's heading. */
export interface EditView {
  fields: FieldView[];
  pageErrors: string[];
  /** The version the form was made from, sent back with it (null: the part has none yet). */
  basedOn: number | null;
}

export function editView(
  page: EditPage,
  shown: unknown,
  marks: Map<string, "missing" | "older">,
  errors = new Map<string, string[]>(),
): EditView {
  const { fields, pageErrors } = buildPageView({
    shape: page.shape,
    at: page.at,
    saved: page.saved,
    shown,
    errors,
    marks,
    href: (path) => pageHref(page.part, path),
  });
  return { fields, pageErrors, basedOn: page.version?.id ?? null };
}

/** The page's heading: the part's name, or the item or member it opens. */
export function pageTitle(page: EditPage): string {
  const key = page.at.at(-1);
  if (key === undefined) return partTitles[page.part];
  return typeof key === "number" ? itemLabel(page.saved, key) : labelOf(key);
}

/** What each part is called on the council's pages. */
export const partTitles: Record<ContentPart, string> = {
  site: "Site (name, about text, links)",
  clubs: "Clubs",
  people: "People (leaders, mentors, office bearers, developers)",
  events: "Events (hackathon, Tarang, upcoming)",
  gallery: "Gallery",
  "decision-emails": "Decision e-mails",
};
