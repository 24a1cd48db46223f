import { beforeEach, describe, expect, it } from "vitest";
import { loader as hindiCouncilLoader } from "~/routes/hindi-council";
import { loader as languageLoader } from "~/routes/language";
import { action as loginAction } from "~/routes/login";
import { limits } from "~/server/requests/limits.server";
import { dataOf, get, headersOf, post, routeArgs, statusOf } from "../support/routes";
import { useRecordingBackend } from "../support/fake-backend";

/**
 * A hostile visitor's redirect targets, through the two doors that take a path (the language link's `to`, the login's
 * `redirectTo`), in both languages: what the attacker gets is a redirect to a page of this site, never another host
 * as a browser reads the Location, and never a 5xx.
 */

const fake = useRecordingBackend();

beforeEach(async () => {
  fake.reset();
  await limits.reset();
});

const site = "http://localhost";

/** Where a browser that got `Location: location` on a page of this site goes: only ever this site. */
function expectStaysOnSite(location: string | null, expected: string) {
  expect(location).toBe(expected);
  const url = new URL(location!, `${site}/somewhere`);
  expect(url.origin).toBe(site);
  expect(url.pathname.startsWith("//")).toBe(false);
}

/** The language link as a browser sends it: `query` is the raw query text after `to=`, percent-encoding and all. */
function language(query: string) {
  return languageLoader(routeArgs(get(`/language?to=${query}`)));
}

describe("the language link's ?to=", () => {
  it.each([
    ["/%09/evil.example", "/"],
    ["/%0a/evil.example", "/"],
    ["/%0d/evil.example", "/"],
    ["/%0A%0DSet-Cookie:%20x=1", "/"],
    ["%09//evil.example", "/"],
    ["/%E2%80%8B/evil.example", "/"],
    ["/%E2%80%A8/evil.example", "/"],
    ["/%E3%80%80/evil.example", "/"],
    ["/%EF%BB%BF/evil.example", "/"],
    ["/%ED%A0%80", "/"],
    ["/%C2%85/evil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["//evil.example", "/"],
    ["/%2F/evil.example", "/"],
    ["/%252F/evil.example", "/"],
    ["https://evil.example/", "/"],
    ["/hi%09/evil.example", "/"],
    ["/hi/%09/evil.example", "/hi"],
    ["/hi/%E2%80%8Bclubs", "/hi"],
    ["/hi/%ED%A0%80", "/hi"],
    ["/%", "/"],
  ])("%s redirects to %s, a page of this site", (query, expected) => {
    const response = language(query);
    expect(response.status).toBe(303);
    expectStaysOnSite(response.headers.get("Location"), expected);
  });

  it("keeps an honest page in either language, with its query", () => {
    expectStaysOnSite(language("%2Fhi%2Fclubs").headers.get("Location"), "/hi/clubs");
    expectStaysOnSite(
      language("/sih/team-member%3Ftoken%3DAb_9").headers.get("Location"),
      "/sih/team-member?token=Ab_9",
    );
  });

  it("answers a raw lone surrogate and a raw U+200B in the address with a redirect home, not a 500", () => {
    // What a client that sends them unencoded reaches the loader as (the URL parser encodes them, replacing the lone
    // surrogate with U+FFFD).
    for (const raw of ["/\ud800/evil.example", "/\u200b/evil.example", "/hi/\u200b"]) {
      const response = language(raw);
      expect(response.status).toBe(303);
      expectStaysOnSite(response.headers.get("Location"), raw.startsWith("/hi/") ? "/hi" : "/");
    }
  });
});

describe("the login's redirectTo, with the right password", () => {
  const valid = { collegeId: "0101CS221001", password: "05092004" };

  it.each([
    ["/login", "/"],
    ["/hi/login", "/hi"],
  ])("on %s, /\\u3000x and its kin sign in and go to %s, without scripts and with", async (page, home) => {
    for (const redirectTo of [
      "/\u3000x",
      "/\u200bx",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\ud800",
      "/%E3%80%80x",
    ]) {
      const plain = await loginAction(routeArgs(post(page, { ...valid, redirectTo })));
      expect(statusOf(plain)).toBe(302);
      expect(
        headersOf(plain)
          .getSetCookie()
          .some((cookie) => cookie.startsWith("__session=")),
      ).toBe(true);
      expectStaysOnSite(headersOf(plain).get("Location"), home);
      const enhanced = await loginAction(routeArgs(post(page, { ...valid, redirectTo, enhanced: "1" })));
      expect(dataOf(enhanced)).toEqual({ loggedIn: true, goTo: home });
    }
  });

  it("still returns to the page of this site that asked, in Hindi too", async () => {
    const result = await loginAction(routeArgs(post("/hi/login", { ...valid, redirectTo: "/hi/council?q=a%20b" })));
    expectStaysOnSite(headersOf(result).get("Location"), "/hi/council?q=a%20b");
  });
});

describe("a Hindi address of the council's pages", () => {
  it.each([
    ["/hi/council/accounts?q=x", "/council/accounts"],
    ["/hi/council//evil.example", "/council//evil.example"],
    ["/hi/council/%09/evil.example", "/council"],
    ["/hi/council/%0A", "/council"],
    ["/hi/council/%E2%80%8B", "/council"],
    ["/hi/council/%5C%5Cevil.example", "/council"],
  ])("%s leads to %s, a page of this site", (path, expected) => {
    const response = hindiCouncilLoader(routeArgs(get(path)));
    expect(response.status).toBe(302);
    expectStaysOnSite(response.headers.get("Location"), expected);
  });
});
