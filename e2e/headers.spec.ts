import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, getFromPageCache, sameInEveryProject, test, useThePage } from "./fixtures";
import { countPosts, field, toast } from "./form-helpers";
import { chromiumFlags, chromiumPath } from "../scripts/lib/chromium.mjs";
import { formCodeMarkers } from "../scripts/lib/page-javascript.mjs";

// Its tests count what a page asks for from a cold cache, open tabs of their own and add init scripts.
test.use({ sharedTab: false });

/**
 * The security headers of every document the site serves. Browsers hide a script's nonce from the DOM, so the
 * nonce is compared in the raw HTML. (Console errors and CSP violations in a running page fail every browser test
 * through the fixtures, and the page tests also record `securitypolicyviolation` events.)
 */

// In the full Chromium that visitors run, not the headless shell the other specs drive: this spec tests when a page
// counts as used, and the shell moves a mouse over every page it loads (a mouseover at 0,0), which is a use.
test.use({ launchOptions: { executablePath: chromiumPath(), args: chromiumFlags } });

/** Every public page the sitemap lists. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

/** The sitemap's pages plus the two kinds of Not Found. */
async function documentPaths(request: APIRequestContext): Promise<string[]> {
  return [...(await sitemapPaths(request)), "/no-such-page", "/club/nope"];
}

test("the sitemap lists every public page", async ({ request, javaScriptEnabled, isMobile }) => {
  test.skip(...sameInEveryProject({ javaScriptEnabled, isMobile }));
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
  expect(
    paths.filter((path) => path.startsWith("/club/")),
    "all 19 clubs",
  ).toHaveLength(19);
});

test("every document carries the security headers, and every script the response's nonce", async ({
  request,
  javaScriptEnabled,
  isMobile,
}) => {
  test.skip(...sameInEveryProject({ javaScriptEnabled, isMobile }));
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

    // Rendered pages carry a per-response nonce; pages from the public page cache list the hashes of their inline
    // scripts instead (page-cache.server.ts). Either way, every inline script must be allowed by name, and nothing
    // else inline.
    const scriptSources = directives.get("script-src") ?? directives.get("default-src") ?? [];
    const nonce = scriptSources.map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1]).find(Boolean);
    const hashes = new Set(scriptSources.filter((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source)));
    if (!nonce && hashes.size === 0) problems.push(`${path}: the policy's script-src has neither a nonce nor hashes`);
    if (scriptSources.includes("'unsafe-inline'")) problems.push(`${path}: script-src allows 'unsafe-inline'`);

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => ({
      attributes: match[1] ?? "",
      content: match[2] ?? "",
    }));
    if (scripts.length === 0) problems.push(`${path}: no scripts at all (hydration missing?)`);
    const sha256 = (content: string) => `'sha256-${createHash("sha256").update(content).digest("base64")}'`;
    for (const { attributes, content } of scripts) {
      const inline = !/\ssrc=/.test(attributes);
      // The <head> script is the same on every page: the policy names it by its hash, nonce or not.
      if (inline && hashes.has(sha256(content))) continue;
      if (nonce) {
        const scriptNonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1];
        if (scriptNonce !== nonce)
          problems.push(`${path}: <script${attributes}> has nonce ${scriptNonce ?? "(none)"}, not ${nonce}`);
      } else if (inline) {
        problems.push(`${path}: an inline <script${attributes}> is not among the policy's hashes`);
      }
    }

    // The stylesheet is inside the HTML, allowed by its hash; nothing else inline applies.
    const styleSources = directives.get("style-src") ?? [];
    if (styleSources.includes("'unsafe-inline'")) problems.push(`${path}: style-src allows 'unsafe-inline'`);
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
    if (!styles.some((style) => style.length > 1000)) problems.push(`${path}: the stylesheet is not inlined`);
    for (const style of styles) {
      if (!styleSources.includes(sha256(style))) problems.push(`${path}: an inline <style> is not among the hashes`);
    }
    const head = html.slice(0, html.indexOf("</head>")).replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    if (/<link\b[^>]*rel="stylesheet"/.test(head)) problems.push(`${path}: a stylesheet blocks the first paint`);

    if (headers["content-type"] !== "text/html; charset=utf-8")
      problems.push(`${path}: Content-Type is ${headers["content-type"]}, not text/html; charset=utf-8`);
    if (headers["x-content-type-options"] !== "nosniff")
      problems.push(`${path}: X-Content-Type-Options is not nosniff`);
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

test("each page that ships the framework gets a fresh nonce; a page without it has none", async ({
  request,
  javaScriptEnabled,
  isMobile,
}) => {
  test.skip(...sameInEveryProject({ javaScriptEnabled, isMobile }));
  const policyOf = async (path: string) =>
    (await request.get(path, { headers: { Cookie: "__session=not-signed" } })).headers()["content-security-policy"] ??
    "";
  const nonceOf = async () => /'nonce-([^']+)'/.exec(await policyOf("/login"))?.[1];
  const [first, second] = [await nonceOf(), await nonceOf()];
  expect(first).toBeTruthy();
  expect(second).toBeTruthy();
  expect(first).not.toBe(second);
  // Rendered for this request too (our session cookie keeps it out of the page cache), with nothing to allow by nonce.
  expect(await policyOf("/")).not.toContain("'nonce-");
});

test("a public page is rendered once and then served from the cache, compressed and revalidatable", async ({
  request,
  javaScriptEnabled,
  isMobile,
}) => {
  test.skip(...sameInEveryProject({ javaScriptEnabled, isMobile }));
  const first = await request.get("/mentors");
  const second = await getFromPageCache(() => request.get("/mentors", { headers: { "Accept-Encoding": "br" } }));
  expect(first.status()).toBe(200);
  expect(second.headers()["x-page-cache"]).toBe("hit");
  expect(second.headers()["content-encoding"]).toBe("br");
  // The cache sends the rendered page's headers as they were: the charset too.
  expect(first.headers()["content-type"]).toBe("text/html; charset=utf-8");
  expect(second.headers()["content-type"]).toBe("text/html; charset=utf-8");
  expect(await second.text()).toBe(await first.text());
  const etag = second.headers()["etag"] ?? "";
  const revalidated = await request.get("/mentors", { headers: { "If-None-Match": etag } });
  expect(revalidated.status()).toBe(304);
});

test("a page that runs React asks for its scripts only once it is used, after it has painted and shown its largest image; then it hydrates", async ({
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without scripts there is nothing to ask for");
  // The largest images arrive late, as on a slow network: the scripts must still wait for them.
  await context.route(/\/images\/.+\.(svg|jpe?g|png|webp)$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const paths = ["/join", "/login", "/suggestion"];
  // Read, not used, each in a tab of its own, side by side: past the starter's 2.5 s fallback for paints, still no
  // script.
  await Promise.all(
    paths.map(async (path) => {
      const reader = await context.newPage();
      const scripts: string[] = [];
      reader.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
      });
      await reader.goto(path, { waitUntil: "load" });
      await reader.waitForTimeout(3_000);
      expect(scripts, `${path} asks for no script while it is only read`).toEqual([]);
      await reader.close();
    }),
  );
  for (const path of paths) {
    // Used at once, before its largest image has come: the scripts still wait for the paint and that image.
    const page = await context.newPage();
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await useThePage(page);
    // Hydrated (the site's own mark): the page's module script has been started and React runs the page.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const order = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const priority = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map(
        (image) => image.currentSrc,
      );
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        largestImageLoaded: Math.max(
          0,
          ...resources.filter((entry) => priority.includes(entry.name)).map((entry) => entry.responseEnd),
        ),
        scripts: resources
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => entry.startTime),
      };
    });
    expect(order.paint, `${path} has painted`).toBeDefined();
    expect(order.scripts.length, `${path} loaded its scripts`).toBeGreaterThan(0);
    const firstScript = Math.min(...order.scripts);
    expect(firstScript, `${path}: no script was asked for before the first paint`).toBeGreaterThanOrEqual(
      order.paint ?? Infinity,
    );
    expect(firstScript, `${path}: nor before its largest image had arrived`).toBeGreaterThanOrEqual(
      order.largestImageLoaded,
    );
    await page.close();
  }
});

test("a page that only shows content asks for no script file, and its one inline script gives it its behaviours", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without scripts there is nothing to ask for");
  for (const path of ["/", "/clubs", "/gallery", "/club/coding", "/sih"]) {
    const scripts: string[] = [];
    const listener = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
    };
    page.on("request", listener);
    await page.goto(path, { waitUntil: "load" });
    // The behaviours have run: the loading screen (shown or not) is taken away only by a script.
    await expect(page.locator("#loading-screen")).not.toBeAttached();
    await page.waitForTimeout(1_000);
    page.off("request", listener);
    expect(scripts, `${path} asks for no script file`).toEqual([]);
    // That the HTML holds no framework (no held block, no module script, its delivery mark) is checked on every
    // public page in both languages by tests/deploy/pages-without-framework.system.test.ts: here, what the browser asks for.
  }
});

test("a form page's checks load without breaking the Content-Security-Policy", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without scripts the browser loads no checks");
  await page.addInitScript(() => {
    const records: string[] = [];
    Object.assign(window, { cspViolations: records });
    document.addEventListener("securitypolicyviolation", (event) =>
      records.push(`${event.violatedDirective}: ${event.blockedURI || "inline"}`),
    );
  });
  for (const [path, label, message] of [
    ["/join", "Email", "Invalid email address."],
    ["/suggestion", "Your Name", "Please enter your name."],
  ] as const) {
    await page.goto(path);
    // A message shown in the browser on leaving a field means the form's schema and checks have loaded.
    await expect(async () => {
      await page.getByLabel(label, { exact: true }).fill(label === "Email" ? "not-an-email" : " ");
      await page.getByLabel(label, { exact: true }).blur();
      await expect(page.getByText(message)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  }
});

test("a form's code loads only once the page is used, and a submit sent before it arrives goes through", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without scripts there is no code to load");
  // The form's code is told by conform's mark in it; it is held back while `holding`, as a slow network would.
  const formCode = new Set<string>();
  let holding = false;
  const held: (() => void)[] = [];
  await page.route("**/assets/*.js", async (route) => {
    const response = await route.fetch();
    // A script still on its way when the page moves on (the second visit, the post) is dropped with it.
    const code = await response.text().catch(() => null);
    if (code === null) return;
    if (formCodeMarkers.some(({ library, pattern }) => library === "@conform-to" && pattern.test(code))) {
      formCode.add(route.request().url());
      if (holding) await new Promise<void>((release) => held.push(release));
    }
    await route.fulfill({ response, body: code });
  });

  // The browser never reports an idle moment here, so only using the page can bring the form's code.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const documentPosts = countPosts(page, "/suggestion");
  const dataPosts = countPosts(page, "/suggestion.data");
  await page.goto("/suggestion", { waitUntil: "load" });
  // Left alone for a second: a reader downloads none of it, nor the framework.
  await page.waitForTimeout(1_000);
  expect([...formCode], "no form code before the page is used").toEqual([]);
  expect(await page.locator("html[data-hydrated]").count(), "not hydrated before it is used").toBe(0);

  // While it is on its way the form is the server's: the submit is an ordinary post, answered with the page.
  holding = true;
  await field(page, "Your Name").click();
  await expect
    .poll(() => held.length, { message: "the form's code is asked for once a field is used" })
    .toBeGreaterThan(0);
  await fillSuggestion(page, "0101CS221002");
  await page.getByRole("button", { name: "Submit Suggestion" }).click();
  await expect(toast(page, "Suggestion submitted successfully!")).toBeVisible();
  expect([documentPosts(), dataPosts()]).toEqual([1, 0]);
  holding = false;
  for (const release of held) release();

  // Once the code is there, the same form checks each field in the browser as it is left.
  await expect(async () => {
    await field(page, "Your Name").fill(" ");
    await field(page, "Your Name").blur();
    await expect(page.getByText("Please enter your name.")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  expect([documentPosts(), dataPosts()]).toEqual([1, 0]);
});

test("when a form's code cannot be fetched, the form stays the server's and still sends", async ({
  page,
  javaScriptEnabled,
  allowConsoleErrors,
}) => {
  test.skip(!javaScriptEnabled, "without scripts there is no code to fetch");
  // The browser reports the dropped request itself.
  allowConsoleErrors(/Failed to load resource|Failed to fetch dynamically imported module/);
  let dropped = 0;
  await page.route("**/assets/*.js", async (route) => {
    const response = await route.fetch();
    const code = await response.text().catch(() => null);
    if (code === null) return;
    if (formCodeMarkers.some(({ library, pattern }) => library === "@conform-to" && pattern.test(code))) {
      dropped += 1;
      await route.abort("connectionfailed");
      return;
    }
    await route.fulfill({ response, body: code });
  });
  const documentPosts = countPosts(page, "/suggestion");

  await page.goto("/suggestion");
  await field(page, "Your Name").click();
  await expect.poll(() => dropped, { message: "the form's code was asked for, and dropped" }).toBeGreaterThan(0);
  await fillSuggestion(page, "0101CS221003");
  await page.getByRole("button", { name: "Submit Suggestion" }).click();
  await expect(toast(page, "Suggestion submitted successfully!")).toBeVisible();
  expect(documentPosts()).toBe(1);
});

/** Fills every field of the suggestion box, as a student with this enrollment number. */
async function fillSuggestion(page: Page, enrollment: string) {
  await field(page, "Your Name").fill("Asha Verma");
  await field(page, "Enrollment Number").fill(enrollment);
  await field(page, "College").fill("TIT");
  await field(page, "Describe the problem").fill("The bus leaves before the last lecture ends.");
  await field(page, "Your suggestion or solution").fill("Move the last bus by fifteen minutes.");
}
