import { describe, expect, it } from "vitest";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";

/** Every key of a catalogue, dotted, with its value. */
function entries(catalogue: object, prefix = ""): [string, unknown][] {
  return Object.entries(catalogue as Record<string, unknown>).flatMap(([key, value]): [string, unknown][] =>
    typeof value === "object" && value !== null ? entries(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

/** The {{placeholders}} a text fills in. */
const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe("the catalogues", () => {
  it("have exactly the same keys in English and Hindi", () => {
    expect(entries(hi).map(([key]) => key)).toEqual(entries(en).map(([key]) => key));
  });

  it("have no empty or non-text value", () => {
    for (const [key, value] of [...entries(en), ...entries(hi)]) {
      expect(typeof value, key).toBe("string");
      expect(String(value).trim(), key).not.toBe("");
    }
  });

  it("fill in the same placeholders in both languages", () => {
    const hindi = new Map(entries(hi));
    for (const [key, value] of entries(en)) expect(placeholders(hindi.get(key)), key).toEqual(placeholders(value));
  });

  it("fails for a catalogue with a key missing or empty (the check itself can fail)", () => {
    const missing = { ...hi, shell: { ...hi.shell, skipLink: undefined } };
    expect(entries(missing).some(([, value]) => value === undefined)).toBe(true);
    const extra = { ...hi, shell: { ...hi.shell, extra: "x" } };
    expect(entries(extra).map(([key]) => key)).not.toEqual(entries(en).map(([key]) => key));
  });
});
