#!/usr/bin/env node
// npm run inp [-- --no-build] [-- --runs=N] [-- --pages=/join,/login] [-- --against=REF] [-- --type-after=MS] —
// interaction to next paint (INP) on the form pages, on the production build in Debian's Chromium, fully offline, as
// on a cheap phone: a 390×844 touch screen, a CPU four times slower (CDP Emulation.setCPUThrottlingRate) and slow 4G
// (CDP Network.emulateNetworkConditions: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up).
//
// Each run is a first visit in a fresh browser context: the page loads, paints, the visitor reads for a second, taps
// the form's first text field, types one character (--type-after ms after the tap, 300 by default: the time a
// phone's keyboard takes to open), waits until the page is quiet (the form's code has arrived; a person takes that
// long to fill a form in), then taps the submit button with the rest of the form still empty: an invalid submit,
// which the page checks itself (or the browser, or the server: no backend data is needed either way).
// Three interactions are timed: the tap on the field, the first keystroke, the submit. Each one's latency is the
// longest Event Timing entry of its interaction (a PerformanceObserver keyed by interactionId, durationThreshold
// 16 ms, the least the API allows: an interaction without an entry took less than that, and counts as 16 ms). The
// page's INP as the web-vitals library reports it (onINP, the definition Chrome's field data uses) is the worst of
// them, and is printed beside them as a check.
//
// Each page runs N times (5 by default); the table gives each interaction's median and maximum. Exits non-zero when a
// median is over 200 ms, the threshold of a "good" INP. As with npm run lighthouse, the figures scale with how busy
// the machine is: --against=REF builds that commit in a temporary git worktree and runs it page by page, interleaved
// with this tree (alternating which goes first), then prints each median for both and their ratio. The target is
// still checked on this tree only.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";
import { median, option, runsOption } from "./lib/measure.mjs";
import { assertBuilt, buildApp, repoRoot, startBaseline, startProductionServer } from "./lib/server.mjs";

/** @typedef {import("@playwright/test").Browser} Browser */
/** @typedef {import("@playwright/test").Page} Page */
/**
 * The form on each page: the label of its first text field and the name of its submit button, as a visitor reads
 * them (app/components/public-forms, app/components/account, app/components/team).
 * @typedef {{ field: string, submit: string }} FormTarget
 */
/** @type {Record<string, FormTarget>} */
const formPages = {
  "/join": { field: "Full Name", submit: "Submit Application" },
  "/login": { field: "College ID", submit: "Login" },
  "/suggestion": { field: "Your Name", submit: "Submit Suggestion" },
  "/ideas": { field: "Your Name", submit: "Submit Idea" },
  "/userProfileRegistration": { field: "Full Name", submit: "Register" },
  // Only while the registration window is open (content/events): otherwise the page has no form and is skipped.
  "/sih/registration": { field: "Team Name", submit: "Register Team" },
};
/** The interactions timed, in the order the visitor makes them, and the kind of input each is. */
const measures = /** @type {const} */ ([
  { id: "tap", label: "first tap", type: "pointer" },
  { id: "keystroke", label: "first keystroke", type: "keyboard" },
  { id: "submit", label: "submit", type: "pointer" },
]);
/** @typedef {(typeof measures)[number]["id"]} MeasureId */
/** At most this long (ms) for each interaction: Chrome's threshold for a good INP. */
const inpTargetMs = 200;
/** The least durationThreshold the Event Timing API takes: an interaction that has no entry was quicker. */
const durationThresholdMs = 16;

// A cheap phone: the viewport of a 6.1-inch phone, Lighthouse's mobile pixel ratio, a touch screen, and the CPU and
// network Lighthouse's mobile audit simulates (DevTools' own throttling, applied by Chromium itself).
const viewport = { width: 390, height: 844 };
const deviceScaleFactor = 1.75;
const cpuSlowdown = 4;
const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** How long the visitor reads the page after its first paint before tapping the field. */
const readingMs = 1_000;
/** Quiet: no request in flight for this long (the form's code has arrived). */
const quietNetworkMs = 500;
/** The longest wait for a page to paint, become quiet, or report an interaction. */
const stepTimeoutMs = 30_000;
/** After the main thread is free again, how much longer an interaction's Event Timing entry may take to arrive. */
const entryGraceMs = 1_000;

const runsPerPage = runsOption(5);
const typeAfterMs = Number(option("type-after") ?? 300);
if (!Number.isFinite(typeAfterMs) || typeAfterMs < 0) throw new Error(`--type-after needs a number of milliseconds`);
const pages = option("pages")?.split(",") ?? Object.keys(formPages);
for (const page of pages) {
  if (!formPages[page])
    throw new Error(`--pages: no form known on ${page} (known: ${Object.keys(formPages).join(", ")})`);
}
const againstRef = option("against");

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// web-vitals' IIFE build (the global `webVitals`) with attribution, and what the page reports with it. It goes in with
// page.addInitScript, which Chromium runs through CDP (Page.addScriptToEvaluateOnNewDocument) before the page's own
// scripts: the site's strict Content-Security-Policy (script hashes and a nonce) does not apply to it, so the page
// keeps its real policy rather than running with bypassCSP, which would change the page being measured. What the
// page observes reaches this program through a binding (CDP Runtime.addBinding, also outside the policy), as it
// happens, so the submit's entry arrives even if a navigation follows the click.
const webVitalsSource = readFileSync(
  path.join(repoRoot, "node_modules", "web-vitals", "dist", "web-vitals.attribution.iife.js"),
  "utf8",
);
const reporter = `(() => {
  const report = (kind, data) => window.__inpReport?.(kind, data);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") report("fcp", { startTime: entry.startTime });
    }
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      report("event", {
        interactionId: entry.interactionId, name: entry.name, startTime: entry.startTime, duration: entry.duration,
        processingStart: entry.processingStart, processingEnd: entry.processingEnd,
      });
    }
  }).observe({ type: "event", durationThreshold: ${durationThresholdMs}, buffered: true });
  webVitals.onINP((metric) => {
    const { interactionType, interactionTarget, longestScript } = metric.attribution;
    const script = longestScript && {
      subpart: longestScript.subpart, duration: longestScript.intersectingDuration,
      invoker: longestScript.entry.invoker, sourceURL: longestScript.entry.sourceURL,
      sourceFunctionName: longestScript.entry.sourceFunctionName,
    };
    report("inp", { value: metric.value, interactionType, interactionTarget, longestScript: script });
  }, { reportAllChanges: true, durationThreshold: ${durationThresholdMs} });
})();`;

/**
 * @typedef {{ interactionId: number, name: string, startTime: number, duration: number, processingStart: number,
 *   processingEnd: number }} EventEntry
 * @typedef {{ subpart: string, duration: number, invoker: string, sourceURL: string, sourceFunctionName: string }}
 *   ScriptSummary
 * @typedef {{ value: number, interactionType: string, interactionTarget: string, longestScript?: ScriptSummary }}
 *   InpReport
 * @typedef {{ duration: number, inputDelay: number, processing: number, presentation: number, measured: boolean }}
 *   Interaction
 * @typedef {Record<MeasureId, Interaction> & { inp: number, inpReport?: InpReport, posted: boolean }} Run
 */

const pointerEvents = ["pointerdown", "pointerup", "click", "mousedown", "mouseup", "touchstart", "touchend"];
const keyboardEvents = ["keydown", "keypress", "keyup"];

/**
 * The interaction of the given kind that started at or after `since` (page time): its duration (its longest entry's),
 * split as web-vitals splits it, over the entries painted in the same frame as the longest: input delay (until the
 * first of them started processing), processing (until the last finished), presentation (until the paint).
 * Undefined until its entries have arrived.
 * @param {EventEntry[]} entries
 * @param {"pointer" | "keyboard"} type
 * @param {number} since
 * @returns {Interaction | undefined}
 */
function interactionAfter(entries, type, since) {
  const names = type === "pointer" ? pointerEvents : keyboardEvents;
  const matching = entries.filter((entry) => entry.startTime >= since && names.includes(entry.name));
  const id = matching[0]?.interactionId;
  const own = matching.filter((entry) => entry.interactionId === id);
  if (own.length === 0) return undefined;
  const longest = own.reduce((a, b) => (b.duration > a.duration ? b : a));
  const paintedAt = longest.startTime + longest.duration;
  // Durations are rounded to 8 ms: entries whose ends are that close were painted in the same frame.
  const sameFrame = own.filter((entry) => Math.abs(entry.startTime + entry.duration - paintedAt) <= 8);
  const processingStart = Math.min(...sameFrame.map((entry) => entry.processingStart));
  const processingEnd = Math.max(...sameFrame.map((entry) => entry.processingEnd));
  return {
    duration: longest.duration,
    inputDelay: Math.max(0, processingStart - longest.startTime),
    processing: processingEnd - processingStart,
    presentation: Math.max(0, paintedAt - processingEnd),
    measured: true,
  };
}

/** An interaction quicker than the Event Timing threshold: it has no entry, and counts as the threshold. */
const belowThreshold = () => ({
  duration: durationThresholdMs,
  inputDelay: 0,
  processing: 0,
  presentation: 0,
  measured: false,
});

/**
 * One first visit to `url`: paint, read, tap the field, type a character, wait until quiet, tap submit.
 * @param {Browser} browser
 * @param {string} url
 * @param {FormTarget} target
 * @returns {Promise<Run | "no form">}
 */
async function measureOnce(browser, url, target) {
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

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {string} message
 * @returns {Promise<T>}
 */
async function withTimeout(promise, message) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${stepTimeoutMs} ms`)), stepTimeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits for the entries of the interaction made after `since`. They arrive after the next paint, once the main thread
 * is free; if the page has answered a round trip and a while longer without them, the interaction was quicker than
 * the threshold. A navigation after a submit ends the wait too: the old page's entries have arrived by then or never.
 * @param {Page} page
 * @param {EventEntry[]} entries
 * @param {"pointer" | "keyboard"} type
 * @param {number} since
 * @returns {Promise<Interaction>}
 */
async function waitForInteraction(page, entries, type, since) {
  const found = () => interactionAfter(entries, type, since);
  const mainThreadFree = page
    .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
    .catch(() => undefined);
  const deadline = Date.now() + stepTimeoutMs;
  let graceEnds = Infinity;
  void mainThreadFree.then(() => {
    graceEnds = Date.now() + entryGraceMs;
  });
  for (;;) {
    const interaction = found();
    if (interaction) {
      // Later entries of the same interaction (the click after the pointerup) may still be on their way.
      await sleep(100);
      return found() ?? interaction;
    }
    if (Date.now() > Math.min(graceEnds, deadline)) return belowThreshold();
    await sleep(50);
  }
}

// Playwright drives Chromium itself here, so CHROMIUM_PATH (or Debian's package) is the browser.
if (!process.argv.includes("--no-build")) buildApp();
assertBuilt();
// The figures depend on the CPU: the load average tells a busy machine's figures apart.
const loadBefore = loadavg();

const baseline = againstRef ? await startBaseline(againstRef, "inp") : undefined;
// A baseline already started is stopped and its worktree removed if this tree's server or the browser cannot start.
const server = await startProductionServer().catch(async (/** @type {unknown} */ error) => {
  await baseline?.server.stop();
  baseline?.remove();
  throw error;
});
const browser = await chromium
  .launch({ executablePath: chromiumPath(), args: chromiumFlags })
  .catch(async (/** @type {unknown} */ error) => {
    await server.stop();
    await baseline?.server.stop();
    baseline?.remove();
    throw error;
  });
const stopAll = async () => {
  await browser.close();
  await server.stop();
  if (baseline) {
    await baseline.server.stop();
    baseline.remove();
  }
};
const stopOnInterrupt = () => void stopAll().finally(() => process.exit(130));
process.once("SIGINT", stopOnInterrupt);
process.once("SIGTERM", stopOnInterrupt);

/**
 * The median and maximum of each interaction's latency and of the page's INP over some runs.
 * @param {Run[]} runs
 */
function summary(runs) {
  /** @param {(run: Run) => number} pick */
  const stats = (pick) => {
    const values = runs.map(pick);
    return { median: median(values), max: Math.max(...values) };
  };
  return {
    tap: stats((run) => run.tap.duration),
    keystroke: stats((run) => run.keystroke.duration),
    submit: stats((run) => run.submit.duration),
    inp: stats((run) => run.inp),
  };
}
/** @typedef {ReturnType<typeof summary>} Summary */
/** @typedef {{ page: string, runs: Run[], summary: Summary, baseline?: Summary }} PageResult */

/** @param {Interaction} interaction */
const shown = (interaction) =>
  interaction.measured ? `${Math.round(interaction.duration)}` : `<${durationThresholdMs}`;

/** @type {PageResult[]} */
const results = [];
/** @type {string[]} */
const skipped = [];
try {
  for (const page of pages) {
    const target = formPages[page];
    if (!target) continue;
    process.stdout.write(`inp: ${page} ... `);
    /** @type {Run[]} */
    const runs = [];
    /** @type {Run[]} */
    const baselineRuns = [];
    let noForm = false;
    const runBaseline = async () => {
      if (!baseline) return;
      const run = await measureOnce(browser, new URL(page, baseline.server.url).href, target);
      if (run !== "no form") baselineRuns.push(run);
    };
    while (runs.length < runsPerPage) {
      // With a baseline, the two take turns at going first, so a machine that slows down or speeds up during the
      // run weighs on both alike.
      const baselineFirst = runs.length % 2 === 1;
      if (baselineFirst) await runBaseline();
      const run = await measureOnce(browser, new URL(page, server.url).href, target);
      if (run === "no form") {
        noForm = true;
        break;
      }
      runs.push(run);
      if (!baselineFirst) await runBaseline();
    }
    if (noForm) {
      skipped.push(page);
      console.log(`no field labelled "${target.field}" (no form on the page now): skipped`);
      continue;
    }
    results.push({
      page,
      runs,
      summary: summary(runs),
      baseline: baselineRuns.length > 0 ? summary(baselineRuns) : undefined,
    });
    const perRun = runs.map((run) => `${shown(run.tap)}/${shown(run.keystroke)}/${shown(run.submit)}`);
    console.log(`tap/keystroke/submit ms, per run: ${perRun.join(", ")}`);
  }
} finally {
  await stopAll();
}

const loadAfter = loadavg();
console.log(
  `\nInteraction to next paint, ${viewport.width}×${viewport.height} touch screen, ${cpuSlowdown}x CPU slowdown, ` +
    `${network.latency} ms latency, ${(network.downloadThroughput * 8) / 1024 / 1024} Mbit/s down, ` +
    `${(network.uploadThroughput * 8) / 1024} kbit/s up; median / max of ${runsPerPage} first visit(s) per page, ` +
    `Chromium ${browser.version()}, the keystroke ${typeAfterMs} ms after the tap`,
);
console.log(
  `Load average (1/5/15 min) before: ${loadBefore.map((load) => load.toFixed(2)).join(" ")}, ` +
    `after: ${loadAfter.map((load) => load.toFixed(2)).join(" ")}. "<${durationThresholdMs}": no Event Timing ` +
    `entry, i.e. under ${durationThresholdMs} ms (counted as ${durationThresholdMs}).\n`,
);

/** @param {{ median: number, max: number }} stats */
const medianAndMax = ({ median: middle, max }) => `${Math.round(middle)} / ${Math.round(max)} ms`;
// Markdown, so the figures can be pasted into notes as they are.
console.log("| page | first tap | first keystroke | submit | INP (web-vitals) | submit went to |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const { page, runs, summary: figures } of results) {
  const postedRuns = runs.filter((run) => run.posted).length;
  const submitOutcome = postedRuns === 0 ? "the page's check" : `the server (${postedRuns} of ${runs.length} runs)`;
  const cells = [figures.tap, figures.keystroke, figures.submit, figures.inp].map(medianAndMax);
  console.log(`| ${page} | ${cells.join(" | ")} | ${submitOutcome} |`);
}

// Where the time went: a long input delay is the main thread busy with something else (the page's scripts starting),
// a long processing time the event handlers, a long presentation the rendering after them.
console.log("\nMedian parts of each interaction: input delay + processing + presentation (ms)");
console.log("| page | first tap | first keystroke | submit |");
console.log("| --- | --- | --- | --- |");
for (const { page, runs } of results) {
  const cells = measures.map(({ id }) =>
    [
      median(runs.map((run) => run[id].inputDelay)),
      median(runs.map((run) => run[id].processing)),
      median(runs.map((run) => run[id].presentation)),
    ]
      .map((ms) => Math.round(ms))
      .join(" + "),
  );
  console.log(`| ${page} | ${cells.join(" | ")} |`);
}
// The page's slowest interaction over all runs is its INP in that run: web-vitals names the longest script it met.
console.log("\nSlowest interaction per page, and the longest script during it (web-vitals attribution):");
for (const { page, runs } of results) {
  const worst = runs
    .flatMap((run) => measures.map(({ id, label }) => ({ label, run, interaction: run[id] })))
    .reduce((a, b) => (b.interaction.duration > a.interaction.duration ? b : a));
  // The run's INP report is about this interaction only if it has the same duration (web-vitals took it as INP).
  const report = worst.run.inpReport;
  const script = report?.value === worst.interaction.duration ? report.longestScript : undefined;
  const where = script
    ? `${Math.round(script.duration)} ms in ${script.subpart}: ${script.invoker || "?"}` +
      `${script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ""}` +
      `${script.sourceURL ? ` (${new URL(script.sourceURL).pathname})` : ""}`
    : "no script attributed (none over 5 ms, or web-vitals took another interaction)";
  console.log(`  ${page} ${worst.label} ${Math.round(worst.interaction.duration)} ms; ${where}`);
}

if (baseline) {
  // Each median here, then at the baseline, and their ratio (below 1: this tree answers sooner).
  /**
   * @param {number} now
   * @param {number} before
   */
  const compared = (now, before) =>
    `${Math.round(now)} / ${Math.round(before)} ms = ${before > 0 ? (now / before).toFixed(2) : "–"}`;
  console.log(`\nAgainst ${baseline.ref}, medians measured in the same run (this tree / ${baseline.ref} = ratio):`);
  console.log("| page | first tap | first keystroke | submit | INP (web-vitals) |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const { page, summary: now, baseline: before } of results) {
    if (!before) continue;
    const cells = /** @type {const} */ (["tap", "keystroke", "submit", "inp"]).map((id) =>
      compared(now[id].median, before[id].median),
    );
    console.log(`| ${page} | ${cells.join(" | ")} |`);
  }
}

let missed = 0;
for (const { page, summary: figures } of results) {
  for (const { id, label } of measures) {
    const { median: middle, max } = figures[id];
    if (middle <= inpTargetMs) continue;
    missed += 1;
    console.log(
      `FAIL  ${page} ${label}: median ${Math.round(middle)} ms, max ${Math.round(max)} ms (target at most ` +
        `${inpTargetMs} ms)`,
    );
  }
}
if (skipped.length > 0) console.log(`\nSkipped (no form on the page): ${skipped.join(", ")}`);
console.log(
  missed === 0
    ? `\nPASS  every interaction's median is at most ${inpTargetMs} ms`
    : `\n${missed} interaction(s) miss the target`,
);
process.exitCode = missed === 0 && results.length > 0 ? 0 : 1;
