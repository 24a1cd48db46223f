import type { HindiMark } from "./editor-view";
import { nameOf, type Path } from "./schema-nodes";

/**
 * What the versions of a part say beyond their values: where a Hindi text is older than its English (the English was
 * changed in a later version than the Hindi), and what changed from one version to the next, field by field.
 */

/** Every `{ en, hi }` text in a value, by its field name. */
function localizedTexts(value: unknown, path: Path, found: Map<string, { en: string; hi: string }>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => localizedTexts(item, [...path, index], found));
    return;
  }
  if (value === null || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && typeof record.en === "string" && typeof record.hi === "string") {
    found.set(nameOf(path), { en: record.en, hi: record.hi });
    return;
  }
  for (const key of keys) localizedTexts(record[key], [...path, key], found);
}

/**
 * The Hindi texts older than their English, from a part's versions oldest first: for each text, the last version that
 * changed its English came after the last that changed its Hindi. Only the versions given are looked at, so a text
 * untouched in all of them carries no mark.
 */
export function olderHindi(versionsOldestFirst: readonly unknown[]): Map<string, HindiMark> {
  const lastEnglish = new Map<string, number>();
  const lastHindi = new Map<string, number>();
  let previous: Map<string, { en: string; hi: string }> | undefined;
  versionsOldestFirst.forEach((data, index) => {
    const texts = new Map<string, { en: string; hi: string }>();
    localizedTexts(data, [], texts);
    if (previous) {
      for (const [name, text] of texts) {
        const before = previous.get(name);
        if (!before) continue;
        if (before.en !== text.en) lastEnglish.set(name, index);
        if (before.hi !== text.hi) lastHindi.set(name, index);
      }
    }
    previous = texts;
  });
  const marks = new Map<string, HindiMark>();
  for (const [name, english] of lastEnglish) if (english > (lastHindi.get(name) ?? -1)) marks.set(name, "older");
  return marks;
}

/** One field changed between two versions, its values as text (long ones cut). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown) => {
  if (value === undefined) return "(none)";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
};

/** The fields that differ between two values of a part, at most `limit`. */
export function fieldChanges(before: unknown, after: unknown, limit = 50): FieldChange[] {
  const changes: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: Path) => {
    if (changes.length >= limit || JSON.stringify(a) === JSON.stringify(b)) return;
    const isObject = (value: unknown) => value !== null && typeof value === "object";
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let index = 0; index < Math.max(a.length, b.length); index++) walk(a[index], b[index], [...path, index]);
      return;
    }
    if (isObject(a) && isObject(b) && !Array.isArray(a) && !Array.isArray(b)) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const key of keys)
        walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], [...path, key]);
      return;
    }
    changes.push({ field: nameOf(path) || "(the whole part)", before: shown(a), after: shown(b) });
  };
  walk(before, after, []);
  return changes;
}
