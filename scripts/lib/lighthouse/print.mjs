// The tables npm run lighthouse prints, Lighthouse's warnings, and the figures that miss their target.
import path from "node:path";
import { repoRoot } from "../server.mjs";
import { auditsBelowFull, categoryTargets, javaScriptBudgetKb, metricTargets } from "./reports.mjs";

/** @typedef {import("lighthouse").Result} LighthouseReport */
/**
 * @typedef {{ page: string, report: LighthouseReport, outputPath: string, runs: number, counted: number,
 *   scores: Record<string, number>, metrics: Record<string, number>, javaScriptKb: number,
 *   baseline?: { scores: Record<string, number>, metrics: Record<string, number>, javaScriptKb: number } }} PageResult
 */

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** @param {PageResult} result */
function row({ page, scores, metrics, javaScriptKb }) {
  /** @param {string} id */
  const metric = (id) => metrics[id] ?? NaN;
  return {
    page,
    FCP: seconds(metric("first-contentful-paint")),
    LCP: seconds(metric("largest-contentful-paint")),
    TBT: `${Math.round(metric("total-blocking-time"))} ms`,
    CLS: metric("cumulative-layout-shift").toFixed(3),
    perf: scores.performance,
    a11y: scores.accessibility,
    "best pr.": scores["best-practices"],
    SEO: scores.seo,
    "JS kB gz": javaScriptKb.toFixed(1),
  };
}

/**
 * Prints the figures as Markdown tables and the failures; answers the process's exit code (0: every target met).
 * @param {{ results: PageResult[], runsPerPage: number, loadBefore: number[], loadAfter: number[],
 *   baselineRef?: string }} run
 */
export function printResults({ results, runsPerPage, loadBefore, loadAfter, baselineRef }) {
  console.log(
    `\nLighthouse ${results[0]?.report.lighthouseVersion}, mobile (simulated slow 4G, 4x CPU slowdown), median of ` +
      `${runsPerPage} quiet run(s) per page, ${results[0]?.report.environment.hostUserAgent}`,
  );
  console.log(
    `Load average (1/5/15 min) before: ${loadBefore.map((load) => load.toFixed(2)).join(" ")}, ` +
      `after: ${loadAfter.map((load) => load.toFixed(2)).join(" ")}. JavaScript: gzipped (level 9) on a first visit.\n`,
  );

  const rows = results.map(row);
  // Markdown, so the figures can be pasted into notes as they are.
  const headings = Object.keys(rows[0] ?? {});
  console.log(`| ${headings.join(" | ")} |`);
  console.log(`|${headings.map(() => " --- ").join("|")}|`);
  for (const each of rows) console.log(`| ${Object.values(each).join(" | ")} |`);

  if (baselineRef) {
    // Each figure here, then at the baseline, and their ratio (below 1: this tree is faster or smaller).
    /**
     * @param {number} now
     * @param {number} before
     * @param {(value: number) => string} format
     */
    const compared = (now, before, format) =>
      `${format(now)} / ${format(before)} = ${before > 0 ? (now / before).toFixed(2) : "–"}`;
    /** @param {number} ms */
    const milliseconds = (ms) => `${Math.round(ms)} ms`;
    console.log(`\nAgainst ${baselineRef}, measured in the same run (this tree / ${baselineRef} = ratio):`);
    console.log("| page | TBT | FCP | LCP | perf | JS kB gz |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (const { page, metrics, scores, javaScriptKb, baseline: before } of results) {
      if (!before) continue;
      /**
       * @param {string} id
       * @param {(value: number) => string} format
       */
      const metric = (id, format) => compared(metrics[id] ?? NaN, before.metrics[id] ?? NaN, format);
      const cells = [
        metric("total-blocking-time", milliseconds),
        metric("first-contentful-paint", seconds),
        metric("largest-contentful-paint", seconds),
        `${scores.performance} / ${before.scores.performance}`,
        compared(javaScriptKb, before.javaScriptKb, (kb) => kb.toFixed(1)),
      ];
      console.log(`| ${page} | ${cells.join(" | ")} |`);
    }
  }

  // Lighthouse's own warnings, e.g. that the CPU looked slower than it expects (a busy machine lowers the scores).
  /** @type {Map<string, string[]>} */
  const warnings = new Map();
  for (const { page, report } of results) {
    for (const warning of report.runWarnings ?? []) warnings.set(warning, [...(warnings.get(warning) ?? []), page]);
  }
  for (const [warning, warnedPages] of warnings) console.log(`warning (${warnedPages.join(", ")}): ${warning}`);

  let missed = 0;
  for (const { page, report, scores, metrics, outputPath, javaScriptKb } of results) {
    const where = `report ${path.relative(repoRoot, outputPath)}`;
    for (const [id, target] of Object.entries(categoryTargets)) {
      const score = scores[id] ?? 0;
      if (score >= target) continue;
      missed += 1;
      console.log(`\nFAIL  ${page} ${id} ${score} (target ${target}), ${where}:`);
      for (const line of auditsBelowFull(report, id)) console.log(`  - ${line}`);
    }
    for (const { id, label, limit, unit } of metricTargets) {
      const value = metrics[id] ?? NaN;
      if (value <= limit) continue;
      missed += 1;
      const shown = unit === "ms" ? `${Math.round(value)} ms` : value.toFixed(3);
      console.log(`FAIL  ${page} ${label} ${shown} (target at most ${limit}${unit ? ` ${unit}` : ""}), ${where}`);
    }
    if (javaScriptKb > javaScriptBudgetKb) {
      missed += 1;
      console.log(`FAIL  ${page} JavaScript ${javaScriptKb.toFixed(1)} kB gzipped (budget ${javaScriptBudgetKb} kB)`);
    }
  }
  console.log(missed === 0 ? "\nPASS  every page meets every target" : `\n${missed} figure(s) miss their target`);
  return missed === 0 ? 0 : 1;
}
