// What the measuring scripts (npm run lighthouse, npm run inp) share: their options and their medians.

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
