#!/usr/bin/env node
// npm run page-weight [-- --no-build] [-- --pages=/join,/login] [-- --against=REF] — the JavaScript each page's
// visitor downloads, in English and in Hindi, on the production build in Debian's Chromium, fully offline.
//
// Each page is opened in a fresh browser context and used (the mouse comes over it, which starts the scripts of a page
// that ships the framework), then left until it is quiet: every script it downloaded is summed, gzipped at level 9
// (the budgets' measure). Unlike the figure `npm run lighthouse` prints, which follows the HTML's static imports, this
// counts what the browser actually fetched, so the catalogue, which is imported at run time, is in it.
//
// The figures are split into the catalogue's parts (app/i18n/catalogue-parts.ts), the i18n libraries (i18next and
// react-i18next, recognised by their own messages) and the rest. Exits non-zero when a Hindi page's catalogue parts
// are over 3 kB: the Hindi budget, a page's JavaScript may grow by at most 3 kB compressed for the catalogue it needs.
// With --against=REF the same pages are measured on REF's build too, and each Hindi page's growth over REF's English
// page is printed, libraries apart.
import { gzipSync, constants } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";
import { option } from "./lib/measure.mjs";
import { assertBuilt, buildApp, startBaseline, startProductionServer } from "./lib/server.mjs";

/** The pages whose scripts a visitor downloads (the content pages ship none; /clubs is one of them, as a check). */
const allPages = [
  "/",
  "/clubs",
  "/join",
  "/suggestion",
  "/ideas",
  "/login",
  "/userProfileRegistration",
  "/sih/registration",
];
const pages = option("pages")?.split(",") ?? allPages;
const againstRef = option("against");
const budgetBytes = 3 * 1024;
const quietMs = 500;
const timeoutMs = 30_000;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @param {Buffer} body */
const gzipped = (body) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * @typedef {{ total: number, catalogue: number, libraries: number, parts: string[] }} Weight
 */

/**
 * What a first visit to `url` downloads in scripts, once used and quiet.
 * @param {import("@playwright/test").Browser} browser
 * @param {string} url
 * @returns {Promise<Weight>}
 */
async function weigh(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  /** @type {Promise<{ name: string, bytes: number, text: string }>[]} */
  const scripts = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on("request", () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settled = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith(".js")) return;
    scripts.push(
      response
        .body()
        .then((body) => ({ name: pathname.split("/").pop() ?? pathname, bytes: gzipped(body), text: body.toString() })),
    );
  });
  try {
    await page.goto(url, { waitUntil: "load", timeout: timeoutMs });
    // The visitor's mouse comes over the page: a page that ships the framework starts its scripts.
    await page.mouse.move(380, 800);
    await page.mouse.move(370, 790);
    const withFramework = (await page.locator("#held-scripts").count()) > 0;
    if (withFramework) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`${url}: still loading after ${timeoutMs} ms`);
      await sleep(100);
    }
    const downloaded = await Promise.all(scripts);
    // A first visit loads its page's parts as one module (_catalogue-page_hi_shell_forms_join-…), a client
    // navigation the parts it lacks one by one (_catalogue-part_hi_join-…).
    const catalogue = downloaded.filter((script) => /^_catalogue-(part|page)_/.test(script.name));
    const libraries = downloaded.filter((script) => /i18next(?:::|:`| instance)/.test(script.text));
    const sum = (/** @type {{ bytes: number }[]} */ list) => list.reduce((total, script) => total + script.bytes, 0);
    return {
      total: sum(downloaded),
      catalogue: sum(catalogue),
      libraries: sum(libraries),
      parts: catalogue.map((script) =>
        script.name
          .replace(/^_catalogue-(part|page)_[a-z]+_/, "")
          .replace(/-[\w-]{8}\.js$/, "")
          .replaceAll("_", "+"),
      ),
    };
  } finally {
    await context.close();
  }
}

if (!process.argv.includes("--no-build")) buildApp();
assertBuilt();
const baseline = againstRef ? await startBaseline(againstRef, "page-weight") : undefined;
const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
let overBudget = false;
try {
  const rows = [];
  for (const path of pages) {
    const hindiPath = path === "/" ? "/hi" : `/hi${path}`;
    const english = await weigh(browser, new URL(path, server.url).href);
    const hindi = await weigh(browser, new URL(hindiPath, server.url).href);
    const before = baseline ? await weigh(browser, new URL(path, baseline.server.url).href) : undefined;
    const growth = before ? hindi.total - hindi.libraries - (before.total - before.libraries) : undefined;
    if (hindi.catalogue > budgetBytes) overBudget = true;
    rows.push({
      page: path,
      english: `${kb(english.total)} (catalogue ${kb(english.catalogue)}, i18n ${kb(english.libraries)})`,
      hindi: `${kb(hindi.total)} (catalogue ${kb(hindi.catalogue)}: ${hindi.parts.join(" ") || "none"})`,
      ...(before && growth !== undefined
        ? {
            [`English on ${baseline?.ref}`]: kb(before.total),
            "Hindi's growth, i18n apart": `${growth >= 0 ? "+" : ""}${kb(growth)}`,
          }
        : {}),
    });
  }
  console.table(rows);
  console.log(`page-weight: the budget: at most ${kb(budgetBytes)} of catalogue on each Hindi page`);
} finally {
  await browser.close();
  await server.stop();
  if (baseline) {
    await baseline.server.stop();
    baseline.remove();
  }
}
if (overBudget) {
  console.error("page-weight: a Hindi page is over its budget");
  process.exit(1);
}
