import type { z } from "zod";

/**
 * The content's zod schemas read as the shapes a form is made of, so one editor serves every part: objects are
 * fieldsets, `{ en, hi }` texts the two languages side by side, arrays lists of items, enums selects, `true`-only
 * literals checkboxes, dates with their offset date-time inputs. Only what the schemas in schemas.ts use is known;
 * anything else is a plain text field, which the schema still checks on save.
 */
export type Shape =
  | { kind: "object"; fields: { key: string; shape: Shape; optional: boolean }[] }
  | { kind: "array"; item: Shape; min: number; max: number }
  | { kind: "localized" }
  | { kind: "text"; format: "text" | "url" | "email" | "datetime" }
  | { kind: "number" }
  | { kind: "enum"; options: string[] }
  | { kind: "flag" }
  | { kind: "record"; keys: string[] };

/** zod 4 keeps a schema's definition on `_zod.def`; only the members read here are typed. */
interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[];
  format?: string;
  entries?: Record<string, string>;
  values?: unknown[];
  keyType?: z.ZodType;
  in?: z.ZodType;
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** The schema without `.optional()` around it, and whether it was optional. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    const def = definitionOf(inner);
    if ((def.type === "optional" || def.type === "default") && def.innerType) {
      optional = true;
      inner = def.innerType;
    } else if (def.type === "pipe" && def.in) inner = def.in;
    else return { inner, optional };
  }
}

function arrayBounds(def: Definition): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of def.checks ?? []) {
    const { check: kind, minimum, maximum, length } = check._zod.def;
    if (kind === "min_length" && minimum !== undefined) min = minimum;
    if (kind === "max_length" && maximum !== undefined) max = maximum;
    if (kind === "length_equals" && length !== undefined) min = max = length;
  }
  return { min, max };
}

export function shapeOf(schema: z.ZodType): Shape {
  const { inner } = unwrap(schema);
  const def = definitionOf(inner);
  switch (def.type) {
    case "object": {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const isLocalized =
        keys.length === 2 &&
        keys.includes("en") &&
        keys.includes("hi") &&
        keys.every((key) => definitionOf(shape[key]!).type === "string");
      if (isLocalized) return { kind: "localized" };
      return {
        kind: "object",
        fields: keys.map((key) => ({ key, shape: shapeOf(shape[key]!), optional: unwrap(shape[key]!).optional })),
      };
    }
    case "array":
      return { kind: "array", item: shapeOf(def.element!), ...arrayBounds(def) };
    case "number":
      return { kind: "number" };
    case "enum":
      return { kind: "enum", options: Object.values(def.entries ?? {}) };
    case "literal":
      return def.values?.length === 1 && def.values[0] === true ? { kind: "flag" } : { kind: "text", format: "text" };
    case "record": {
      const keys = def.keyType ? definitionOf(def.keyType).entries : undefined;
      return { kind: "record", keys: keys ? Object.values(keys) : [] };
    }
    case "string": {
      const format = def.format === "url" || def.format === "email" || def.format === "datetime" ? def.format : "text";
      return { kind: "text", format };
    }
    default:
      return { kind: "text", format: "text" };
  }
}

/** A path inside a part: keys and item indexes, as zod reports an issue's path. */
export type Path = (string | number)[];

/** The path as a form field's name: `hackathon.about[2].en`, `[3].logo.src`. */
export function nameOf(path: readonly (string | number)[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`)).join("");
}

/** Caps on a path a visitor sends (`?at=`): far past the schemas' deepest field. */
export const pathLimits = { maxLength: 200, maxDepth: 10 } as const;

/** A field name or `?at=` value back to its path; undefined when it is no name this editor writes. */
export function parseName(name: string): Path | undefined {
  if (name === "") return [];
  if (name.length > pathLimits.maxLength || !/^(?:[A-Za-z_]\w*|\[\d{1,4}\])(?:\.[A-Za-z_]\w*|\[\d{1,4}\])*$/.test(name))
    return undefined;
  const path: Path = [];
  for (const match of name.matchAll(/\[(\d+)\]|([A-Za-z_]\w*)/g)) path.push(match[1] ? Number(match[1]) : match[2]!);
  return path.length > pathLimits.maxDepth ? undefined : path;
}

/** The shape at `path` inside `shape`, or undefined where the schema has no such place. */
export function shapeAt(shape: Shape, path: readonly (string | number)[]): Shape | undefined {
  let here: Shape | undefined = shape;
  for (const key of path) {
    if (!here) return undefined;
    if (here.kind === "array" && typeof key === "number") here = here.item;
    else if (here.kind === "object" && typeof key === "string")
      here = here.fields.find((field) => field.key === key)?.shape;
    else return undefined;
  }
  return here;
}

export function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = Object.hasOwn(here, key) ? (here as Record<string | number, unknown>)[key] : undefined;
  }
  return here;
}

/** A copy of `value` with `path` set to `next`; the containers on the way are copied, never changed. */
export function withValueAt(value: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : { ...(value as Record<string, unknown>) };
  (container as Record<string | number, unknown>)[key!] = withValueAt(valueAt(value, [key!]), rest, next);
  return container;
}

/** How many fields a value takes in a form: what decides whether a part of it gets a page of its own. */
export function fieldCount(shape: Shape, value: unknown): number {
  switch (shape.kind) {
    case "object":
      return shape.fields.reduce((sum, field) => sum + fieldCount(field.shape, valueAt(value, [field.key])), 0);
    case "array":
      return Array.isArray(value) ? value.reduce<number>((sum, item) => sum + fieldCount(shape.item, item), 0) : 0;
    case "localized":
      return 2;
    case "record":
      return shape.keys.length;
    default:
      return 1;
  }
}

/** The value a new item starts with: empty texts, the first choice of a select. */
export function emptyValue(shape: Shape): unknown {
  switch (shape.kind) {
    case "object":
      return Object.fromEntries(
        shape.fields.filter((field) => !field.optional).map((field) => [field.key, emptyValue(field.shape)]),
      );
    case "array":
      return Array.from({ length: shape.min }, () => emptyValue(shape.item));
    case "localized":
      return { en: "", hi: "" };
    case "enum":
      return shape.options[0] ?? "";
    case "record":
      return {};
    case "flag":
      return undefined;
    default:
      return "";
  }
}
