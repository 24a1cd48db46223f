import { randomBytes } from "node:crypto";
import {
  test as base,
  expect,
  type APIResponse,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Response,
  type WebError,
} from "@playwright/test";
import axe, { type AxeResults } from "axe-core";
import { loadingScreenCookie } from "../app/behaviours/loading-screen";

export { expect };

/** What the site promises (hard rules): WCAG 2.2 AA and axe's best practices, with no violation at all. */
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Whether the page's own scripts run. With scripting off the HTML parser turns `<noscript>` content into elements,
 * so parsing a probe tells the two apart on any page (Playwright's evaluate works either way).
 */
export function pageRunsScripts(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const probe = document.createElement("div");
    probe.innerHTML = "<noscript><i></i></noscript>";
    return probe.querySelector("noscript")?.childElementCount === 0;
  });
}

/** Fails with one readable line per offending element: rule, impact, selector and axe's advice. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const scripts = await pageRunsScripts(page);
  if (!scripts) {
    // With scripting off, Chromium never runs timer or WebIDL callbacks, and axe waits on setTimeout; promise
    // reactions still run, so axe gets a promise-based stand-in.
    await page.evaluate(() => {
      // Kept as it is, to be put back once axe has run.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const original = window.setTimeout;
      Object.assign(window, { __axeOriginalSetTimeout: original });
      window.setTimeout = ((callback: (...args: unknown[]) => void, _delay?: number, ...args: unknown[]) => {
        void Promise.resolve().then(() => callback(...args));
        return 0;
      }) as typeof window.setTimeout;
    });
  }
  // axe-core straight, not @axe-core/playwright: its builder sent axe's 550 kB source into the page twice a scan
  // (parsed twice), which was most of a scan's cost (the home page: 0.9 to 1.4 s a scan against 0.4 to 0.8 s). Once
  // here, and not at all on a document that has it from an earlier scan (a state of the same page).
  // axe.run in this page alone, as the builder's legacy mode did: its default mode opens a second page to finish,
  // which took twice as long and, without scripts, would hang as above. That only differs for iframes from other
  // origins, and the site has no iframe (checked here, so one added later is seen).
  expect(await page.locator("iframe").count(), "an iframe: axe here does not scan other origins").toBe(0);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  // Only violations are read: axe then skips collecting details of every passing element.
  const { violations } = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      }),
    axeTags,
  )) satisfies AxeResults;
  if (!scripts) {
    await page.evaluate(() => {
      const { __axeOriginalSetTimeout } = window as unknown as { __axeOriginalSetTimeout: typeof window.setTimeout };
      window.setTimeout = __axeOriginalSetTimeout;
    });
  }
  const lines = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `- ${violation.id} (${violation.impact ?? "unknown impact"}) at ${node.target.join(" ")}: ${violation.help} ` +
        `<${violation.helpUrl}>`,
    ),
  );
  expect(lines.length, `axe found ${lines.length} violation(s) on ${page.url()}:\n${lines.join("\n")}\n`).toBe(0);
}

/**
 * Opens `path` and, when the page's scripts run, uses the page (see below) and waits until the loading screen is gone
 * and the page's forms have their code, so a test clicks a page that reacts. The loading screen is in the server HTML
 * and only a script removes it (React after hydration, or the inline script of a page that ships no framework), so
 * its removal also means the page's behaviours are attached. Without JavaScript the server HTML is the final page: nothing
 * to wait for (a <noscript> style hides the loading screen).
 */
export async function gotoAndSettle(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  if (await pageRunsScripts(page)) {
    // A page that ships the framework (the site's mark: its held scripts, app/delivery/held-scripts.ts) starts
    // its scripts, and its forms' code, once the visitor uses the page (delivery/inline/starter.ts, and whenUsed in
    // delivery/deferred.ts); until then a form is the server's, posting as it does without scripts. The mouse coming
    // over the page is such a use. The site marks <html> with data-hydrated once React runs the page and every
    // part has its code. A page that ships no framework has only server forms.
    const withFramework = (await page.locator("#held-scripts").count()) > 0;
    if (withFramework) await useThePage(page);
    await page.locator("#loading-screen").waitFor({ state: "detached", timeout: 20_000 });
    if (withFramework) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
  }
  return response;
}

/** The visitor starts using the page the least intrusive way: the mouse comes over it (no click, no focus). */
export async function useThePage(page: Page): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 360, height: 640 };
  await page.mouse.move(viewport.width - 2, viewport.height - 2);
  await page.mouse.move(viewport.width - 4, viewport.height - 4);
}

/**
 * Fetches a public page the way the page cache should answer it: from the cache. A cached entry lives ten minutes
 * and the suite runs longer, so an entry may expire between a test's two requests; the request that finds it gone
 * renders and stores it again ("miss"). One such miss is allowed, and the request after it must be a hit.
 */
export async function getFromPageCache(get: () => Promise<APIResponse>): Promise<APIResponse> {
  const first = await get();
  return first.headers()["x-page-cache"] === "miss" ? get() : first;
}

type ConsoleFixtures = {
  /**
   * Every test fails when the page logs a console error or throws an uncaught exception, unless the test allows it
   * here, matched against the message (a string matches as a substring): e.g. `allowConsoleErrors(/status of 404/)`
   * on a page meant to answer 404. Call it in the test or in a `beforeEach`. (A function rather than a `test.use`
   * option: Playwright would read an array option as a [value, options] tuple.)
   */
  allowConsoleErrors: (...patterns: (string | RegExp)[]) => void;
};

type SessionOptions = {
  /**
   * Whether the test's browser session is on its first page view, which shows the loading screen (its welcome and
   * fade take 0.8 s before a test can use the page). By default a test's session has seen a page already, as a
   * visitor's has on every page after their first; loading-screen.spec.ts sets this for the screen itself.
   */
  firstPageViewOfSession: boolean;
  /**
   * Whether the test borrows its worker's open tab (the default) instead of opening one: a new tab cost about 0.6 s
   * of CPU more (30 short tests at phone width, two runs each way: 44 and 44 s of CPU against 24 and 27 s). Between
   * borrowers the tab's context loses its cookies, routes, other pages and client address, the tab its viewport,
   * reduced motion, extra headers, listeners and pointer, and it goes to about:blank. What stays, so a test that
   * changes it sets `test.use({ sharedTab: false })`: init scripts it does not dispose of, the clock, offline mode,
   * permissions, the HTTP cache, and a test counting the requests a page makes from a cold cache. A failed test's
   * worker is replaced, so its retry starts with a new tab.
   */
  sharedTab: boolean;
};

type WorkerTabs = {
  /** The tabs the worker lends (sharedTab), one for each kind of context its tests ask for. */
  workerTabs: Map<string, Page>;
};

/**
 * `items` in runs of `size`, for specs that check a list of pages: one test walks a run of pages in one browser tab.
 * A page loaded in a new tab cost about 0.9 s of CPU (a renderer process started, every cache cold), one loaded in a
 * tab already open 0.3 s (measured on a 2-core machine); a run of pages pays for the new tab once. Runs stay short,
 * so both workers share the list, and each page is a test.step, so a failure names its page (the run's later pages
 * are then left unchecked until it passes).
 */
export function inRunsOf<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

/**
 * For a test that only sends requests (no page to look at): its answers are the same at every width and with or
 * without JavaScript, so it runs in one project, desktop-nojs (where every spec that sends them runs):
 * `test.skip(...sameInEveryProject({ javaScriptEnabled, isMobile }))`.
 */
export function sameInEveryProject(project: { javaScriptEnabled: boolean; isMobile: boolean }): [boolean, string] {
  return [
    project.javaScriptEnabled || project.isMobile,
    "requests alone, the same in every project: run in desktop-nojs",
  ];
}

/** A loopback client's address of its own (the test server trusts X-Forwarded-For from loopback). */
export function newClientAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** The tab each shared context was lent with. */
const tabOfContext = new WeakMap<BrowserContext, Page>();

/** What a test may listen to on its page; taken off when it ends, as the worker's next test gets the same tab. */
const pageEventsOfATest = ["request", "response", "requestfinished", "requestfailed", "console", "dialog", "popup"];

export const test = base.extend<ConsoleFixtures & SessionOptions, WorkerTabs>({
  firstPageViewOfSession: [false, { option: true }],
  sharedTab: [true, { option: true }],
  workerTabs: [
    // Playwright reads a fixture's dependencies from its destructured first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const tabs = new Map<string, Page>();
      await use(tabs);
      await Promise.all([...tabs.values()].map((tab) => tab.context().close()));
    },
    { scope: "worker" },
  ],
  // A context of the test's own (browser.newContext takes the project's options), or the one of the worker's tab.
  // Every test is a visitor of its own for the server's per-client rate limits: the whole suite comes from one
  // address and would add up to one client's allowance. Tests about those limits set their own address
  // (actAsOwnClient). Set on the context, not as the extraHTTPHeaders option, which a shared tab's context keeps.
  // The session cookie that the loading screen's <head> script sets on a session's first page view
  // (app/behaviours/loading-screen.ts). Cookies are kept per host, not per port: both test sites see it.
  context: async (
    {
      browser,
      sharedTab,
      workerTabs,
      firstPageViewOfSession,
      baseURL,
      viewport,
      reducedMotion,
      isMobile,
      hasTouch,
      javaScriptEnabled,
    },
    use,
  ) => {
    let tab: Page | undefined;
    let context: BrowserContext;
    if (sharedTab) {
      const kind = JSON.stringify({ baseURL, isMobile, hasTouch, javaScriptEnabled });
      tab = workerTabs.get(kind);
      if (!tab || tab.isClosed()) {
        tab = await (tab?.context() ?? (await browser.newContext())).newPage();
        workerTabs.set(kind, tab);
      }
      context = tab.context();
      await context.clearCookies();
      if (viewport) await tab.setViewportSize(viewport);
      await tab.emulateMedia({ reducedMotion: reducedMotion ?? "no-preference" });
      tabOfContext.set(context, tab);
    } else {
      context = await browser.newContext();
    }
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": newClientAddress() });
    if (!firstPageViewOfSession && baseURL) {
      await context.addCookies([{ ...loadingScreenCookie, url: baseURL, sameSite: "Lax" }]);
    }
    await use(context);
    if (!tab) {
      await context.close();
      return;
    }
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== tab)
        .map((other) => other.close()),
    );
    await context.unrouteAll({ behavior: "ignoreErrors" });
    if (tab.isClosed()) return;
    try {
      await tab.setExtraHTTPHeaders({});
      await tab.goto("about:blank");
      await tab.mouse.move(-1, -1);
    } catch {
      // A tab that cannot be reset is not lent again: the next test opens a new one.
      await tab.close();
    }
  },
  // Requests without a page are a visitor of their own too.
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": newClientAddress() },
    });
    await use(request);
    await request.dispose();
  },
  // A page may still be fetching code it asks for once idle when its test ends: a test's own request handlers
  // (page.route) must not fail on those. What the test listened to goes with it.
  page: async ({ context, sharedTab }, use) => {
    const page = (sharedTab && tabOfContext.get(context)) || (await context.newPage());
    await use(page);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    for (const event of pageEventsOfATest) page.removeAllListeners(event);
  },
  // Listens on the context, not a page: a test that opens no page (requests alone, or one skipped in its body) then
  // costs no renderer process. Every page the test opens is heard.
  allowConsoleErrors: [
    async ({ context }, use) => {
      const allowed: (string | RegExp)[] = [];
      const logged: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== "error") return;
        const { url, lineNumber } = message.location();
        logged.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
      };
      const onWebError = (webError: WebError) => {
        const error = webError.error();
        logged.push(`uncaught: ${error.stack ?? error.message}`);
      };
      context.on("console", onConsole);
      context.on("weberror", onWebError);

      await use((...patterns) => allowed.push(...patterns));
      // A shared tab's context outlives the test (sharedTab): the next test listens for itself.
      context.off("console", onConsole);
      context.off("weberror", onWebError);

      const isAllowed = (entry: string) =>
        allowed.some((pattern) => (typeof pattern === "string" ? entry.includes(pattern) : pattern.test(entry)));
      const problems = logged.filter((entry) => !isAllowed(entry));
      expect(problems, `The page logged errors:\n${problems.join("\n")}\n`).toEqual([]);
    },
    { auto: true },
  ],
});
