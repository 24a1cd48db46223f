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
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";
import { option, runsOption, startMeasuredServers } from "./lib/measure.mjs";
import { printResults, shown, summary } from "./lib/inp/report.mjs";
import { measureOnce } from "./lib/inp/visit.mjs";
import { assertBuilt, buildApp } from "./lib/server.mjs";

/** @typedef {import("./lib/inp/visit.mjs").FormTarget} FormTarget */
/** @typedef {import("./lib/inp/visit.mjs").Run} Run */
/** @typedef {import("./lib/inp/report.mjs").PageResult} PageResult */

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

const runsPerPage = runsOption(5);
const typeAfterMs = Number(option("type-after") ?? 300);
if (!Number.isFinite(typeAfterMs) || typeAfterMs < 0) throw new Error(`--type-after needs a number of milliseconds`);
const pages = option("pages")?.split(",") ?? Object.keys(formPages);
for (const page of pages) {
  if (!formPages[page])
    throw new Error(`--pages: no form known on ${page} (known: ${Object.keys(formPages).join(", ")})`);
}
const againstRef = option("against");

// Playwright drives Chromium itself here, so CHROMIUM_PATH (or Debian's package) is the browser.
if (!process.argv.includes("--no-build")) buildApp();
assertBuilt();
// The figures depend on the CPU: the load average tells a busy machine's figures apart.
const loadBefore = loadavg();

const { server, baseline, stop: stopServers } = await startMeasuredServers(againstRef, "inp");
// The servers (and a baseline's worktree) go if the browser cannot start.
const browser = await chromium
  .launch({ executablePath: chromiumPath(), args: chromiumFlags })
  .catch(async (/** @type {unknown} */ error) => {
    await stopServers();
    throw error;
  });
const stopAll = async () => {
  await browser.close();
  await stopServers();
};
const stopOnInterrupt = () => void stopAll().finally(() => process.exit(130));
process.once("SIGINT", stopOnInterrupt);
process.once("SIGTERM", stopOnInterrupt);

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
      const run = await measureOnce(browser, new URL(page, baseline.server.url).href, target, typeAfterMs);
      if (run !== "no form") baselineRuns.push(run);
    };
    while (runs.length < runsPerPage) {
      // With a baseline, the two take turns at going first, so a machine that slows down or speeds up during the
      // run weighs on both alike.
      const baselineFirst = runs.length % 2 === 1;
      if (baselineFirst) await runBaseline();
      const run = await measureOnce(browser, new URL(page, server.url).href, target, typeAfterMs);
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
process.exitCode = printResults({
  results,
  skipped,
  runsPerPage,
  typeAfterMs,
  chromiumVersion: browser.version(),
  loadBefore,
  loadAfter,
  baselineRef: baseline?.ref,
});
