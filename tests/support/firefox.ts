import { existsSync } from "node:fs";
import path from "node:path";
import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";

/**
 * Firefox for the tests in tests/firefox: Debian's firefox-esr (Playwright's own Firefox build cannot be downloaded
 * here), driven over WebDriver BiDi, the W3C protocol Firefox speaks natively, by puppeteer-core. FIREFOX_PATH names
 * another binary; otherwise `firefox-esr`, then `firefox`, on PATH.
 */
export function firefoxPath(): string {
  if (process.env.FIREFOX_PATH) return process.env.FIREFOX_PATH;
  for (const name of ["firefox-esr", "firefox"]) {
    for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
      const candidate = path.join(folder, name);
      if (folder && existsSync(candidate)) return candidate;
    }
  }
  throw new Error("No Firefox: install Debian's firefox-esr (bash .ci/run does) or set FIREFOX_PATH.");
}

/**
 * A headless Firefox with a profile of its own. `javaScript: false` turns scripting off for the whole browser (the
 * `javascript.enabled` preference): Firefox's WebDriver BiDi has no per-page switch for it yet.
 */
export function launchFirefox({ javaScript }: { javaScript: boolean }): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath(),
    headless: true,
    // A busy 2-core machine has taken over 12 s to start it.
    timeout: 60_000,
    extraPrefsFirefox: javaScript ? {} : { "javascript.enabled": false },
  });
}

/**
 * Every console error and uncaught exception a page logs, as one line each. Firefox reports network failures (a
 * 404's resources) in its own console only, not as page errors: what shows here is the page's own scripts failing.
 */
export function consoleErrors(page: Page): string[] {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url, lineNumber } = message.location();
    logged.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
  });
  page.on("pageerror", (error) => logged.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
  return logged;
}

/**
 * Opens `url` and, when the page's scripts run, uses the page as a visitor would and waits until it reacts, as
 * e2e/fixtures.ts gotoAndSettle does in Chromium: the mouse comes over it (a page that ships the framework starts its
 * scripts on such a use), the loading screen is gone (only a script removes it), and a framework page marks <html>
 * with data-hydrated. Without JavaScript the server's HTML is the final page.
 */
export async function openAndSettle(page: Page, url: string, { javaScript }: { javaScript: boolean }) {
  const response = await page.goto(url);
  if (!javaScript) return response;
  const withFramework = (await page.$("#held-scripts")) !== null;
  if (withFramework) {
    const { width, height } = page.viewport() ?? { width: 800, height: 600 };
    await page.mouse.move(width - 2, height - 2);
    await page.mouse.move(width - 4, height - 4);
  }
  await page.waitForSelector("#loading-screen", { hidden: true, timeout: 20_000 });
  if (withFramework) await page.waitForSelector("html[data-hydrated]", { timeout: 20_000 });
  return response;
}

/**
 * Clicks the middle of `element` with the mouse, as a visitor does. Puppeteer's own click waits on an
 * IntersectionObserver in the page, whose callback never runs where scripting is off: this one only reads the
 * element's box (after scrolling it into view), which works either way.
 */
export async function clickAt(page: Page, element: ElementHandle<Element>): Promise<void> {
  const { x, y } = await element.evaluate((target) => {
    target.scrollIntoView({ block: "center", inline: "center" });
    const box = target.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  });
  await page.mouse.click(x, y);
}
