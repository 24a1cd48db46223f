import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

// How our tools find and start Debian's Chromium here (Playwright, Lighthouse, the dev-server test, screenshots).
// The "disable" flags keep it from calling home: this machine's network refuses those connections, and runs must
// work offline.
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The Chromium binary: CHROMIUM_PATH, or Debian's package on the PATH. Never a browser Playwright downloads: the
 * tests run on machines without Playwright's browser cache.
 */
export function chromiumPath() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
    return configured;
  }
  try {
    return execSync("command -v chromium", { encoding: "utf8", shell: "/bin/sh" }).trim();
  } catch {
    throw new Error(
      "No Chromium found. Install Debian's package (`apt-get install chromium`, as .ci/run does) or set " +
        "CHROMIUM_PATH to a Chromium binary. Do not run `playwright install`.",
    );
  }
}

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's chromium-headless-shell (the same Chromium without the
 * browser's own window layer, which is what Playwright itself runs headless tests in), else `chromiumPath()`. The
 * shell ran the e2e suite's page checks about a fifth faster on a 2-core machine (the browser and GPU processes did
 * half the work). Lighthouse, the INP script and the screenshots keep the full browser that visitors run.
 */
export function testChromiumPath() {
  if (process.env.CHROMIUM_PATH) return chromiumPath();
  try {
    return execSync("command -v chromium-headless-shell", { encoding: "utf8", shell: "/bin/sh" }).trim();
  } catch {
    return chromiumPath();
  }
}
