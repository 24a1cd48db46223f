// One first visit to a form page on a cheap phone, its three interactions timed.
import {
  durationThresholdMs,
  entryGraceMs,
  reporter,
  sleep,
  stepTimeoutMs,
  waitForInteraction,
  webVitalsSource,
  withTimeout,
} from "./probe.mjs";

/** @typedef {import("@playwright/test").Browser} Browser */
/** @typedef {import("./probe.mjs").EventEntry} EventEntry */
/** @typedef {import("./probe.mjs").InpReport} InpReport */
/** @typedef {import("./probe.mjs").Interaction} Interaction */
/**
 * The form on each page: the label of its first text field and the name of its submit button, as a visitor reads
 * them (app/components/public-forms, app/components/account, app/components/team).
 * @typedef {{ field: string, submit: string }} FormTarget
 */
/** The interactions timed, in the order the visitor makes them, and the kind of input each is. */
export const measures = /** @type {const} */ ([
  { id: "tap", label: "first tap", type: "pointer" },
  { id: "keystroke", label: "first keystroke", type: "keyboard" },
  { id: "submit", label: "submit", type: "pointer" },
]);
/** @typedef {(typeof measures)[number]["id"]} MeasureId */
/** @typedef {Record<MeasureId, Interaction> & { inp: number, inpReport?: InpReport, posted: boolean }} Run */

// A cheap phone: the viewport of a 6.1-inch phone, Lighthouse's mobile pixel ratio, a touch screen, and the CPU and
// network Lighthouse's mobile audit simulates (DevTools' own throttling, applied by Chromium itself).
export const viewport = { width: 390, height: 844 };
const deviceScaleFactor = 1.75;
export const cpuSlowdown = 4;
export const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** How long the visitor reads the page after its first paint before tapping the field. */
const readingMs = 1_000;
/** Quiet: no request in flight for this long (the form's code has arrived). */
const quietNetworkMs = 500;

/**
 * One first visit to `url`: paint, read, tap the field, type a character, wait until quiet, tap submit.
 * @param {Browser} browser
 * @param {string} url
 * @param {FormTarget} target
 * @param {number} typeAfterMs how long after the tap the visitor types
 * @returns {Promise<Run | "no form">}
 */
export async function measureOnce(browser, url, target, typeAfterMs) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    // An Android phone's Chrome, as Lighthouse's mobile audit presents itself: a headless user agent would be served
    // as a bot (the whole page at once; app/entry.server.tsx).
    userAgent:
      `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ` +
      `Chrome/${browser.version().split(".")[0]}.0.0.0 Mobile Safari/537.36`,
  });
  try {
    /** @type {EventEntry[]} */
    const entries = [];
    /** @type {InpReport[]} */
    const inpReports = [];
    /** @type {() => void} */
    let painted = () => {};
    const firstPaint = new Promise((resolve) => {
      painted = () => resolve(undefined);
    });
    await context.exposeBinding("__inpReport", (_source, /** @type {string} */ kind, /** @type {unknown} */ data) => {
      if (kind === "event") entries.push(/** @type {EventEntry} */ (data));
      else if (kind === "inp") inpReports.push(/** @type {InpReport} */ (data));
      else if (kind === "fcp") painted();
    });
    await context.addInitScript({ content: `${webVitalsSource}\n${reporter}` });

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", network);

    let inFlight = 0;
    let lastNetworkActivity = Date.now();
    let posted = false;
    page.on("request", (request) => {
      inFlight += 1;
      lastNetworkActivity = Date.now();
      if (request.method() === "POST") posted = true;
    });
    const settled = () => {
      inFlight -= 1;
      lastNetworkActivity = Date.now();
    };
    page.on("requestfinished", settled);
    page.on("requestfailed", settled);

    const response = await page.goto(url, { waitUntil: "commit", timeout: stepTimeoutMs });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
    await withTimeout(firstPaint, `${url} did not paint`);
    await sleep(readingMs);

    const field = page.getByLabel(target.field, { exact: true });
    if ((await field.count()) === 0) return "no form";
    const submit = page.getByRole("button", { name: target.submit, exact: true });

    /**
     * @param {"pointer" | "keyboard"} type
     * @param {() => Promise<void>} act
     */
    const timed = async (type, act) => {
      const since = await page.evaluate(() => performance.now());
      await act();
      return waitForInteraction(page, entries, type, since);
    };
    const tap = await timed("pointer", () => field.tap());
    // The tap and the keystroke are timed from `since`; the wait between them is the visitor's, not the page's.
    const keystroke = await timed("keyboard", async () => {
      await sleep(typeAfterMs);
      await page.keyboard.type("a");
    });

    // The visitor fills the form in: by then the page has stopped loading.
    const deadline = Date.now() + stepTimeoutMs;
    while (inFlight > 0 || Date.now() - lastNetworkActivity < quietNetworkMs) {
      if (Date.now() > deadline) throw new Error(`${url}: requests still in flight after ${stepTimeoutMs} ms`);
      await sleep(100);
    }
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
    await sleep(readingMs);

    posted = false;
    const submitted = await timed("pointer", () => submit.tap({ noWaitAfter: true }));
    // web-vitals reports from its own observer, which may call back after ours: its INP is the worst of the three.
    const worst = Math.max(...[tap, keystroke, submitted].filter((each) => each.measured).map((each) => each.duration));
    const reportDeadline = Date.now() + entryGraceMs;
    while ((inpReports.at(-1)?.value ?? 0) < worst && Date.now() < reportDeadline) await sleep(50);
    const inpReport = inpReports.at(-1);
    return { tap, keystroke, submit: submitted, inp: inpReport?.value ?? durationThresholdMs, inpReport, posted };
  } finally {
    await context.close();
  }
}
