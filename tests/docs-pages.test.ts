import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pages } from "~/pages";
import { repoRoot } from "../scripts/lib/server.mjs";

/** The first column of docs/behaviour.md's table of pages: every path it names, row by row, in order. */
function documentedPages(): { paths: string[]; english: string[] } {
  const text = readFileSync(path.join(repoRoot, "docs", "behaviour.md"), "utf8");
  const section = text.slice(text.indexOf("\n## Pages\n"), text.indexOf("\n## ", text.indexOf("\n## Pages\n") + 1));
  const rows = section.split("\n").filter((line) => /^\| `/.test(line));
  const paths = rows.flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
  const english = section.includes("but the council's pages") ? ["council", "healthz", "dev/outbox"] : [];
  return { paths, english };
}

describe("docs/behaviour.md's table of pages", () => {
  it("names every page of the registry, in its order, and nothing else", () => {
    const registered = pages.filter((page) => page.path !== "*").map((page) => `/${page.path}`);
    expect(documentedPages().paths).toEqual(registered);
  });

  it("says which pages have no Hindi twin as the registry does", () => {
    const englishOnly = pages.filter((page) => page.languages === "en").map((page) => page.path);
    const said = documentedPages().english;
    expect(said.length).toBeGreaterThan(0);
    // "the council's pages" covers /council and what lies under it.
    expect(englishOnly.filter((page) => !said.some((name) => page === name || page.startsWith(`${name}/`)))).toEqual(
      [],
    );
  });
});
