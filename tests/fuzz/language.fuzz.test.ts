import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loader as languageLoader } from "~/routes/language";
import { get, routeArgs } from "../support/routes";

/**
 * Property-based fuzzing of the language link (/language?to=...): whatever a client puts after `to=` (any Unicode,
 * lone surrogates, control characters, stray or overlong percent-encoding, slashes and backslashes), the answer is a
 * 303 to a page of this site as a browser reads the Location, in the language the link asked for when it is an
 * honest page, never a throw (a 500).
 */

const runs = Number(process.env.FUZZ_RUNS ?? 1000);
const site = "http://localhost";

const hostile = fc.constantFrom(
  "/",
  "//",
  "\\",
  "/hi",
  "/hi/",
  "evil.example",
  "%",
  "%2F",
  "%2f",
  "%5C",
  "%09",
  "%0A",
  "%0d",
  "%00",
  "%7F",
  "%C2%85",
  "%E2%80%8B",
  "%E2%80%A8",
  "%E2%80%A9",
  "%E3%80%80",
  "%EF%BB%BF",
  "%ED%A0%80",
  "%C0%AF",
  "%252F",
  "\t",
  "\n",
  "\r",
  "\u200b",
  "\u3000",
  "\ud800",
  "\udfff",
  "..",
  ".",
  "?",
  "#",
  "&to=//evil.example",
);

/** The text after `to=`: pieces of hostile text, or any string at all, sent raw or percent-encoded. */
const queryText = fc.oneof(
  fc
    .array(fc.oneof(hostile, fc.string({ unit: "binary", maxLength: 4 })), { maxLength: 10 })
    .map((parts) => parts.join("")),
  fc.string({ unit: "binary" }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"))),
  fc.string({ unit: "binary" }),
);

describe("the language link under hostile targets", () => {
  it("always answers 303 to a page of this site, never throws", () => {
    fc.assert(
      fc.property(queryText, (text) => {
        const response = languageLoader(routeArgs(get(`/language?to=${text}`)));
        expect(response.status).toBe(303);
        const location = response.headers.get("Location")!;
        expect(location).toMatch(/^\/[\x21-\x7e]*$/);
        const url = new URL(location, `${site}/clubs`);
        expect(url.origin, JSON.stringify(text)).toBe(site);
        expect(url.pathname.startsWith("//")).toBe(false);
        expect(response.headers.get("Set-Cookie")).toMatch(/^lang=(en|hi);/);
      }),
      { numRuns: runs },
    );
  });

  it("sends an honest page of either language there, query kept", () => {
    const page = fc.constantFrom("/", "/clubs", "/hi", "/hi/clubs", "/sih/team-member", "/hi/club/coding");
    const query = fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { nil: undefined });
    fc.assert(
      fc.property(page, query, (path, token) => {
        const to = token === undefined ? path : `${path}?${new URLSearchParams({ token })}`;
        const response = languageLoader(routeArgs(get(`/language?${new URLSearchParams({ to })}`)));
        expect(response.headers.get("Location")).toBe(to);
        expect(response.headers.get("Set-Cookie")).toMatch(path.startsWith("/hi") ? /^lang=hi;/ : /^lang=en;/);
      }),
      { numRuns: Math.min(runs, 200) },
    );
  });
});
