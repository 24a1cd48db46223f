#!/usr/bin/env node
// npm run screenshots:content [-- --no-build] — the council's content editor on a 360 px phone, for
// docs/council-content.md: the list of parts (content-list-phone.png), the site's page with a Hindi text marked older
// than its English (content-edit-phone.png) and a part's history (content-history-phone.png). The production build, a
// throwaway database, a member signed in through the login form, Debian's Chromium. SCREENSHOTS_DIR writes elsewhere.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags } from "./lib/chromium.mjs";
import { openSeedStore, seedMember } from "./lib/seed-council.mjs";
import { assertBuilt, buildApp, repoRoot, startProductionServer } from "./lib/server.mjs";

const outputDirectory = process.env.SCREENSHOTS_DIR
  ? path.resolve(process.env.SCREENSHOTS_DIR)
  : path.join(repoRoot, "docs", "screenshots");
const viewport = { width: 360, height: 780 };

if (!process.argv.includes("--no-build")) buildApp();
assertBuilt();

const directory = mkdtempSync(path.join(tmpdir(), "content-screenshots-"));
const databasePath = path.join(directory, "council.sqlite");
const store = await openSeedStore(databasePath);
const member = await seedMember(store, { collegeId: "0187CS210001", dob: "2003-05-17", name: "Council Secretary" });
await store.close();

const server = await startProductionServer({ env: { DATABASE_PATH: databasePath } });
const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH || execSync("command -v chromium", { encoding: "utf8", shell: "/bin/sh" }).trim(),
  args: chromiumFlags,
});

/**
 * The page from its top, at most `maxHeight` tall.
 * @param {import("@playwright/test").Page} page
 * @param {string} file
 * @param {number} maxHeight
 */
async function shoot(page, file, maxHeight) {
  // A whole-page picture would show the Save bar, which stays at the bottom of the screen, over the middle of the form.
  await page.evaluate(() => {
    for (const bar of document.querySelectorAll(".sticky"))
      if (bar instanceof HTMLElement) bar.style.position = "static";
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const target = path.join(outputDirectory, file);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: target,
    fullPage: true,
    clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, maxHeight) },
  });
  console.log(`screenshot: ${path.relative(repoRoot, target)}`);
}

try {
  mkdirSync(outputDirectory, { recursive: true });
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto("/council/content");
  await page.getByLabel("College ID", { exact: true }).fill(member.collegeId);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/council/content");

  // A change to the English tagline alone, so the page shows its Hindi marked as older.
  await page.goto("/council/content/site");
  const tagline = page.getByRole("group", { name: "Tagline" });
  await tagline.getByLabel("English").fill("Leadership, events and clubs for every student");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await page
    .getByRole("status")
    .getByText(/^Saved and published/)
    .waitFor();

  await page.goto("/council/content");
  await page.getByRole("heading", { level: 1, name: "Site content" }).waitFor();
  await shoot(page, "content-list-phone.png", 1800);

  await page.goto("/council/content/site");
  await page.getByText("Hindi older than the English").first().waitFor();
  await shoot(page, "content-edit-phone.png", 1500);

  await page.goto("/council/content/site/history");
  await page
    .getByText(/^What changed/)
    .first()
    .click();
  await shoot(page, "content-history-phone.png", 1200);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
}
