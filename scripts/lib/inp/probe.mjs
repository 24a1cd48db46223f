// What the measured page reports (web-vitals and an Event Timing observer, put in before the page's own scripts),
// and how one interaction's latency is read from the entries it sends.
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../server.mjs";

/** @typedef {import("@playwright/test").Page} Page */
/** The least durationThreshold the Event Timing API takes: an interaction that has no entry was quicker. */
export const durationThresholdMs = 16;
/** The longest wait for a page to paint, become quiet, or report an interaction. */
export const stepTimeoutMs = 30_000;
/** After the main thread is free again, how much longer an interaction's Event Timing entry may take to arrive. */
export const entryGraceMs = 1_000;

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// web-vitals' IIFE build (the global `webVitals`) with attribution, and what the page reports with it. It goes in with
// page.addInitScript, which Chromium runs through CDP (Page.addScriptToEvaluateOnNewDocument) before the page's own
// scripts: the site's strict Content-Security-Policy (script hashes and a nonce) does not apply to it, so the page
// keeps its real policy rather than running with bypassCSP, which would change the page being measured. What the
// page observes reaches this program through a binding (CDP Runtime.addBinding, also outside the policy), as it
// happens, so the submit's entry arrives even if a navigation follows the click.
export const webVitalsSource = readFileSync(
  path.join(repoRoot, "node_modules", "web-vitals", "dist", "web-vitals.attribution.iife.js"),
  "utf8",
);
export const reporter = `(() => {
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
 * @template T
 * @param {Promise<T>} promise
 * @param {string} message
 * @returns {Promise<T>}
 */
export async function withTimeout(promise, message) {
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
export async function waitForInteraction(page, entries, type, since) {
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
