import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The security headers of every document the site serves. Browsers hide a script's nonce from the DOM, so the
 * nonce is compared in the raw HTML. (Console errors and CSP violations in a running page fail every browser test
 * through the fixtures, and the page tests also record `securitypolicyviolation` events.)
 */

/** Every public page the sitemap lists. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

/** The sitemap's pages plus the two kinds of Not Found. */
async function documentPaths(request: APIRequestContext): Promise<string[]> {
  return [...(await sitemapPaths(request)), "/no-such-page", "/club/nope"];
}

test("the sitemap lists every public page", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const paths = (await sitemapPaths(request)).map((path) => decodeURIComponent(path));
  const expected = [
    "/",
    "/clubs",
    "/club/coding",
    "/club/e.v.",
    "/club/Environment",
    "/mentors",
    "/team",
    "/developers",
    "/gallery",
    "/sih",
    "/tarang",
    "/rampWalk",
    "/danceDetails",
    "/openMic",
    "/musicEvent",
    "/mysteryGame",
  ];
  expect(paths).toEqual(expect.arrayContaining(expected));
  expect(paths.filter((path) => path.startsWith("/club/")), "all 19 clubs").toHaveLength(19);
});

test("every document carries the security headers, and every script the response's nonce", async ({ request }) => {
  const problems: string[] = [];
  for (const path of await documentPaths(request)) {
    const response = await request.get(path);
    const headers = response.headers();
    const html = await response.text();
    const csp = headers["content-security-policy"] ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name = "", ...values]) => [name, values]),
    );
    if (!csp) problems.push(`${path}: no Content-Security-Policy`);

    const scriptSources = directives.get("script-src") ?? directives.get("default-src") ?? [];
    const nonce = scriptSources.map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1]).find(Boolean);
    if (!nonce) problems.push(`${path}: the policy's script-src has no nonce`);
    if (scriptSources.includes("'unsafe-inline'") && !nonce) problems.push(`${path}: script-src allows 'unsafe-inline'`);

    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
    if (scripts.length === 0) problems.push(`${path}: no scripts at all (hydration missing?)`);
    for (const attributes of scripts) {
      const scriptNonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1];
      if (scriptNonce !== nonce) problems.push(`${path}: <script${attributes}> has nonce ${scriptNonce ?? "(none)"}, not ${nonce}`);
    }

    if (headers["x-content-type-options"] !== "nosniff") problems.push(`${path}: X-Content-Type-Options is not nosniff`);
    if (!headers["referrer-policy"]) problems.push(`${path}: no Referrer-Policy`);
    if (headers["referrer-policy"] === "unsafe-url") problems.push(`${path}: Referrer-Policy leaks full URLs`);
    const frameOptions = (headers["x-frame-options"] ?? "").toUpperCase();
    const frameAncestors = directives.get("frame-ancestors");
    if (!["DENY", "SAMEORIGIN"].includes(frameOptions) && !frameAncestors) {
      problems.push(`${path}: neither X-Frame-Options nor frame-ancestors stops framing`);
    }
    if (!headers["permissions-policy"]) problems.push(`${path}: no Permissions-Policy`);
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("each response gets a fresh nonce", async ({ request }) => {
  const nonceOf = async () =>
    /'nonce-([^']+)'/.exec((await request.get("/")).headers()["content-security-policy"] ?? "")?.[1];
  const [first, second] = [await nonceOf(), await nonceOf()];
  expect(first).toBeTruthy();
  expect(second).toBeTruthy();
  expect(first).not.toBe(second);
});
