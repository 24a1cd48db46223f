#!/usr/bin/env node
// npm run screenshots:council [-- --no-build] — the council inbox on a phone and a desktop, for docs/operations.md
// (docs/screenshots/council-phone.png, council-desktop.png), and an entry's Erase confirmation
// (council-erase-phone.png, council-erase-desktop.png): the production build, a throwaway database with sample
// entries, a member signed in through the login form, Debian's Chromium. SCREENSHOTS_DIR writes them elsewhere.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags } from "./lib/chromium.mjs";
import { openSeedStore, seedEntries, seedMember } from "./lib/seed-council.mjs";
import { assertBuilt, buildApp, repoRoot, startProductionServer } from "./lib/server.mjs";

const outputDirectory = process.env.SCREENSHOTS_DIR
  ? path.resolve(process.env.SCREENSHOTS_DIR)
  : path.join(repoRoot, "docs", "screenshots");
const shots = [
  {
    file: "council-phone.png",
    eraseFile: "council-erase-phone.png",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    clipHeight: 2200,
  },
  {
    file: "council-desktop.png",
    eraseFile: "council-erase-desktop.png",
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    clipHeight: 1700,
  },
];

if (!process.argv.includes("--no-build")) buildApp();
assertBuilt();

const directory = mkdtempSync(path.join(tmpdir(), "council-screenshots-"));
const databasePath = path.join(directory, "council.sqlite");
const store = await openSeedStore(databasePath);
const member = await seedMember(store, { collegeId: "0187CS210001", dob: "2003-05-17", name: "Council Secretary" });
await seedEntries(
  store,
  { applications: 12, teams: 3, ideas: 5, suggestions: 4 },
  { member: member.collegeId, triageEvery: 4 },
);
// The second newest application handled, so the first screen shows a history next to a new entry.
await store.inbox.triage({ entryId: "application-11", action: "accept", by: member.collegeId });
await store.close();

const server = await startProductionServer({ env: { DATABASE_PATH: databasePath } });
const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH || execSync("command -v chromium", { encoding: "utf8", shell: "/bin/sh" }).trim(),
  args: chromiumFlags,
});
try {
  mkdirSync(outputDirectory, { recursive: true });
  for (const shot of shots) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: shot.viewport,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      deviceScaleFactor: 2,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await page.goto("/council");
    await page.getByLabel("College ID", { exact: true }).fill(member.collegeId);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/council");
    // A fresh view, without the login's dialog or toast.
    await page.goto("/council");
    await page.getByRole("heading", { level: 1, name: "Council inbox" }).waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const file = path.join(outputDirectory, shot.file);
    await page.screenshot({
      path: file,
      fullPage: true,
      clip: { x: 0, y: 0, width: shot.viewport.width, height: Math.min(height, shot.clipHeight) },
    });
    console.log(`screenshot: ${path.relative(repoRoot, file)}`);

    // The newest application with its Erase step open: the question, Erase for good and Cancel.
    await page.goto("/council?erase=application-12#application-12-erase");
    const entry = page.locator("article#application-12");
    await entry.getByRole("button", { name: /^Erase for good/ }).waitFor();
    const eraseFile = path.join(outputDirectory, shot.eraseFile);
    // From the top of the page, so the phone's fixed header stays where it belongs instead of over the entry.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await entry.boundingBox();
    if (!box) throw new Error("the entry to erase is not on the page");
    const margin = 12;
    await page.screenshot({
      path: eraseFile,
      fullPage: true,
      clip: { x: 0, y: Math.max(0, box.y - margin), width: shot.viewport.width, height: box.height + 2 * margin },
    });
    console.log(`screenshot: ${path.relative(repoRoot, eraseFile)}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
}
