// What the measuring scripts (npm run lighthouse, npm run inp) share: their options, their medians, their servers.
import { startBaseline, startProductionServer } from "./server.mjs";

/**
 * The value of `--name=value` on the command line, if given.
 * @param {string} name
 */
export function option(name) {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/**
 * How many runs a page gets: `--runs=N`, or the script's default.
 * @param {number} byDefault
 */
export function runsOption(byDefault) {
  const runs = Number(option("runs") ?? byDefault);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number`);
  return runs;
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/**
 * This tree's production server and, with `--against=REF`, the baseline's beside it. `stop` stops both and removes
 * the baseline's worktree; a baseline already started is stopped and removed too if this tree's server cannot start.
 * @param {string | undefined} againstRef
 * @param {string} tool the measuring script's name, for the baseline's worktree
 */
export async function startMeasuredServers(againstRef, tool) {
  const baseline = againstRef ? await startBaseline(againstRef, tool) : undefined;
  const stopBaseline = async () => {
    await baseline?.server.stop();
    baseline?.remove();
  };
  const server = await startProductionServer().catch(async (/** @type {unknown} */ error) => {
    await stopBaseline();
    throw error;
  });
  return {
    server,
    baseline,
    stop: async () => {
      await server.stop();
      await stopBaseline();
    },
  };
}
