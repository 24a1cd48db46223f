import { beforeAll, describe, expect, it } from "vitest";
import { registerOnTheWire, useProductionServer } from "../support/production-server";

/**
 * The redirect attacks against the production server, as a browser sends them: the language link with a tab, a line
 * break, U+200B or a lone surrogate in `to=`, and a right password with U+3000 in the login's `redirectTo`, on the
 * English and the Hindi page. The attacker gets a redirect to a page of this site as a browser reads the Location,
 * never another host and never a 5xx. Needs `npm run build`.
 */

const server = useProductionServer("council-redirect-attacks-", {});

const student = { enrollment: "0187CS297002", username: "Kavya Rao", email: "kavya.rao@example.org" };
const password = "09032004";

beforeAll(() => registerOnTheWire(server.url, student), 60_000);

/** Where a browser that got this answer goes: a page of this site, by the WHATWG URL rules browsers follow. */
function expectStaysOnSite(response: Response, expected: string) {
  const location = response.headers.get("Location");
  expect(location).toBe(expected);
  const url = new URL(location!, `${server.url}/somewhere`);
  expect(url.origin).toBe(new URL(server.url).origin);
  expect(url.pathname.startsWith("//")).toBe(false);
}

describe("the language link on the wire", () => {
  it.each([
    ["/%09/evil.example", "/"],
    ["/%0a/evil.example", "/"],
    ["/%0d/evil.example", "/"],
    ["/%E2%80%8B/evil.example", "/"],
    ["/%ED%A0%80/evil.example", "/"],
    ["/\ud800/evil.example", "/"],
    ["/hi/%09/evil.example", "/hi"],
  ])("to=%s answers 303 to %s", async (to, expected) => {
    const response = await fetch(`${server.url}/language?to=${to}`, { redirect: "manual" });
    expect(response.status).toBe(303);
    expectStaysOnSite(response, expected);
  });
});

describe("the login's redirectTo on the wire, with the right password", () => {
  it.each([
    ["/login", "/"],
    ["/hi/login", "/hi"],
  ])("%s?redirectTo=/<U+3000>x (percent-encoded) signs in and goes to %s", async (page, home) => {
    // The login page carries ?redirectTo= into its form; the form sends it back decoded, as U+3000.
    const response = await fetch(`${server.url}${page}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ collegeId: student.enrollment, password, redirectTo: "/\u3000x" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(true);
    expectStaysOnSite(response, home);
  });
});
