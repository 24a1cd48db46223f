// The tables npm run inp prints, and whether every page met the target.
import { median } from "../measure.mjs";
import { durationThresholdMs } from "./probe.mjs";
import { cpuSlowdown, measures, network, viewport } from "./visit.mjs";

/** @typedef {import("./probe.mjs").Interaction} Interaction */
/** @typedef {import("./visit.mjs").Run} Run */

/** At most this long (ms) for each interaction: Chrome's threshold for a good INP. */
export const inpTargetMs = 200;

/**
 * The median and maximum of each interaction's latency and of the page's INP over some runs.
 * @param {Run[]} runs
 */
export function summary(runs) {
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
export const shown = (interaction) =>
  interaction.measured ? `${Math.round(interaction.duration)}` : `<${durationThresholdMs}`;

/**
 * Prints the figures as Markdown tables; answers the process's exit code (0: every median within the target).
 * @param {{ results: PageResult[], skipped: string[], runsPerPage: number, typeAfterMs: number,
 *   chromiumVersion: string, loadBefore: number[], loadAfter: number[], baselineRef?: string }} run
 */
export function printResults({
  results,
  skipped,
  runsPerPage,
  typeAfterMs,
  chromiumVersion,
  loadBefore,
  loadAfter,
  baselineRef,
}) {
  console.log(
    `\nInteraction to next paint, ${viewport.width}×${viewport.height} touch screen, ${cpuSlowdown}x CPU slowdown, ` +
      `${network.latency} ms latency, ${(network.downloadThroughput * 8) / 1024 / 1024} Mbit/s down, ` +
      `${(network.uploadThroughput * 8) / 1024} kbit/s up; median / max of ${runsPerPage} first visit(s) per page, ` +
      `Chromium ${chromiumVersion}, the keystroke ${typeAfterMs} ms after the tap`,
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

  if (baselineRef) {
    // Each median here, then at the baseline, and their ratio (below 1: this tree answers sooner).
    /**
     * @param {number} now
     * @param {number} before
     */
    const compared = (now, before) =>
      `${Math.round(now)} / ${Math.round(before)} ms = ${before > 0 ? (now / before).toFixed(2) : "–"}`;
    console.log(`\nAgainst ${baselineRef}, medians measured in the same run (this tree / ${baselineRef} = ratio):`);
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
  return missed === 0 && results.length > 0 ? 0 : 1;
}
