#!/usr/bin/env node
// npm run bench [-- --no-build] — throughput, p99 latency and first-visit JavaScript of the production build,
// checked against the targets in docs/performance.md. Only loopback traffic; the server is stopped before exiting.
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { measurePageJavaScript } from "./lib/page-javascript.mjs";
import { assertBuilt, buildApp, startProductionServer } from "./lib/server.mjs";

/**
 * The parts of autocannon's result read here (the package ships no types).
 * @typedef {{ requests: { average: number }, latency: { p99: number }, non2xx: number, errors: number }} Load
 * @typedef {(options: { url: string, connections: number, duration: number, headers: Record<string, string> })
 *   => Promise<Load>} Autocannon
 */
// require() answers any: read as unknown, the module then takes the type above.
const requireModule = /** @type {(id: string) => unknown} */ (createRequire(import.meta.url));
const autocannon = /** @type {Autocannon} */ (requireModule("autocannon"));

/** Pages whose throughput is measured. */
const pages = ["/", "/clubs", "/club/coding", "/gallery"];
/**
 * Every public page whose first-visit JavaScript is held to the budget, and which must load no form or validation
 * code at first (a form page loads it once the page is used): the content pages, then the forms.
 */
const budgetPages = [
  ...["/", "/clubs", "/club/coding", "/gallery", "/mentors", "/sih", "/tarang", "/team", "/developers", "/privacy"],
  ...["/join", "/login", "/suggestion", "/ideas", "/userProfileRegistration", "/sih/registration"],
];
// A cached page against a static file and an uncached render of the same page, in the same run.
const cachedShareOfStaticTarget = 1;
const connections = 20;
const durationSeconds = 10;
const warmUpSeconds = 2;
// 115 before the site spoke Hindi, when /sih/registration already loaded 115.2; since then every framework page also
// loads its catalogue's loader, its texts' formatter and the language link's code (no i18n library: decision 21), and
// the form pages load 115.0 to 117.0 kB (docs/performance.md).
const javaScriptBudgetKb = 118;
const homeRequestsPerSecondTarget = 600;
// A visitor's browser asks for compressed HTML, so the server's gzip work is part of what is measured.
const browserHeaders = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br" };

const args = new Set(process.argv.slice(2));
/** @param {number} bytes */
const kb = (bytes) => bytes / 1000;
/** @param {number} value */
const format = (value, digits = 1) => value.toFixed(digits);

if (!args.has("--no-build")) buildApp();
assertBuilt();
// Throughput is shared with whatever else runs: the load average tells a busy machine's figures apart.
const [loadBefore = 0] = loadavg();

const server = await startProductionServer();
const stopOnInterrupt = () => void server.stop().finally(() => process.exit(130));
process.once("SIGINT", stopOnInterrupt);
process.once("SIGTERM", stopOnInterrupt);
// Bounded: seven runs at ~12 s each plus fetching chunks; anything far beyond that is a hang.
const watchdog = setTimeout(() => {
  console.error("bench: giving up after 5 minutes");
  void server.stop().finally(() => process.exit(1));
}, 300_000);

/** @type {Array<{ path: string, load: Load }>} */
const results = [];
/** @type {Array<{ label: string, url: string, headers: Record<string, string>, load: Load }>} */
const baselines = [];
/** @type {Array<Awaited<ReturnType<typeof measurePageJavaScript>>>} */
const javaScripts = [];
try {
  const home = new URL("/", server.url).href;
  for (const baseline of [
    { label: "static file /favicon.svg", url: new URL("/favicon.svg", server.url).href, headers: browserHeaders },
    { label: "cached page /", url: home, headers: browserHeaders },
    // Our session cookie (here an unsigned one, so nobody is signed in) keeps a visitor away from the page cache.
    { label: "uncached render of /", url: home, headers: { ...browserHeaders, cookie: "__session=not-signed" } },
  ]) {
    process.stdout.write(`bench: ${baseline.label} ... `);
    await autocannon({ url: baseline.url, connections, duration: warmUpSeconds, headers: baseline.headers });
    const load = await autocannon({
      url: baseline.url,
      connections,
      duration: durationSeconds,
      headers: baseline.headers,
    });
    baselines.push({ ...baseline, load });
    console.log(`${Math.round(load.requests.average)} req/s`);
  }
  for (const path of pages) {
    const url = new URL(path, server.url).href;
    process.stdout.write(`bench: ${path} ... `);
    await autocannon({ url, connections, duration: warmUpSeconds, headers: browserHeaders });
    const load = await autocannon({ url, connections, duration: durationSeconds, headers: browserHeaders });
    results.push({ path, load });
    console.log(`${Math.round(load.requests.average)} req/s`);
  }
  for (const path of budgetPages) javaScripts.push(await measurePageJavaScript(server.url, path));
} finally {
  clearTimeout(watchdog);
  // Longer than the default grace: on a busy machine the server may still be answering the last queued requests.
  const stopped = await server.stop(15_000);
  if (!stopped.graceful) console.error("bench: the server did not stop within 15 s of SIGTERM and was killed");
}

console.log(
  `\nProduction build on 127.0.0.1, ${connections} connections, ${durationSeconds} s per page ` +
    `(after ${warmUpSeconds} s warm-up), requests accepting gzip like a browser's.`,
);
console.log(
  `Load average (1 min) before the run: ${format(loadBefore)}, after: ${format(loadavg()[0] ?? 0)}, ` +
    `on ${availableParallelism()} CPUs (the server and autocannon share them).`,
);
console.log(
  "JavaScript: what a first visit downloads (script tags, module preloads, inline imports and the chunks " +
    "they import statically), each gzipped at level 9; 1 kB = 1000 bytes.\n",
);
const rows = results.map(({ path, load }) => ({
  page: path,
  "req/s": Math.round(load.requests.average),
  "p99 ms": load.latency.p99,
  "non-2xx": load.non2xx,
  errors: load.errors,
}));
console.table(rows);

const [staticFile, cachedPage, uncachedPage] = baselines;
if (!staticFile || !cachedPage || !uncachedPage) throw new Error("bench: a baseline did not run");
/** @param {Load} load */
const ratio = (load) => load.requests.average / staticFile.load.requests.average;
console.log("\nThe same page served three ways, as a ratio of the static file's requests per second:");
console.table(
  baselines.map(({ label, load }) => ({
    served: label,
    "req/s": Math.round(load.requests.average),
    "p99 ms": load.latency.p99,
    "× static": format(ratio(load), 2),
    "non-2xx": load.non2xx,
  })),
);

for (const javaScript of javaScripts) {
  const { path } = javaScript;
  console.log(
    `\n${path}: ${format(kb(javaScript.gzipBytes))} kB gzipped in ${javaScript.chunks.length} chunks, ` +
      `and ${format(kb(javaScript.inlineGzipBytes))} kB of inline scripts in its HTML`,
  );
  for (const chunk of javaScript.chunks) {
    const libraries = chunk.formLibraries.length > 0 ? `  <- ${chunk.formLibraries.join(", ")}` : "";
    console.log(`  ${format(kb(chunk.gzipBytes)).padStart(6)} kB  ${chunk.name}${libraries}`);
  }
}

const home = results.find((result) => result.path === "/");
if (!home) throw new Error("bench: / did not run");
const overBudget = javaScripts.filter((javaScript) => kb(javaScript.gzipBytes) > javaScriptBudgetKb);
const largest = javaScripts.reduce((most, each) => (each.gzipBytes > most.gzipBytes ? each : most));
const withFormCode = javaScripts.filter(({ chunks }) => chunks.some((chunk) => chunk.formLibraries.length > 0));
const withFailures = [...results, ...baselines].filter(({ load }) => load.non2xx > 0 || load.errors > 0);
const checks = [
  {
    target: `every public page loads at most ${javaScriptBudgetKb} kB of gzipped JavaScript`,
    seen:
      overBudget.length === 0
        ? `largest ${largest.path} ${format(kb(largest.gzipBytes))} kB`
        : `over on ${overBudget.map(({ path, gzipBytes }) => `${path} ${format(kb(gzipBytes))} kB`).join(", ")}`,
    pass: overBudget.length === 0,
  },
  {
    target: "no public page loads form or validation code (zod, conform) at first load",
    seen: withFormCode.length === 0 ? "none found" : `found on ${withFormCode.map(({ path }) => path).join(", ")}`,
    pass: withFormCode.length === 0,
  },
  {
    target: `/ serves at least ${homeRequestsPerSecondTarget} requests/s`,
    seen: `${Math.round(home.load.requests.average)} req/s`,
    pass: home.load.requests.average >= homeRequestsPerSecondTarget,
  },
  {
    target: `a cached page serves at least as many requests/s as a static file (× ${cachedShareOfStaticTarget})`,
    seen: `${format(ratio(cachedPage.load) * 100, 0)} % (${Math.round(cachedPage.load.requests.average)} vs ${Math.round(staticFile.load.requests.average)} req/s; uncached ${format(ratio(uncachedPage.load) * 100, 0)} %)`,
    pass: ratio(cachedPage.load) >= cachedShareOfStaticTarget,
  },
  {
    target: "every benchmarked request answered 2xx without errors",
    seen:
      withFailures.length === 0
        ? "all 2xx"
        : `failures on ${withFailures.map((result) => ("path" in result ? result.path : result.label)).join(", ")}`,
    pass: withFailures.length === 0,
  },
];
console.log("");
for (const check of checks) console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.target}: ${check.seen}`);
process.exitCode = checks.every((check) => check.pass) ? 0 : 1;
