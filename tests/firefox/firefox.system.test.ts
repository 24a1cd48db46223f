import type { Browser, ElementHandle, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickAt, consoleErrors, launchFirefox, openAndSettle } from "../support/firefox";
import { useProductionServer } from "../support/production-server";
import { publicPages } from "../support/site-pages";

/**
 * The site in Firefox (Debian's firefox-esr over WebDriver BiDi), beside the e2e suite's Chromium: every public page
 * loads and its scripts start without a console error, the header's menu opens and closes at phone width, and a form
 * refuses an empty submission with its messages and confirms a complete one, with JavaScript and without. A small
 * set: what differs between engines (the inline programs, the framework's start, CSS :target), not every flow again.
 * Needs `npm run build` and Firefox.
 */

const server = useProductionServer("council-firefox-", { TRUST_PROXY: undefined });

let withScripts: Browser;
let withoutScripts: Browser;

beforeAll(async () => {
  // Started side by side: each start is several seconds.
  [withScripts, withoutScripts] = await Promise.all([
    launchFirefox({ javaScript: true }),
    launchFirefox({ javaScript: false }),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([withScripts?.close(), withoutScripts?.close()]);
});

/** A page of its own (a fresh browser context: no cookie or toast from another test), at `viewport`. */
async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  return page;
}

/** The form field whose label reads `label` exactly. */
async function field(page: Page, label: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await page.evaluateHandle((text) => {
    const found = [...document.querySelectorAll("main label")].find((each) => each.textContent?.trim() === text);
    return (found as HTMLLabelElement | undefined)?.control ?? null;
  }, label);
  const element = handle.asElement();
  if (!element) throw new Error(`no field labelled ${label}`);
  return element as ElementHandle<HTMLInputElement>;
}

/** What a screen reader reads after the field's label: the texts of the elements its aria-describedby names. */
function descriptionOf(page: Page, label: string): Promise<string> {
  return page.evaluate((text) => {
    const found = [...document.querySelectorAll("main label")].find((each) => each.textContent?.trim() === text);
    const control = (found as HTMLLabelElement | undefined)?.control;
    const ids = control?.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
    return ids
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .join(" ")
      .trim();
  }, label);
}

/** The toast area's text (the site's messages after a form is sent). */
function toastText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="status"]')].map((each) => each.textContent?.trim() ?? "").join(" "),
  );
}

describe("every public page in Firefox", () => {
  it("loads with its status and starts its scripts without a console error", async () => {
    const page = await newPage(withScripts);
    const logged = consoleErrors(page);
    const problems: string[] = [];
    for (const { path, status } of publicPages) {
      const before = logged.length;
      const response = await openAndSettle(page, `${server.url}${path}`, { javaScript: true });
      // What a framework page loads once idle (a form's rules) too, before the next page: leaving mid-load fails
      // the import.
      if (await page.$("#held-scripts")) await page.waitForNetworkIdle({ idleTime: 200, timeout: 20_000 });
      if (response?.status() !== status) problems.push(`${path}: status ${response?.status()}, expected ${status}`);
      for (const entry of logged.slice(before)) problems.push(`${path}: ${entry}`);
    }
    expect(problems, `Firefox:\n${problems.join("\n")}\n`).toEqual([]);
  }, 180_000);
});

describe("the header's menu at phone width in Firefox, with JavaScript", () => {
  it("opens from the menu button, closes with its close button and with Escape", async () => {
    const page = await newPage(withScripts, { width: 390, height: 844 });
    const logged = consoleErrors(page);
    await openAndSettle(page, `${server.url}/clubs`, { javaScript: true });
    const menuButton = (await page.$('#site-header a[href="#site-menu"]'))!;
    const state = () =>
      page.evaluate(() => {
        const panel = document.querySelector("#site-menu ul")!.getBoundingClientRect();
        // The layout viewport: innerWidth would count the scroll bar.
        const width = document.documentElement.clientWidth;
        return {
          open: document.querySelector("#site-menu")?.getAttribute("data-open"),
          expanded: document.querySelector('#site-header a[href="#site-menu"]')?.getAttribute("aria-expanded"),
          linksVisible: document.querySelector("#site-menu ul a")!.checkVisibility({ visibilityProperty: true }),
          // Whole on the screen once it has slid in; wholly beside it once it has slid out.
          panel: panel.left >= 0 && panel.right <= width ? "on screen" : panel.left >= width ? "off" : "moving",
        };
      });
    const closed = { open: "false", expanded: "false", linksVisible: false, panel: "off" };
    const opened = { open: "true", expanded: "true", linksVisible: true, panel: "on screen" };
    // The panel slides for 300 ms.
    const reaches = (expected: typeof closed) => expect.poll(state, { timeout: 5_000 }).toEqual(expected);

    expect(await menuButton.isVisible(), "the menu button shows at 390 px").toBe(true);
    await reaches(closed);
    await clickAt(page, menuButton);
    await reaches(opened);

    const closeButton = await page.evaluateHandle(() =>
      [...document.querySelectorAll('#site-menu a[role="button"], #site-menu button')].find(
        (each) => (each.getAttribute("aria-label") ?? each.textContent ?? "").trim() === "Close menu",
      ),
    );
    await clickAt(page, closeButton.asElement() as ElementHandle<Element>);
    await reaches(closed);

    await clickAt(page, menuButton);
    await reaches(opened);
    await page.keyboard.press("Escape");
    await reaches(closed);
    expect(
      await menuButton.evaluate((button) => document.activeElement === button),
      "Escape gives the focus back to the menu button",
    ).toBe(true);
    expect(logged).toEqual([]);
  }, 60_000);
});

describe("the suggestion box in Firefox", () => {
  const suggestion = {
    "Your Name": "Ravi Kumar",
    "Enrollment Number": "0827IT221042",
    College: "TIT",
    "Describe the problem": "The library closes too early during exams.",
    "Your suggestion or solution": "Keep it open until 10 pm in exam weeks.",
  };
  // docs/behaviour.md: every field is required, each with its own message.
  const messages = {
    "Your Name": "Please enter your name.",
    "Enrollment Number": "Please enter your enrollment number.",
    College: "Please enter your college.",
    "Describe the problem": "Please describe the problem.",
    "Your suggestion or solution": "Please share your suggestion or solution.",
  };
  const labels = Object.keys(suggestion) as (keyof typeof suggestion)[];

  async function descriptions(page: Page) {
    const read: Record<string, string> = {};
    for (const label of labels) read[label] = await descriptionOf(page, label);
    return read;
  }

  async function values(page: Page) {
    const read: Record<string, string> = {};
    for (const label of labels) read[label] = await (await field(page, label)).evaluate((input) => input.value);
    return read;
  }

  const emptyForm = Object.fromEntries(labels.map((label) => [label, ""]));

  it.each([
    ["with JavaScript", true],
    ["without JavaScript", false],
  ])(
    "%s: an empty submission shows each field's message; a complete one is confirmed and the form emptied",
    async (_case, javaScript) => {
      const page = await newPage(javaScript ? withScripts : withoutScripts);
      const logged = consoleErrors(page);
      await openAndSettle(page, `${server.url}/suggestion`, { javaScript });
      // Only a script removes the loading screen (e2e/fixtures.ts's probe of <noscript> parsing cannot tell here:
      // Firefox runs WebDriver's own scripts with scripting on).
      expect((await page.$("#loading-screen")) === null, "the page's scripts ran").toBe(javaScript);
      const submit = (await page.$('main form button[type="submit"]'))!;
      expect(await submit.evaluate((button) => button.textContent?.trim())).toBe("Submit Suggestion");

      // Without scripts the button posts the form and the server answers with the page again.
      if (javaScript) await clickAt(page, submit);
      else await Promise.all([page.waitForNavigation(), clickAt(page, submit)]);
      await expect.poll(() => descriptions(page), { timeout: 10_000 }).toEqual(messages);
      expect(await toastText(page)).not.toContain("Suggestion submitted successfully!");

      for (const label of labels) await (await field(page, label)).type(suggestion[label]);
      const sendAgain = (await page.$('main form button[type="submit"]'))!;
      if (javaScript) await clickAt(page, sendAgain);
      else await Promise.all([page.waitForNavigation(), clickAt(page, sendAgain)]);
      await expect.poll(() => toastText(page), { timeout: 10_000 }).toContain("Suggestion submitted successfully!");
      expect(new URL(page.url()).pathname).toBe("/suggestion");
      await expect.poll(() => values(page)).toEqual(emptyForm);
      expect(logged).toEqual([]);
    },
    60_000,
  );

  it("with JavaScript, when its checks cannot be fetched: no error, and the server refuses the empty submission", async () => {
    const page = await newPage(withScripts);
    const logged = consoleErrors(page);
    // The form's rules, a module of their own that the page asks for once it runs (a dropped connection, or the
    // visitor leaving the page meanwhile, which Firefox fails the same way).
    const rules = /\/assets\/suggestion-schema-[^/]+\.js$/;
    const refused: string[] = [];
    await page.setRequestInterception(true);
    page.on("request", (request) => {
      if (!rules.test(request.url())) return void request.continue();
      refused.push(request.url());
      return void request.abort();
    });
    await openAndSettle(page, `${server.url}/suggestion`, { javaScript: true });
    await page.waitForNetworkIdle({ idleTime: 200 });
    expect(refused, "the page asked for its rules").toHaveLength(1);

    await clickAt(page, (await page.$('main form button[type="submit"]'))!);
    await expect.poll(() => descriptions(page), { timeout: 10_000 }).toEqual(messages);
    expect(logged).toEqual([]);
  }, 60_000);
});
