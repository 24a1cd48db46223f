import { createHash } from "node:crypto";
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { publicPaths } from "~/content/content.server";
import { inlineScripts } from "~/delivery/inline-scripts";
import { heldScriptsProblems, readPage } from "~/delivery/page-check.server";
import { useProductionServer } from "../support/production-server";

/**
 * How pages reach the browser, as the production server sends them, read with an HTML parser (readPage): a page whose
 * delivery ships no framework has no script file, no preload and no loader data, only the site's two inline programs
 * (the <head> script and the behaviours), allowed by their hashes, freshly rendered or from the page cache; a page
 * that ships the framework holds React Router's scripts in the site's held block, started by the starter. Needs
 * `npm run build` (npm test builds first).
 */
const server = useProductionServer("council-no-framework-test-", {});

// Every public content page (the sitemap's list, every club and Tarang category included) ships no framework.
const pagesWithoutFramework = publicPaths();
const pagesWithFramework = [
  "/join",
  "/login",
  "/suggestion",
  "/ideas",
  "/userProfileRegistration",
  "/sih/registration",
];

const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

async function get(path: string) {
  const response = await fetch(new URL(path, server.url));
  return { response, html: await response.text() };
}

/** Every inline script of the page is allowed by the page's policy: by its hash, or by the policy's nonce. */
function expectAllowed(policy: string, scripts: { text: string; nonce: string | undefined }[]) {
  const scriptSources = policy.split("; ").find((part) => part.startsWith("script-src ")) ?? "";
  for (const { text, nonce } of scripts) {
    const allowed = scriptSources.includes(hashSource(text)) || (nonce && scriptSources.includes(`'nonce-${nonce}'`));
    expect(allowed, `allowed: ${text.slice(0, 60)}`).toBeTruthy();
  }
}

describe("pages that ship no framework", () => {
  it.each(pagesWithoutFramework)(
    "%s: no script file, preload or loader data; the <head> script and the behaviours, allowed by their hashes",
    async (path) => {
      // Twice: rendered, then (public pages) from the page cache, which keeps the page and its policy as they were.
      for (let visit = 0; visit < 2; visit += 1) {
        const { response, html } = await get(path);
        expect(response.status, path).toBe(200);
        const page = readPage(html);
        expect(page.delivery).toBe("public");
        expect(page.loadsCode, "no script file, module script or preload").toBe(false);
        expect(page.heldBlock).toBe(false);
        expect(page.inlineScripts.map(({ text }) => text)).toEqual([inlineScripts.head, inlineScripts.behaviours]);
        const policy = response.headers.get("content-security-policy") ?? "";
        expect(policy).not.toContain("'nonce-");
        expectAllowed(policy, page.inlineScripts);
      }
    },
  );

  it("the not-found screen too", async () => {
    const { response, html } = await get("/no-such-page");
    expect(response.status).toBe(404);
    const page = readPage(html);
    expect(page.loadsCode).toBe(false);
    expect(page.inlineScripts.map(({ text }) => text)).toEqual([inlineScripts.head, inlineScripts.behaviours]);
  });

  it("every behaviour a page asks for is in the behaviours program", async () => {
    const asked = new Set<string>();
    for (const path of [...pagesWithoutFramework, ...pagesWithFramework]) {
      const { html } = await get(path);
      for (const [, name = ""] of html.matchAll(/\bdata-behaviour="([^"]+)"/g)) asked.add(name);
    }
    // The shell on every page, and what the home page and the hackathon page add.
    expect([...asked].sort()).toEqual(
      [
        "background-video",
        "carousel",
        "loading-screen",
        "navbar",
        "popup",
        "promo-video",
        "section-nav",
        "toasts",
      ].sort(),
    );
    // Each behaviour object carries its name (the minifier may quote it with any quote).
    for (const name of asked) expect(inlineScripts.behaviours).toMatch(new RegExp(`name:[\`"']${name}[\`"']`));
  });

  it("the home page's videos have native controls only inside <noscript>, for visitors without scripts", async () => {
    const { html } = await get("/");
    const noscripts = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map(([, body = ""]) => body);
    const outside = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    const scripted = outside.match(/<video\b[^>]*>/g) ?? [];
    // Native controls are costly to build; the behaviour adds them only for visitors who prefer reduced motion.
    expect(scripted, "the promotional video, scripted").toHaveLength(1);
    for (const tag of scripted) expect(tag).not.toMatch(/\scontrols\b/);
    const withControls = noscripts.flatMap((body) => body.match(/<video\b[^>]*\scontrols\b[^>]*>/g) ?? []);
    expect(withControls, "the promotional video's copy for visitors without scripts").toHaveLength(1);
  });

  it("without JavaScript, the home page's per-visitor popup stylesheet comes from the <head>, and only there", async () => {
    const home = (await get("/")).html;
    const [head = "", body = ""] = home.split("</head>");
    expect(head).toMatch(
      /<noscript><style>[^<]*<\/style><link rel="stylesheet" href="\/hackathon-popup"\/><\/noscript>/,
    );
    expect(body, "no stylesheet in the body").not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect((await get("/clubs")).html, "other pages do not ask for it").not.toContain('href="/hackathon-popup"');
  });

  it("each inline program is valid JavaScript on its own, referring to no module", () => {
    for (const text of Object.values(inlineScripts)) {
      expect(() => new Script(text)).not.toThrow();
      expect(text).not.toMatch(/__vite_ssr_import|import\(|\brequire\(|\bimport\s/);
    }
  });
});

describe("pages that run React", () => {
  it.each(pagesWithFramework)(
    "%s: React Router's scripts held in the site's block, the starter, and not the behaviours",
    async (path) => {
      const { response, html } = await get(path);
      expect(response.status).toBe(200);
      expect(heldScriptsProblems(html)).toEqual([]);
      const page = readPage(html);
      expect(page.delivery).toBe("form");
      expect(page.heldPreloads).toBeGreaterThan(0);
      const texts = page.inlineScripts.map(({ text }) => text);
      expect(texts).toContain(inlineScripts.head);
      expect(texts).toContain(inlineScripts.starter);
      expect(texts).not.toContain(inlineScripts.behaviours);
      expectAllowed(response.headers.get("content-security-policy") ?? "", page.inlineScripts);
    },
  );

  it("the start-up check finds what a framework update that moved the scripts would break", () => {
    expect(heldScriptsProblems("<!DOCTYPE html><html><head></head><body></body></html>")).toEqual([
      'no <template id="held-scripts"> holds the page\'s scripts',
    ]);
    const leaked =
      '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"></head><body>' +
      '<template id="held-scripts"><noscript><script type="module">import "/assets/a.js";</script></noscript>' +
      "</template></body></html>";
    expect(heldScriptsProblems(leaked)).toEqual([
      "a script file, module script or module preload is outside the held block",
    ]);
  });
});
