import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { useProductionServer } from "../support/production-server";

/**
 * Every page of the route table, in both languages, and its `.data` twin (what a client navigation loads: the same
 * loaders' data, the token and names of a link page included) answer with the same Cache-Control, Referrer-Policy and
 * Vary, on the production server, signed out; the two link pages also with a token in their address. Needs
 * `npm run build`.
 */

const server = useProductionServer("council-data-twins-", {});

/** Every route module that renders a page (the rest are files and endpoints, with no twin to compare). */
const modules = import.meta.glob<{ default?: unknown }>("../../app/routes/*.{ts,tsx}", { eager: true });

/** A path the route's pattern matches: a club for a club, an unknown page for the catch-alls. */
const pathOf = (entry: (typeof routes)[number]) =>
  entry.index ? "/" : `/${entry.path!}`.replace(":clubName", "coding").replace(/\*$/, "no-such-page");

const token = randomBytes(32).toString("base64url");
const pages = [
  ...routes.filter((entry) => modules[`../../app/${entry.file}`]?.default !== undefined).map(pathOf),
  ...["/verify-email", "/hi/verify-email", "/sih/team-member", "/hi/sih/team-member"].map(
    (path) => `${path}?token=${token}`,
  ),
];

/** Where React Router's client navigation loads a page's data from (its trailing-slash-aware data requests). */
function twinOf(address: string): string {
  const url = new URL(address, "http://site.invalid");
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return url.pathname + url.search;
}

const varyOf = (headers: Headers) =>
  new Set(
    (headers.get("Vary") ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );

const compared = ["Cache-Control", "Referrer-Policy"] as const;

describe("the .data twin of every page", () => {
  it("the walk covers both languages and the link pages with their token", () => {
    expect(pages).toEqual(expect.arrayContaining(["/", "/hi", "/join", "/hi/join", "/council", "/hi/no-such-page"]));
    expect(pages.length).toBeGreaterThan(60);
  });

  it.each(pages)("%s and its twin answer with the same Cache-Control, Referrer-Policy and Vary", async (address) => {
    const answer = (path: string) => fetch(new URL(path, server.url), { redirect: "manual" });
    const [page, twin] = await Promise.all([answer(address), answer(twinOf(address))]);
    await Promise.all([page.arrayBuffer(), twin.arrayBuffer()]);
    expect(page.status, "the page answers").toBeLessThan(500);
    expect(twin.status, "the twin answers").toBeLessThan(500);
    for (const name of compared) expect(twin.headers.get(name), name).toBe(page.headers.get(name));
    const pageVary = varyOf(page.headers);
    const twinVary = varyOf(twin.headers);
    if (page.status >= 300 && page.status < 400) {
      // A redirect has no body to encode, so no Vary: Accept-Encoding; its twin (React Router's redirect as data) does.
      pageVary.forEach((name) => expect(twinVary).toContain(name));
      expect(twinVary).toContain("cookie");
    } else {
      expect(twinVary).toEqual(pageVary);
    }
  });

  it.each(pages.filter((address) => address.includes("?token=")))(
    "%s: neither the page nor its twin is cached or sends its address on as a referrer",
    async (address) => {
      for (const path of [address, twinOf(address)]) {
        const response = await fetch(new URL(path, server.url), { redirect: "manual" });
        await response.arrayBuffer();
        expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
        expect(response.headers.get("Referrer-Policy"), path).toBe("same-origin");
      }
    },
  );
});
