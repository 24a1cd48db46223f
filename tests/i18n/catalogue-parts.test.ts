import { describe, expect, it } from "vitest";
import loaders from "virtual:catalogue-parts";
import pageLoaders from "virtual:catalogue-pages";
import { type CataloguePart, catalogueParts, pickTexts, serverOnlyTexts } from "~/i18n/catalogue-parts";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { bilingualPages, cataloguePartSets, cataloguePartsOf } from "~/pages-derived";

/**
 * The catalogue as the browser loads it, in parts (app/i18n/catalogue-parts.ts): no text lost or doubled by the split,
 * the modules the build makes (catalogue-parts-plugin.ts, here through Vitest's Vite) holding exactly their part, and
 * each page asking for the shell's part and its own.
 */

/** Every leaf of a catalogue, dotted. */
function leaves(catalogue: object, prefix = ""): string[] {
  return Object.entries(catalogue as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const everyPath = [...Object.values(catalogueParts).flat(), ...serverOnlyTexts];
const within = (leaf: string, path: string) => leaf === path || leaf.startsWith(`${path}.`);

describe("the catalogue's parts", () => {
  it("hold each text of the catalogue exactly once (or leave it to the server)", () => {
    for (const leaf of leaves(en)) {
      const holders = everyPath.filter((path) => within(leaf, path));
      expect(holders, leaf).toHaveLength(1);
    }
  });

  it("together with the server's texts, make the whole catalogue in both languages", () => {
    for (const catalogue of [en, hi]) expect(pickTexts(catalogue, everyPath)).toEqual(catalogue);
  });

  it("are modules of their own in the build, each holding its part in its language", async () => {
    for (const [part, paths] of Object.entries(catalogueParts) as [keyof typeof catalogueParts, readonly string[]][]) {
      expect((await loaders.en[part]()).default, part).toEqual(pickTexts(en, paths));
      expect((await loaders.hi[part]()).default, part).toEqual(pickTexts(hi, paths));
    }
    // The server's texts reach no part.
    expect(JSON.stringify((await loaders.hi.join()).default)).not.toContain(hi.forms.refusals.teamNameTaken);
  });

  it("are one module for each page's set, holding exactly its parts, in both languages", async () => {
    const pathsOf = (parts: readonly CataloguePart[]) => parts.flatMap((part) => catalogueParts[part]);
    for (const page of bilingualPages) {
      const parts = cataloguePartsOf(`/${page.path}`);
      const key = parts.join("+");
      expect(pageLoaders.en, page.path).toHaveProperty([key]);
      expect((await pageLoaders.hi[key]!()).default, page.path).toEqual(pickTexts(hi, pathsOf(parts)));
    }
    expect(Object.keys(pageLoaders.hi).sort()).toEqual(
      cataloguePartSets()
        .map((parts) => parts.join("+"))
        .sort(),
    );
    // A missing page's (the shell alone), and a page's module in English.
    expect((await pageLoaders.en.shell!()).default).toEqual(pickTexts(en, catalogueParts.shell));
    expect((await pageLoaders.en["shell+forms+join"]!()).default).toEqual(
      pickTexts(en, pathsOf(["shell", "forms", "join"])),
    );
  });

  it("a picked path that does not exist fails loudly (the check can fail)", () => {
    expect(() => pickTexts(en, ["forms.nothing"])).toThrow('The catalogue has no texts at "forms.nothing"');
  });
});

describe("the parts a page loads", () => {
  it("are the shell's and the page's own, the same in both languages", () => {
    expect(cataloguePartsOf("/join")).toEqual(["shell", "forms", "join"]);
    expect(cataloguePartsOf("/hi/join")).toEqual(["shell", "forms", "join"]);
    expect(cataloguePartsOf("/hi/club/coding")).toEqual(["shell", "content"]);
    expect(cataloguePartsOf("/hi/rampWalk")).toEqual(["shell", "events"]);
    expect(cataloguePartsOf("/hi")).toEqual(["shell", "content"]);
    expect(cataloguePartsOf("/hi/sih/registration")).toEqual(["shell", "forms", "team", "sihRegistration"]);
  });

  it("are the shell's alone on a page without a Hindi twin (the council's, a missing page)", () => {
    expect(cataloguePartsOf("/council")).toEqual(["shell"]);
    expect(cataloguePartsOf("/no-such-page")).toEqual(["shell"]);
  });

  it("name only parts that exist", () => {
    for (const page of bilingualPages) for (const part of page.texts) expect(catalogueParts).toHaveProperty(part);
  });
});
