import { linkedMembers, toIndiaInput } from "./form-reading";
import { nameOf, type Path, type Shape, valueAt } from "./schema-nodes";

/**
 * One page of the editor as plain data for its component: every field with its name (the path from the part's root),
 * label, value and message. Made on the server from the schema, so the browser gets no schema and no zod.
 */
export type HindiMark = "missing" | "older";

export type FieldView =
  | { kind: "group"; name: string; label: string; error?: string; children: FieldView[] }
  | {
      kind: "list";
      name: string;
      label: string;
      error?: string;
      items: { label: string; view: FieldView }[];
      canAdd: boolean;
      canRemove: boolean;
    }
  | {
      kind: "links";
      name: string;
      label: string;
      error?: string;
      items: { label: string; href: string }[];
      canAdd: boolean;
      canRemove: boolean;
    }
  | { kind: "link"; name: string; label: string; href: string }
  | {
      kind: "localized";
      name: string;
      label: string;
      en: string;
      hi: string;
      multiline: boolean;
      mark?: HindiMark;
      error?: string;
      enError?: string;
      hiError?: string;
    }
  | {
      kind: "input";
      name: string;
      label: string;
      value: string;
      input: "text" | "url" | "email" | "datetime-local" | "number";
      optional: boolean;
      hint?: string;
      error?: string;
    }
  | { kind: "select"; name: string; label: string; value: string; options: string[]; optional: boolean; error?: string }
  | { kind: "checkbox"; name: string; label: string; checked: boolean; error?: string };

export interface PageViewInput {
  shape: Shape;
  at: Path;
  /** The saved value at `at`: what decides which members are links. */
  saved: unknown;
  /** The value the fields show: the saved one, or what the member posted. */
  shown: unknown;
  /** Messages by field name; what no field on the page takes is returned as the page's own. */
  errors: Map<string, string[]>;
  marks: Map<string, HindiMark>;
  href: (path: Path) => string;
}

/** "aboutBlurb" → "About blurb", "assistant_secretary" → "Assistant secretary". */
export function labelOf(key: string | number): string {
  if (typeof key === "number") return `Item ${key + 1}`;
  const words = key
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An item's label: its number and, where it has one, its name, title, label or slug. */
export function itemLabel(item: unknown, index: number): string {
  const pick = (key: string) => {
    const value = valueAt(item, [key]);
    if (typeof value === "string") return value;
    const english = valueAt(value, ["en"]);
    return typeof english === "string" ? english : undefined;
  };
  const name = pick("name") ?? pick("title") ?? pick("label") ?? pick("platform") ?? pick("slug") ?? pick("en");
  const short = name && name.length > 60 ? `${name.slice(0, 57)}…` : name;
  return short ? `${index + 1}. ${short}` : `Item ${index + 1}`;
}

/** A value as a control shows it: text and numbers as they are, anything else empty (the schema names it). */
const textOf = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

export function buildPageView(input: PageViewInput): { fields: FieldView[]; pageErrors: string[] } {
  const { shape, at, saved, shown, errors, href } = input;
  const used = new Set<string>();
  const take = (name: string) => {
    used.add(name);
    return errors.get(name)?.[0];
  };
  const build = (node: Shape, path: Path, value: unknown, optional: boolean, label: string) =>
    buildField(node, path, value, optional, label, { take, marks: input.marks });

  const linked = linkedMembers(shape, saved);
  let fields: FieldView[];
  const rootName = nameOf(at);
  const rootLabel = at.length === 0 ? "Items" : labelOf(at.at(-1)!);
  if (shape.kind === "array" && linked.size > 0) {
    const items = Array.isArray(shown) ? shown : [];
    fields = [
      {
        kind: "links",
        name: rootName,
        label: rootLabel,
        error: take(rootName),
        items: items.map((item, index) => ({ label: itemLabel(item, index), href: href([...at, index]) })),
        canAdd: items.length < shape.max,
        canRemove: items.length > shape.min,
      },
    ];
  } else if (shape.kind === "object") {
    take(rootName);
    fields = shape.fields.map((field) => {
      const path = [...at, field.key];
      if (linked.has(field.key)) {
        take(nameOf(path));
        return { kind: "link", name: nameOf(path), label: labelOf(field.key), href: href(path) };
      }
      return build(field.shape, path, valueAt(shown, [field.key]), field.optional, labelOf(field.key));
    });
  } else {
    fields = [build(shape, at, shown, false, rootLabel)];
  }

  const pageErrors: string[] = [...(at.length === 0 || shape.kind === "object" ? (errors.get(rootName) ?? []) : [])];
  for (const [name, messages] of errors) {
    if (!used.has(name)) pageErrors.push(`${name || "The whole part"}: ${messages[0]}`);
  }
  return { fields, pageErrors: [...new Set(pageErrors)] };
}

interface Builders {
  take: (name: string) => string | undefined;
  marks: Map<string, HindiMark>;
}

function buildField(
  shape: Shape,
  path: Path,
  value: unknown,
  optional: boolean,
  label: string,
  builders: Builders,
): FieldView {
  const name = nameOf(path);
  const { take } = builders;
  switch (shape.kind) {
    case "object":
      return {
        kind: "group",
        name,
        label,
        error: take(name),
        children: shape.fields.map((field) =>
          buildField(
            field.shape,
            [...path, field.key],
            valueAt(value, [field.key]),
            field.optional,
            labelOf(field.key),
            builders,
          ),
        ),
      };
    case "array": {
      const items = Array.isArray(value) ? value : [];
      return {
        kind: "list",
        name,
        label,
        error: take(name),
        items: items.map((item, index) => ({
          label: itemLabel(item, index),
          view: buildField(shape.item, [...path, index], item, false, itemLabel(item, index), builders),
        })),
        canAdd: items.length < shape.max,
        canRemove: items.length > shape.min,
      };
    }
    case "localized": {
      const en = textOf(valueAt(value, ["en"]));
      const hi = textOf(valueAt(value, ["hi"]));
      const mark = en !== "" && hi.trim() === "" ? "missing" : builders.marks.get(name);
      return {
        kind: "localized",
        name,
        label,
        en,
        hi,
        multiline: en.length > 60 || hi.length > 60,
        mark,
        error: take(name),
        enError: take(`${name}.en`),
        hiError: take(`${name}.hi`),
      };
    }
    case "record":
      return {
        kind: "group",
        name,
        label,
        error: take(name),
        children: shape.keys.map((key) => ({
          kind: "input",
          name: `${name}.${key}`,
          label: labelOf(key),
          value: textOf(valueAt(value, [key])),
          input: "text",
          optional: true,
          error: take(`${name}.${key}`),
        })),
      };
    case "enum":
      return {
        kind: "select",
        name,
        label,
        value: textOf(value),
        options: shape.options,
        optional,
        error: take(name),
      };
    case "flag":
      return { kind: "checkbox", name, label, checked: value === true, error: take(name) };
    case "number":
      return { kind: "input", name, label, value: textOf(value), input: "number", optional, error: take(name) };
    case "text": {
      const input = { text: "text", url: "url", email: "email", datetime: "datetime-local" } as const;
      const datetime = shape.format === "datetime";
      return {
        kind: "input",
        name,
        label,
        value: datetime ? toIndiaInput(value) : textOf(value),
        input: input[shape.format],
        optional,
        hint: datetime ? "India's time (IST)." : undefined,
        error: take(name),
      };
    }
  }
}
