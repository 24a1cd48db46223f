import { createHash } from "node:crypto";
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { publicPaths } from "~/content/content.server";
import { useProductionServer } from "../support/production-server";

/**
 * Pages whose route says `handle = { scripts: false }` ship no framework: the production server's HTML for them has
 * no React Router scripts and one inline script of behaviours, which the Content-Security-Policy allows by its hash,
 * freshly rendered or from the page cache. Needs `npm run build` (npm test builds first).
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

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes = "", body = ""]) => ({
    attributes,
    body,
  }));
const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

async function get(path: string) {
  const response = await fetch(new URL(path, server.url));
  return { response, html: await response.text() };
}

/** The script of behaviours (app/behaviours/page-script.ts) as the production build writes it: it attaches them. */
const isPageScript = (body: string) => body.includes('querySelectorAll("[data-behaviour]")');

describe("pages that ship no framework", () => {
  it.each(pagesWithoutFramework)(
    "%s: no framework script, preload or loader data; one inline script of behaviours, allowed by its hash",
    async (path) => {
      // Twice: rendered, then (public pages) from the page cache, which keeps the policy as it was.
      for (let visit = 0; visit < 2; visit += 1) {
        const { response, html } = await get(path);
        expect(response.status, path).toBe(200);
        expect(html).not.toMatch(/<script[^>]*\bsrc=/);
        expect(html).not.toContain("modulepreload");
        expect(html).not.toContain("__reactRouterContext");
        const scripts = inlineScripts(html);
        expect(isPageScript(scripts.at(-1)?.body ?? ""), "the script of behaviours, last in the body").toBe(true);
        expect(scripts.filter(({ body }) => isPageScript(body))).toHaveLength(1);
        const policy = response.headers.get("content-security-policy") ?? "";
        for (const { body } of scripts) expect(policy, "every inline script is allowed").toContain(hashSource(body));
      }
    },
  );

  it("the not-found screen too", async () => {
    const { response, html } = await get("/no-such-page");
    expect(response.status).toBe(404);
    expect(html).not.toContain("__reactRouterContext");
    expect(isPageScript(inlineScripts(html).at(-1)?.body ?? "")).toBe(true);
  });

  it("every behaviour a page asks for is in the script, which is the same on every page", async () => {
    const asked = new Set<string>();
    const texts = new Set<string>();
    for (const path of [...pagesWithoutFramework, ...pagesWithFramework]) {
      const { html } = await get(path);
      for (const [, name = ""] of html.matchAll(/\bdata-behaviour="([^"]+)"/g)) asked.add(name);
      for (const { body } of inlineScripts(html)) if (isPageScript(body)) texts.add(body);
    }
    expect(texts.size).toBe(1);
    const [pageScript = ""] = texts;
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
    for (const name of asked) expect(pageScript).toContain(`[${JSON.stringify(name)},function `);
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

  it("the script is valid JavaScript on its own, referring to no module of ours", async () => {
    const pageScript = inlineScripts((await get("/")).html).at(-1)?.body ?? "";
    expect(() => new Script(pageScript)).not.toThrow();
    // Bundlers name imports like these; a behaviour that used one would fail in the browser.
    expect(pageScript).not.toMatch(/__vite_ssr_import|import\(|\brequire\(/);
  });
});

describe("pages that run React", () => {
  it.each(pagesWithFramework)("%s: the framework's scripts, and not the script of behaviours", async (path) => {
    const { response, html } = await get(path);
    expect(response.status).toBe(200);
    expect(html).toContain("__reactRouterContext");
    expect(html).toContain('id="page-module"');
    expect(inlineScripts(html).filter(({ body }) => isPageScript(body))).toEqual([]);
  });
});
