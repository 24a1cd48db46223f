import { emptyValue, fieldCount, nameOf, type Path, type Shape, valueAt } from "./schema-nodes";

/**
 * What one page of the editor shows and how its posted form becomes a value again. A page is one place in a part
 * (`?at=hackathon`): small enough, it is one form; too big for a phone, its large members are links to pages of their
 * own (a list of 19 clubs, then one club). Which members are links is decided from the saved value alone, so the page
 * that was shown and the form that comes back agree however many items were added meanwhile.
 */

/** A page holding at most this many fields is one form. */
export const pageFieldBudget = 60;
/** On a larger page, a member of more fields than this gets a page of its own. */
const memberFieldBudget = 8;

/** The members of the value at a page's place that are links to their own page, not fields of its form. */
export function linkedMembers(shape: Shape, saved: unknown): Set<string | number> {
  const linked = new Set<string | number>();
  if (fieldCount(shape, saved) <= pageFieldBudget) return linked;
  if (shape.kind === "array" && Array.isArray(saved)) saved.forEach((_item, index) => linked.add(index));
  if (shape.kind === "object") {
    for (const field of shape.fields)
      if (fieldCount(field.shape, valueAt(saved, [field.key])) > memberFieldBudget) linked.add(field.key);
  }
  return linked;
}

/** A date-time input's value ("2027-01-15T23:59") in India's time, for a moment with its offset. */
export function toIndiaInput(moment: unknown): string {
  if (typeof moment !== "string" || Number.isNaN(Date.parse(moment))) return typeof moment === "string" ? moment : "";
  return new Date(Date.parse(moment) + 330 * 60_000).toISOString().slice(0, 16);
}

/** A date-time input's value back to a moment in India's time; anything else is left for the schema to refuse. */
export function fromIndiaInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+05:30` : value;
}

/** The form's entries by name (the first of a repeated name), with the list indexes found under each name. */
export class PostedFields {
  readonly values = new Map<string, string>();
  private readonly indexes = new Map<string, Set<number>>();

  constructor(entries: Iterable<[string, string]>) {
    for (const [name, value] of entries) {
      if (!this.values.has(name)) this.values.set(name, value);
      for (const match of name.matchAll(/\[(\d+)\]/g)) {
        const list = name.slice(0, match.index);
        let found = this.indexes.get(list);
        if (!found) this.indexes.set(list, (found = new Set()));
        found.add(Number(match[1]));
      }
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  /** The indexes posted under a list's name, in order: `about[0]`, `about[2]` → 0, 2. */
  indexesOf(list: string): number[] {
    return [...(this.indexes.get(list) ?? [])].sort((a, b) => a - b);
  }
}

/**
 * The value of the page at `at` as the form posted it; its linked members are the saved ones (`saved`, the value at
 * `at`). Field names are the paths from the part's root, so a message of the part's schema lands on its field.
 */
export function readPage(shape: Shape, at: Path, saved: unknown, posted: PostedFields): unknown {
  const linked = linkedMembers(shape, saved);
  if (shape.kind === "array" && linked.size > 0) return saved;
  if (shape.kind === "object") {
    const value: Record<string, unknown> = {};
    for (const field of shape.fields) {
      const member = linked.has(field.key)
        ? valueAt(saved, [field.key])
        : readValue(field.shape, [...at, field.key], field.optional, posted);
      if (member !== undefined) value[field.key] = member;
    }
    return value;
  }
  return readValue(shape, at, false, posted);
}

function readValue(shape: Shape, path: Path, optional: boolean, posted: PostedFields): unknown {
  const name = nameOf(path);
  switch (shape.kind) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const field of shape.fields) {
        const member = readValue(field.shape, [...path, field.key], field.optional, posted);
        if (member !== undefined) value[field.key] = member;
      }
      return value;
    }
    case "array":
      return posted.indexesOf(name).map((index) => readValue(shape.item, [...path, index], false, posted));
    case "localized": {
      const text = { en: posted.get(`${name}.en`) ?? "", hi: posted.get(`${name}.hi`) ?? "" };
      return optional && text.en === "" && text.hi === "" ? undefined : text;
    }
    case "number": {
      const text = (posted.get(name) ?? "").trim();
      return /^\d{1,9}$/.test(text) ? Number(text) : text;
    }
    case "flag":
      return posted.get(name) ? true : undefined;
    case "record": {
      const value: Record<string, string> = {};
      for (const key of shape.keys) {
        const text = (posted.get(`${name}.${key}`) ?? "").trim();
        if (text !== "") value[key] = text;
      }
      return value;
    }
    default: {
      const raw = posted.get(name) ?? "";
      const text = shape.kind === "text" && shape.format !== "text" ? raw.trim() : raw;
      if (optional && text === "") return undefined;
      return shape.kind === "text" && shape.format === "datetime" ? fromIndiaInput(text) : text;
    }
  }
}

/** A list button: add an item to a list, remove one, or move one up or down. */
export interface ListChange {
  kind: "add" | "remove" | "up" | "down";
  /** The list's path from the part's root. */
  list: Path;
  /** The item's index (not for add). */
  index: number;
}

/** `add:hackathon.about`, `remove:hackathon.about[2]` (a button's value) as a change; undefined if it is none. */
export function parseListChange(value: string, parse: (name: string) => Path | undefined): ListChange | undefined {
  const match = /^(add|remove|up|down):(.*)$/.exec(value);
  if (!match) return undefined;
  const path = parse(match[2]!);
  if (!path) return undefined;
  const kind = match[1] as ListChange["kind"];
  if (kind === "add") return { kind, list: path, index: -1 };
  const index = path.at(-1);
  return typeof index === "number" ? { kind, list: path.slice(0, -1), index } : undefined;
}

/** The list with the change made, within its schema's bounds (a change past them leaves it as it was). */
export function changeList(items: unknown[], change: ListChange, shape: Extract<Shape, { kind: "array" }>): unknown[] {
  const next = [...items];
  const { index } = change;
  if (change.kind === "add" && next.length < shape.max) {
    // A linked list's item is a page of its own, so the new one starts as a copy of the last, to be edited there.
    next.push(structuredClone(next.at(-1) ?? emptyValue(shape.item)));
  }
  if (index < 0 || index >= next.length) return next;
  if (change.kind === "remove" && next.length > shape.min) next.splice(index, 1);
  if (change.kind === "up" && index > 0) [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
  if (change.kind === "down" && index < next.length - 1)
    [next[index + 1], next[index]] = [next[index]!, next[index + 1]!];
  return next;
}

/** An inline list's added item starts empty, to be filled in on the same page. */
export function addEmptyItem(items: unknown[], shape: Extract<Shape, { kind: "array" }>): unknown[] {
  return items.length < shape.max ? [...items, emptyValue(shape.item)] : items;
}
