import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clubsSchema } from "~/content/schemas";

/** data/clubs.json as the council edits it. */
const clubsData = () => JSON.parse(readFileSync("data/clubs.json", "utf8")) as { logo: { alt: unknown } }[];

describe("texts in both languages in data/*.json", () => {
  it("data/clubs.json has every club's logo text in English and Hindi", () => {
    expect(clubsSchema.safeParse(clubsData()).success).toBe(true);
  });

  it("refuses a club whose Hindi is missing, empty, misspelt, or a text in one language only", () => {
    for (const alt of [
      { en: "Coding Club logo" },
      { en: "Coding Club logo", hi: "" },
      { en: "Coding Club logo", hl: "Coding Club का लोगो" },
      "Coding Club logo",
    ]) {
      const edited = clubsData();
      edited[1]!.logo.alt = alt;
      const result = clubsSchema.safeParse(edited);
      expect(result.success, JSON.stringify(alt)).toBe(false);
      expect(result.error?.issues[0]?.path.slice(0, 3)).toEqual([1, "logo", "alt"]);
    }
  });
});
