// Lighthouse's reports read: the targets a page is held to, its scores and metrics, the quiet runs, the audits
// that cost it points.
import { computeMedianRun as computeMedianRunUntyped } from "lighthouse/core/lib/median-run.js";
import { median } from "../measure.mjs";

/** @typedef {import("lighthouse").Result} LighthouseReport */
/**
 * The fields of a failing audit's items read here: a message or an element, and where it comes from.
 * @typedef {{ description?: string, url?: string, sourceLocation?: { url?: string },
 *   node?: { selector?: string, snippet?: string } }} AuditItem
 */

// Lighthouse declares this function with its global LH namespace, which this program does not load, so its types
// come out unresolved; this is the signature it declares, with LH.Result named through the package's own export.
export const computeMedianRun = /** @type {(runs: LighthouseReport[]) => LighthouseReport} */ (computeMedianRunUntyped);

/** Category scores (0–100): at least this much. Performance 100 is the aim; 98 allows for a busy machine. */
export const categoryTargets = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
/** Metrics (ms, or the shift score for CLS): at most this much, as Lighthouse's audits report them. */
export const metricTargets = [
  { id: "first-contentful-paint", label: "FCP", limit: 1000, unit: "ms" },
  { id: "largest-contentful-paint", label: "LCP", limit: 1200, unit: "ms" },
  { id: "total-blocking-time", label: "TBT", limit: 50, unit: "ms" },
  { id: "cumulative-layout-shift", label: "CLS", limit: 0, unit: "" },
];
/**
 * The JavaScript a page's HTML has the browser load (a form page's once used: React, React Router, the form's code), in
 * kB gzipped: npm run bench's budget (scripts/bench.mjs says why it is 118). A content page loads none.
 */
export const javaScriptBudgetKb = 118;
const slowCpuBenchmarkIndex = 1000;

/**
 * @param {LighthouseReport} report
 * @param {string} id
 */
export function categoryScore(report, id) {
  return Math.round((report.categories[id]?.score ?? 0) * 100);
}

/**
 * @param {LighthouseReport} report
 * @param {string} id
 */
export function metricValue(report, id) {
  return report.audits[id]?.numericValue ?? NaN;
}

/**
 * Audits below full marks in a category: scored ones (the metrics, for performance) first, each with Lighthouse's
 * own figure ("2.1 s") and, for pass/fail audits, the first offending items (console message, element, URL).
 * @param {LighthouseReport} report
 * @param {string} categoryId
 */
export function auditsBelowFull(report, categoryId) {
  return (report.categories[categoryId]?.auditRefs ?? [])
    .flatMap((ref) => {
      const audit = report.audits[ref.id];
      return audit ? [{ ref, audit }] : [];
    })
    .filter(({ audit }) => typeof audit.score === "number" && audit.score < 1)
    .filter(({ audit }) => ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
    .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit.score ?? 0) - (b.audit.score ?? 0))
    .map(({ ref, audit }) => {
      const figure = audit.displayValue ? ` (${audit.displayValue})` : "";
      const weight = ref.weight > 0 ? `weight ${ref.weight}, ` : "";
      // Some shapes of details are typed loosely (any): read whether they have items, then the items as AuditItem rows.
      const details = /** @type {{ items?: unknown } | undefined} */ (audit.details);
      /** @type {AuditItem[]} */
      const items =
        audit.scoreDisplayMode === "binary" && details && "items" in details
          ? /** @type {AuditItem[]} */ (details.items).slice(0, 5)
          : [];
      const examples = items.map((item) => {
        const where = item.sourceLocation?.url ?? item.url ?? item.node?.selector ?? "";
        return `\n      ${[item.description, item.node?.snippet, where].filter(Boolean).join(" ")}`;
      });
      return `${audit.title}${figure} [${audit.id}, ${weight}score ${audit.score}]${examples.join("")}`;
    });
}

/**
 * Whether Lighthouse's CPU benchmark found the machine quiet during this run.
 * @param {LighthouseReport} report
 */
export const isQuiet = (report) => report.environment.benchmarkIndex >= slowCpuBenchmarkIndex;

/**
 * The quiet runs, or all of them if none was.
 * @param {LighthouseReport[]} reports
 */
export function quietOrAll(reports) {
  const quiet = reports.filter(isQuiet);
  return quiet.length > 0 ? quiet : reports;
}

/**
 * The median of each category score and metric over some runs of one page.
 * @param {LighthouseReport[]} reports
 */
export function medians(reports) {
  return {
    scores: Object.fromEntries(
      Object.keys(categoryTargets).map((id) => [id, median(reports.map((each) => categoryScore(each, id)))]),
    ),
    metrics: Object.fromEntries(
      metricTargets.map(({ id }) => [id, median(reports.map((each) => metricValue(each, id)))]),
    ),
  };
}
