import { data } from "react-router";
import type { z } from "zod";
import { contentParts } from "~/content/parts";
import { privatePage } from "~/delivery/headers.server";
import { log } from "~/server/ops/log.server";
import { cleanFormData } from "~/server/requests/clean-text.server";
import { limits, retryAfterSeconds } from "~/server/requests/limits.server";
import { readFormData } from "~/server/requests/request.server";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import { type ContentEditor, publishNow } from "./access.server";
import { type EditPage, editView, hindiMarks, pageHref, type EditView } from "./edit-page.server";
import { addEmptyItem, changeList, linkedMembers, parseListChange, PostedFields, readPage } from "./form-reading";
import { nameOf, parseName, shapeAt, valueAt, withValueAt } from "./schema-nodes";

/**
 * A post of an editor page: a list button (add, remove, move an item: the page comes back changed, nothing saved,
 * except on a list of linked items, whose change is saved at once), or Save. A save is checked against the part's
 * schema and the version the form was made from; a refused one changes nothing and brings the page back with what
 * the member typed and the messages by the fields (400), or says someone else saved first (409).
 */

/** The editor's forms: far past the largest page (about 70 fields), far below what costs time to read. */
export const editLimits = { maxBytes: 256 * 1024, maxFields: 600 } as const;

export const editMessages = {
  unreadable: "This form could not be read. Reload the page and try again.",
  tooLarge: "This form is too large to save.",
  tooMany: (seconds: string) => `Too many saves. Try again in ${seconds} seconds.`,
  changed:
    "Someone else saved this part while you were editing, so your changes were not saved. What you typed is below: " +
    "open the page again in another tab to see their version, then save yours again.",
  invalid: "Nothing was saved: correct the fields marked below.",
  unavailable: "Unable to connect to the server. Try again later.",
  saved: "Saved and published: the site shows it within a few seconds.",
} as const;

/** The form's own fields besides the content's: the version it was made from, and the button pressed. */
const controlFields = new Set(["__basedOn", "__op"]);

export type EditReply = EditView & { message?: string };

function answer(status: number, view: EditView, message?: string) {
  return data<EditReply>({ ...view, message }, { status, headers: privatePage });
}

/** Reads the posted form within the caps: a body too large (413), a field that is no path of ours (400). */
async function readPosted(request: Request): Promise<PostedFields | { status: 400 | 413 }> {
  const body = await readFormData(request, editLimits.maxBytes);
  if (!body.ok) return { status: body.status };
  const entries: [string, string][] = [];
  for (const [name, value] of cleanFormData(body.formData).entries()) {
    if (typeof value !== "string" || entries.length >= editLimits.maxFields) return { status: 400 };
    if (!controlFields.has(name) && parseName(name) === undefined) return { status: 400 };
    entries.push([name, value]);
  }
  return new PostedFields(entries);
}

export async function saveEditPage(request: Request, editor: ContentEditor, page: EditPage) {
  const marks = await hindiMarks(editor, page.part);
  const posted = await readPosted(request);
  if (!(posted instanceof PostedFields)) {
    const message = posted.status === 413 ? editMessages.tooLarge : editMessages.unreadable;
    return answer(posted.status, editView(page, page.saved, marks), message);
  }
  const reservation = await limits.reserve("council", `account:${editor.by}`);
  if (!reservation.allowed) {
    return data<EditReply>(
      {
        ...editView(page, page.saved, marks),
        message: editMessages.tooMany(retryAfterSeconds(reservation.retryAfterMs)),
      },
      { status: 429, headers: { ...privatePage, "Retry-After": retryAfterSeconds(reservation.retryAfterMs) } },
    );
  }

  const basedOnText = posted.get("__basedOn") ?? "";
  const basedOn = basedOnText === "" ? null : /^\d{1,12}$/.test(basedOnText) ? Number(basedOnText) : undefined;
  if (basedOn === undefined) return answer(400, editView(page, page.saved, marks), editMessages.unreadable);

  let draft = readPage(page.shape, page.at, page.saved, posted);
  const op = posted.get("__op") ?? "save";
  const change = op === "save" ? undefined : parseListChange(op, parseName);
  if (op !== "save") {
    const listShape = change && shapeAt(page.partShape, change.list);
    const inside = change && nameOf(change.list.slice(0, page.at.length)) === nameOf(page.at);
    if (!change || !listShape || listShape.kind !== "array" || !inside || !editor.scope.all)
      return answer(400, editView(page, draft, marks), editMessages.unreadable);
    const relative = change.list.slice(page.at.length);
    const linkedList = relative.length === 0 && linkedMembers(page.shape, page.saved).size > 0;
    const items = valueAt(linkedList ? page.saved : draft, relative);
    const list = Array.isArray(items) ? items : [];
    const changed =
      change.kind === "add" && !linkedList ? addEmptyItem(list, listShape) : changeList(list, change, listShape);
    if (!linkedList) return answer(200, editView(page, withValueAt(draft, relative, changed), marks));
    draft = changed;
  }

  if ((page.version?.id ?? null) !== basedOn) return answer(409, editView(page, draft, marks), editMessages.changed);
  let whole = withValueAt(page.version?.data, page.at, draft);
  if (!editor.scope.all) {
    // A coordinator's club keeps its address: a slug changed by them would lose them their own page.
    whole = withValueAt(whole, [...page.at, "slug"], valueAt(page.saved, ["slug"]));
  }
  const schema = contentParts[page.part].schema as z.ZodType;
  const parsed = schema.safeParse(whole);
  if (!parsed.success) {
    const errors = new Map<string, string[]>();
    for (const issue of parsed.error.issues) {
      const name = nameOf(issue.path as (string | number)[]);
      errors.set(name, [...(errors.get(name) ?? []), issue.message]);
    }
    return answer(400, editView(page, draft, marks, errors), editMessages.invalid);
  }

  const saved = await editor.content.save({ part: page.part, data: whole, basedOn, by: editor.by });
  if (!saved.ok) {
    const refusal = saved.reason === "rejected" ? saved.refusal : undefined;
    if (refusal?.code === "contentChanged") return answer(409, editView(page, draft, marks), editMessages.changed);
    if (refusal?.code === "contentInvalid") {
      const errors = new Map([[refusal.field, [refusal.message]]]);
      return answer(400, editView(page, draft, marks, errors), editMessages.invalid);
    }
    return answer(503, editView(page, draft, marks), editMessages.unavailable);
  }
  const { version, changed } = saved.value;
  // The account's key and what changed by field name: never a name, an address or the text itself.
  log.info(
    `Content: ${page.part} ${changed ? `saved as version ${version.id}` : "saved unchanged"} from the editor` +
      ` (at ${nameOf(page.at) || "the whole part"}) by account ${editor.by}.`,
  );
  await publishNow();
  return redirectWithSuccess(pageHref(page.part, page.at), changed ? editMessages.saved : "Nothing had changed.", {
    headers: privatePage,
  });
}
