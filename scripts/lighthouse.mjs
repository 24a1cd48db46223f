#!/usr/bin/env node
// npm run lighthouse [-- --no-build] [-- --runs=N] [-- --pages=/,/clubs] [-- --against=REF] — Lighthouse 13
// (mobile, simulated throttling: slow 4G and a CPU four times slower) on the production build, in Debian's Chromium,
// fully offline.
// Each page runs N times (3 by default); the table gives the median of every metric and score, with the gzipped
// JavaScript a first visit downloads. JSON reports go to .lighthouse/; exits non-zero when a page misses a target.
//
// The simulated figures scale with how fast the CPU ran the page, so a machine busy with other work gives worse and
// scattered results. A run during which Lighthouse found the CPU slower than it expects (its benchmark index under
// 1000, the threshold of its own warning) is repeated, at most 3 extra runs per page, and left out of the medians;
// only if no run was quiet do the busy ones count, and then Lighthouse's warning is printed.
//
// On a shared machine the same build's figures can differ severalfold from one hour to the next, so a change is
// judged against a baseline measured in the same run: --against=REF builds that commit in a temporary git worktree
// and runs it page by page, interleaved with this tree (alternating which goes first), then prints each metric's
// median for both and their ratio. The targets are still checked on this tree only.
import { copyFileSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { chromiumPath } from "./lib/chromium.mjs";
import { option, runsOption, startMeasuredServers } from "./lib/measure.mjs";
import { printResults } from "./lib/lighthouse/print.mjs";
import { categoryScore, computeMedianRun, isQuiet, medians, quietOrAll } from "./lib/lighthouse/reports.mjs";
import { runLighthouseWithRetry } from "./lib/lighthouse/run.mjs";
import { measurePageJavaScript } from "./lib/page-javascript.mjs";
import { assertBuilt, buildApp, repoRoot } from "./lib/server.mjs";

/** @typedef {import("lighthouse").Result} LighthouseReport */
/** @typedef {import("./lib/lighthouse/print.mjs").PageResult} PageResult */

// The Hindi twins of four of them are held to the same targets (decision 21).
const allPages = [
  "/",
  "/clubs",
  "/club/coding",
  "/gallery",
  "/mentors",
  "/sih",
  "/join",
  "/login",
  "/hi",
  "/hi/clubs",
  "/hi/join",
  "/hi/login",
];
const reportDir = path.join(repoRoot, ".lighthouse");
const extraRunsPerPage = 3;

const runsPerPage = runsOption(3);
const pages = option("pages")?.split(",") ?? allPages;
const againstRef = option("against");

// CHROME_PATH is the name Lighthouse itself reads.
const chromePath = process.env.CHROME_PATH || chromiumPath();
if (!process.argv.includes("--no-build")) buildApp();
assertBuilt();
mkdirSync(reportDir, { recursive: true });
// The simulated figures depend on the CPU: the load average tells a busy machine's figures apart.
const loadBefore = loadavg();

const { server, baseline, stop: stopAll } = await startMeasuredServers(againstRef, "lighthouse");
const baselineReportDir = path.join(reportDir, "against");
if (baseline) mkdirSync(baselineReportDir, { recursive: true });
const stopOnInterrupt = () => void stopAll().finally(() => process.exit(130));
process.once("SIGINT", stopOnInterrupt);
process.once("SIGTERM", stopOnInterrupt);

/** @type {PageResult[]} */
const results = [];
try {
  for (const page of pages) {
    const name = page === "/" ? "home" : page.slice(1).replaceAll("/", "-");
    process.stdout.write(`lighthouse: ${page} ... `);
    /** @type {Array<{ report: LighthouseReport, runPath: string }>} */
    const runs = [];
    const quietRuns = () => runs.filter((run) => isQuiet(run.report));
    /** @type {LighthouseReport[]} */
    const baselineRuns = [];
    const runBaseline = async () => {
      if (!baseline) return;
      const runPath = path.join(baselineReportDir, `${name}.run${baselineRuns.length + 1}.json`);
      baselineRuns.push(await runLighthouseWithRetry(new URL(page, baseline.server.url).href, runPath, chromePath));
    };
    while (quietRuns().length < runsPerPage && runs.length < runsPerPage + extraRunsPerPage) {
      // With a baseline, the two take turns at going first, so a machine that slows down or speeds up during the
      // run weighs on both alike.
      const baselineFirst = runs.length % 2 === 1;
      if (baselineFirst) await runBaseline();
      const runPath = path.join(reportDir, `${name}.run${runs.length + 1}.json`);
      const report = await runLighthouseWithRetry(new URL(page, server.url).href, runPath, chromePath);
      runs.push({ report, runPath });
      if (!baselineFirst) await runBaseline();
    }
    const reports = quietOrAll(runs.map((run) => run.report));
    const counted = runs.filter((run) => reports.includes(run.report));
    // The report kept (and read for failing audits) is Lighthouse's own median run; the table's figures are the
    // median of each metric on its own.
    const report = computeMedianRun(reports);
    const outputPath = path.join(reportDir, `${name}.json`);
    copyFileSync(counted.find((run) => run.report === report)?.runPath ?? "", outputPath);
    const { scores, metrics } = medians(reports);
    const javaScript = await measurePageJavaScript(server.url, page);
    const baselineResult = baseline && {
      ...medians(quietOrAll(baselineRuns)),
      javaScriptKb: (await measurePageJavaScript(baseline.server.url, page)).gzipBytes / 1000,
    };
    const perRun = runs.map((run) => {
      const performance = categoryScore(run.report, "performance");
      const benchmarkIndex = Math.round(run.report.environment.benchmarkIndex);
      return `${performance} @ ${benchmarkIndex}${counted.includes(run) ? "" : " (busy CPU, not counted)"}`;
    });
    results.push({
      page,
      report,
      outputPath,
      runs: runs.length,
      counted: counted.length,
      scores,
      metrics,
      javaScriptKb: javaScript.gzipBytes / 1000,
      baseline: baselineResult,
    });
    console.log(`performance @ CPU benchmark index, per run: ${perRun.join(", ")}`);
  }
} finally {
  await stopAll();
}

const loadAfter = loadavg();
process.exitCode = printResults({ results, runsPerPage, loadBefore, loadAfter, baselineRef: baseline?.ref });
