import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumFlags } from "./scripts/lib/chromium.mjs";

// E2E_PORT lets a second checkout run its suite beside this one.
const port = Number(process.env.E2E_PORT ?? 5205);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = Boolean(process.env.CI);

// Debian's Chromium, never a downloaded browser: the tests run on machines without Playwright's browser cache.
function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
    return configured;
  }
  try {
    return execSync("command -v chromium", { encoding: "utf8", shell: "/bin/sh" }).trim();
  } catch {
    throw new Error(
      "No Chromium found for the Playwright tests. Install Debian's package (`apt-get install chromium`, as .ci/run " +
        "does) or set CHROMIUM_PATH to a Chromium binary. Do not run `playwright install`.",
    );
  }
}

const desktopViewport = { width: 1280, height: 800 };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  // Generous for a busy 2-core machine running two workers, where an axe scan of the long home page took up to 18 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: chromiumFlags,
    },
  },
  projects: [
    { name: "desktop", use: { browserName: "chromium", viewport: desktopViewport, javaScriptEnabled: true } },
    {
      name: "phone",
      use: {
        browserName: "chromium",
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: true,
      },
    },
    { name: "desktop-nojs", use: { browserName: "chromium", viewport: desktopViewport, javaScriptEnabled: false } },
  ],
  // The production server, as visitors get it. `npm test` builds first; a bare `playwright test` without a build
  // stops here with the reason instead of a module-not-found trace.
  webServer: {
    command: existsSync("build/server/index.js")
      ? "npm run start"
      : "echo 'No production build in build/: run `npm run build` first (`npm test` does).' >&2; exit 1",
    url: `${baseURL}/healthz`,
    reuseExistingServer: !isCI,
    timeout: 30_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: "playwright-test-session-secret-0123456789abcdef",
      // A fresh built-in store for every run, so accounts and team names from an earlier run never collide.
      DATABASE_PATH: process.env.E2E_DATABASE_PATH ?? path.join(tmpdir(), `council-e2e-${process.pid}`, "council.sqlite"),
      // As behind a proxy on this machine: a test that fails logins on purpose sends its own X-Forwarded-For, so
      // the per-client login limit (5 failures in 15 minutes) counts it apart from every other test.
      TRUST_PROXY: "loopback",
      // The council API is never used by the end-to-end tests: they run against the built-in store.
      COUNCIL_API_URL: "",
    },
  },
});
