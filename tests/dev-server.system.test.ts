import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromiumFlags, testChromiumPath } from "../scripts/lib/chromium.mjs";
import { freeLoopbackPort, repoRoot } from "../scripts/lib/server.mjs";

/**
 * What a new developer meets: `npm run dev` on a fresh clone (an empty Vite cache of its own), then the home page
 * and a form page in Chromium. Each page loads once, without an error, and the server says nothing deprecated; and
 * what is typed into a form as soon as it shows survives React taking the page over.
 */

const startTimeoutMs = 60_000;
/** After a page has loaded, how long nothing may happen before it counts as settled (a reload comes after Vite has
 * bundled what it discovered late, a second or more later). */
const quietMs = 3_000;

let directory = "";
let server: ChildProcess | undefined;
let serverOutput = "";
/** Vite colours its output when CI is set (the port in bold), so escape codes are dropped before anything reads it. */
const plainOutput = () => stripVTControlCharacters(serverOutput);
let browser: Browser | undefined;
let origin = "";

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "council-dev-server-"));
  const port = await freeLoopbackPort();
  // As a developer's shell has it: not Vitest's NODE_ENV=test, not this run's test database.
  const { NODE_ENV: _mode, DATABASE_PATH: _database, VITEST: _vitest, ...environment } = process.env;
  server = spawn("npm", ["run", "dev", "--", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: repoRoot,
    env: {
      ...environment,
      DEV_SERVER_CACHE_DIR: path.join(directory, "vite"),
      DATABASE_PATH: path.join(directory, "council.sqlite"),
    },
    // Its own process group, so npm and the server under it stop together.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const record = (chunk: Buffer) => (serverOutput += chunk.toString("utf8"));
  server.stdout?.on("data", record);
  server.stderr?.on("data", record);

  const startedBy = Date.now() + startTimeoutMs;
  while (!plainOutput().includes(`127.0.0.1:${port}`)) {
    if (server.exitCode !== null) throw new Error(`npm run dev exited (${server.exitCode}):\n${plainOutput()}`);
    if (Date.now() > startedBy) throw new Error(`npm run dev did not start in ${startTimeoutMs} ms:\n${plainOutput()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  origin = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ executablePath: testChromiumPath(), args: chromiumFlags });
}, startTimeoutMs + 30_000);

afterAll(async () => {
  await browser?.close();
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** Waits until the page has had no request in flight and no new load for `quietMs`. */
async function settle(page: Page, loads: () => number) {
  for (;;) {
    const before = loads();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(quietMs);
    if (loads() === before) return;
  }
}

describe("npm run dev on a fresh clone", () => {
  test("loads / and then /join once each, without errors, and prints no deprecation warning", async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    let loads = 0;
    page.on("load", () => (loads += 1));
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });

    for (const path of ["/", "/join"]) {
      const loadsBefore = loads;
      const response = await page.goto(`${origin}${path}`, { timeout: 120_000 });
      expect(response?.status(), `${path} answers`).toBe(200);
      await settle(page, () => loads);
      expect(loads - loadsBefore, `${path} loaded once, not reloaded by Vite`).toBe(1);
    }
    await page.close();

    expect(problems, problems.join("\n")).toEqual([]);
    const serverLines = plainOutput().split("\n");
    expect(
      serverLines.filter((line) => /deprecat/i.test(line)),
      "deprecation warnings from npm run dev",
    ).toEqual([]);
    expect(
      serverLines.filter((line) => /optimized dependencies changed|reloading/i.test(line)),
      "Vite re-bundled dependencies it found late",
    ).toEqual([]);
  }, 300_000);

  test("keeps what is typed into /join right after it shows, and the focus, once React runs the page", async () => {
    // Reduced motion: no loading screen over the form on this first page view of the browser's session.
    const page = await browser!.newPage({ reducedMotion: "reduce" });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    await page.goto(`${origin}/join`, { waitUntil: "domcontentloaded", timeout: 120_000 });
    // The first key starts the page's scripts; the rest are typed while they load and React takes the page over.
    const name = page.getByLabel("Full Name", { exact: true });
    await name.click();
    await page.keyboard.type("Asha Verma", { delay: 100 });
    await page
      .locator("html[data-hydrated]")
      .waitFor({ timeout: 60_000 })
      .catch((error: unknown) => {
        throw new Error(`React never ran the page (${String(error)}):\n${problems.join("\n")}`);
      });
    await page.keyboard.type(" Singh");
    await expect.poll(() => name.inputValue()).toBe("Asha Verma Singh");
    expect(await name.evaluate((input) => input === document.activeElement), "the field keeps the focus").toBe(true);
    await page.close();
    expect(problems, problems.join("\n")).toEqual([]);
  }, 180_000);
});
