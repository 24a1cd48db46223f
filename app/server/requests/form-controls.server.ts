import { z } from "zod";

/**
 * The shape of a raw form before any library walks it, and conform's control fields (`__intent__`, `__state__`)
 * rewritten into exactly what conform will read. Part of the submission pipeline (submission.server.ts).
 */

/** Far above any form of ours (the team form has about 50 fields), far below what would cost time to walk. */
export const formShapeLimits = { maxFields: 100, maxNameLength: 100, maxNameDepth: 4 } as const;

/** A repeatable group of fields (the team's members), changed by conform's insert and remove intents. */
export interface ListRule {
  /** Most rows; an insert beyond it is refused with `tooMany`. */
  max: number;
  tooMany: string;
  /** The value a new row starts with, whatever the request asked for. */
  newRow?: Record<string, string>;
  /** When set, row 1 can be neither removed nor pushed down; trying says this. */
  firstRowStays?: string;
}

const intentField = "__intent__";
const stateField = "__state__";

type FormCheck =
  { ok: true; formData: FormData } | { ok: false; listRefusal?: { name: string; message: string }; formData: FormData };

/**
 * Field names as our forms write them: `name`, `members[2].email`. Anything else (dotted numbers, `a[b]`, names in
 * other scripts, stray brackets) is no field of ours and is refused before conform turns it into objects.
 */
const fieldNamePattern = /^[A-Za-z_][\w-]*(?:\[\d{1,3}\]|\.[A-Za-z_][\w-]*)*$/;

/** The path of a field name: `members[2].name` → members, 2, name. */
function segments(name: string): string[] {
  return name.split(/\.|\[|\]\.?/).filter((segment) => segment !== "");
}

/** The list's rule, if the form declares it: the name is the visitor's, so never a member of Object.prototype. */
const listRule = (lists: Record<string, ListRule>, name: string | undefined): ListRule | undefined =>
  name !== undefined && Object.hasOwn(lists, name) ? lists[name] : undefined;

/** A name within the shape limits and the grammar, whose only list index follows a declared list's name. */
function acceptableName(name: string, lists: Record<string, ListRule>): boolean {
  if (name.length > formShapeLimits.maxNameLength || !fieldNamePattern.test(name)) return false;
  const path = segments(name);
  if (path.length > formShapeLimits.maxNameDepth) return false;
  const rule = listRule(lists, path[0]);
  if (!rule) return !name.includes("[");
  // A declared list is only ever `list[n]` or `list[n].field`: conform builds arrays as long as the largest index,
  // and fails on a list that is not a list (`members=x`). Rows a little past the bound are read, so the form's own
  // message for too many rows ("Maximum 6 members allowed per team!") is what the visitor sees.
  const match = /^[^[.]+\[(\d{1,3})\](?:\.[A-Za-z_][\w-]*)?$/.exec(name);
  return match !== null && Number(match[1]) < rule.max * 2;
}

/** conform's intents as its buttons and scripts send them; anything else is refused. */
const fieldName = z.string().max(formShapeLimits.maxNameLength).regex(fieldNamePattern);
const rowIndex = z.number().int().min(0).max(1000);
const intentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("validate"), payload: z.object({ name: fieldName.optional() }) }),
  z.object({ type: z.literal("reset"), payload: z.object({ name: fieldName.optional(), index: rowIndex.optional() }) }),
  z.object({
    type: z.literal("insert"),
    payload: z.object({ name: fieldName, index: rowIndex.optional(), defaultValue: z.unknown().optional() }),
  }),
  z.object({ type: z.literal("remove"), payload: z.object({ name: fieldName, index: rowIndex }) }),
]);
const stateSchema = z.object({ validated: z.record(fieldName, z.boolean()).optional() });

function parseJson(text: FormDataEntryValue | null): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks the raw form against the shape limits and rewrites conform's control fields into exactly what conform
 * will read: a checked intent (list changes bounded by the form's ListRule) and a state with only known keys.
 */
export function checkForm(raw: FormData, lists: Record<string, ListRule>): FormCheck {
  const refused: FormCheck = { ok: false, formData: raw };
  const formData = new FormData();
  const rows = new Map<string, number>();
  let count = 0;
  let intentText: FormDataEntryValue | null = null;
  let stateText: FormDataEntryValue | null = null;

  for (const [name, value] of raw.entries()) {
    count += 1;
    if (count > formShapeLimits.maxFields) return refused;
    if (name === intentField || name === stateField) {
      // One of each, and text: a repeated or file-valued control field is not something conform sends.
      if ((name === intentField ? intentText : stateText) !== null || typeof value !== "string") return refused;
      if (name === intentField) intentText = value;
      else stateText = value;
      continue;
    }
    if (!acceptableName(name, lists)) return refused;
    const index = /^([^[]+)\[(\d+)\]/.exec(name);
    if (index) rows.set(index[1]!, Math.max(rows.get(index[1]!) ?? 0, Number(index[2]) + 1));
    formData.append(name, value);
  }

  if (stateText !== null) {
    const state = stateSchema.safeParse(parseJson(stateText));
    if (!state.success) return refused;
    formData.set(stateField, JSON.stringify(state.data));
  }
  if (intentText === null) return { ok: true, formData };

  const parsed = intentSchema.safeParse(parseJson(intentText));
  if (!parsed.success) return refused;
  const intent = parsed.data;
  if (intent.type === "validate" || intent.type === "reset") {
    if (
      intent.payload.name !== undefined &&
      !acceptableName(intent.payload.name, lists) &&
      !listRule(lists, intent.payload.name)
    ) {
      return refused;
    }
    formData.set(intentField, JSON.stringify(intent));
    return { ok: true, formData };
  }

  const rule = listRule(lists, intent.payload.name);
  if (!rule) return refused;
  const listName = intent.payload.name;
  const rowCount = rows.get(listName) ?? 0;
  const keepRows = (message: string): FormCheck => {
    // The page comes back unchanged, with the list's message; conform marks the list as checked.
    formData.set(intentField, JSON.stringify({ type: "validate", payload: { name: listName } }));
    return { ok: false, formData, listRefusal: { name: listName, message } };
  };

  if (intent.type === "insert") {
    if (rowCount >= rule.max) return keepRows(rule.tooMany);
    if (rule.firstRowStays && intent.payload.index === 0) return keepRows(rule.firstRowStays);
    const index = intent.payload.index === undefined ? undefined : Math.min(intent.payload.index, rowCount);
    formData.set(
      intentField,
      JSON.stringify({ type: "insert", payload: { name: listName, index, defaultValue: rule.newRow } }),
    );
    return { ok: true, formData };
  }
  // remove
  if (rule.firstRowStays && intent.payload.index === 0) return keepRows(rule.firstRowStays);
  if (intent.payload.index >= rowCount) return refused;
  formData.set(intentField, JSON.stringify(intent));
  return { ok: true, formData };
}
