#!/usr/bin/env node
// npm run screenshots:council [-- --no-build] — the council inbox on a phone and a desktop, for the README
// (docs/screenshots/council-phone.png, council-desktop.png): the production build, a throwaway database with
// sample entries, a member signed in through the login form, Debian's Chromium.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags } from "./lib/chromium.mjs";
import { openSeedStore, seedEntries, seedMember } from "./lib/seed-council.mjs";
import { assertBuilt, buildApp, repoRoot, startProductionServer } from "./lib/server.mjs";

const outputDirectory = path.join(repoRoot, "docs", "screenshots");
const shots = [
  { file: "council-phone.png", viewport: { width: 390, height: 844 }, isMobile: true, clipHeight: 2200 },
  { file: "council-desktop.png", viewport: { width: 1280, height: 800 }, isMobile: false, clipHeight: 1700 },
];

if (!process.argv.includes("--no-build")) buildApp();
assertBuilt();

const directory = mkdtempSync(path.join(tmpdir(), "council-screenshots-"));
const databasePath = path.join(directory, "council.sqlite");
const store = await openSeedStore(databasePath);
const member = await seedMember(store, { collegeId: "0187CS210001", dob: "2003-05-17", name: "Council Secretary" });
await seedEntries(store, { applications: 12, teams: 3, ideas: 5, suggestions: 4 }, { member: member.collegeId, triageEvery: 4 });
// The second newest application handled, so the first screen shows a history next to a new entry.
await store.inbox.triage({ entryId: "application-11", action: "accept", by: member.collegeId });
store.close();

const server = await startProductionServer({ env: { DATABASE_PATH: databasePath } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || execSync("command -v chromium", { encoding: "utf8", shell: "/bin/sh" }).trim(),
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
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
}
