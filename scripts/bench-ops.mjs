#!/usr/bin/env node
// npm run bench:ops [-- --no-build] — what the request log and the metrics cost: requests per second of a cached
// page and of an uncached render, on a server with them (LOG_LEVEL=info, METRICS_TOKEN set) and on one without
// (LOG_LEVEL=silent, no METRICS_TOKEN: then neither the request log nor any metric does any work), in one run. The
// two servers run side by side and are measured in turns, each case three times in alternating order, so a machine
// that gets busier halfway weighs on both alike.
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { assertBuilt, buildApp, startProductionServer } from "./lib/server.mjs";

const connections = 20;
const durationSeconds = 8;
const warmUpSeconds = 2;
const browserHeaders = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br" };
// Our session cookie (unsigned, so nobody is signed in) keeps a request away from the page cache: a full render.
const cases = [
  { label: "cached page /", path: "/", headers: browserHeaders },
  { label: "uncached render of /", path: "/", headers: { ...browserHeaders, cookie: "__session=not-signed" } },
];

/**
 * The server process's CPU time so far in milliseconds (Linux: user + system ticks from /proc), or undefined. Per
 * request it is a steadier figure than requests per second on a machine shared with other work: a busy neighbour
 * lowers the rate, not the CPU time each request costs.
 * @param {number | undefined} pid
 * @returns {number | undefined}
 */
function cpuMs(pid) {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const args = new Set(process.argv.slice(2));
if (!args.has("--no-build")) buildApp();
assertBuilt();
const loadBefore = loadavg()[0] ?? 0;

const dataDir = mkdtempSync(path.join(tmpdir(), "council-bench-ops-"));
/** @type {{ label: string, env: Record<string, string | undefined> }[]} */
const configurations = [
  { label: "without (LOG_LEVEL=silent, no METRICS_TOKEN)", env: { LOG_LEVEL: "silent", METRICS_TOKEN: undefined } },
  {
    label: "with (LOG_LEVEL=info, METRICS_TOKEN set)",
    env: { LOG_LEVEL: "info", METRICS_TOKEN: "bench-ops-metrics-token-0123456789" },
  },
];
/** @type {import("./lib/server.mjs").ProductionServer[]} */
const servers = [];
try {
  for (const [index, configuration] of configurations.entries()) {
    const server = await startProductionServer({
      env: { ...configuration.env, DATABASE_PATH: path.join(dataDir, `store-${index}.sqlite`), TRUST_PROXY: undefined },
    });
    // The log goes where a container's would: read and dropped, not kept in this process's memory.
    server.child.stdout.removeAllListeners("data");
    server.child.stdout.resume();
    servers.push(server);
  }

  /** @type {Map<string, number[]>} requests per second, by case and server */
  const figures = new Map();
  /** @type {Map<string, number[]>} CPU milliseconds a request, by case and server */
  const cpu = new Map();
  for (const round of [0, 1, 2]) {
    for (const testCase of cases) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const server = servers[index];
        const configuration = configurations[index];
        if (!server || !configuration) throw new Error(`No server ${index}`);
        const url = new URL(testCase.path, server.url).href;
        await autocannon({ url, connections, duration: warmUpSeconds, headers: testCase.headers });
        const cpuBefore = cpuMs(server.child.pid);
        const load = await autocannon({ url, connections, duration: durationSeconds, headers: testCase.headers });
        const cpuAfter = cpuMs(server.child.pid);
        const cpuPerRequest =
          cpuBefore === undefined || cpuAfter === undefined ? NaN : (cpuAfter - cpuBefore) / load.requests.total;
        if (load.non2xx > 0 || load.errors > 0)
          throw new Error(`${testCase.label}: ${load.non2xx} non-2xx answers, ${load.errors} errors`);
        const key = `${testCase.label}|${index}`;
        figures.set(key, [...(figures.get(key) ?? []), load.requests.average]);
        cpu.set(key, [...(cpu.get(key) ?? []), cpuPerRequest]);
        console.log(
          `bench:ops round ${round + 1}: ${testCase.label}, ${configuration.label}: ` +
            `${Math.round(load.requests.average)} req/s, ${cpuPerRequest.toFixed(3)} ms CPU a request`,
        );
      }
    }
  }

  console.log(
    `\nProduction build on 127.0.0.1, ${connections} connections, ${durationSeconds} s per measurement after ${warmUpSeconds} s ` +
      `warm-up, each figure the mean of three measurements. Load average (1 min) before: ${loadBefore.toFixed(1)}, after: ` +
      `${(loadavg()[0] ?? 0).toFixed(1)}, on ${availableParallelism()} CPUs.`,
  );
  console.log(
    "\n| Request | Without logs and metrics | With them | Cost | CPU a request without | with | Cost |\n|---|---:|---:|---:|---:|---:|---:|",
  );
  const mean = (/** @type {number[] | undefined} */ values = []) =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  for (const testCase of cases) {
    const without = mean(figures.get(`${testCase.label}|0`));
    const withThem = mean(figures.get(`${testCase.label}|1`));
    const cost = ((without - withThem) / without) * 100;
    const cpuWithout = mean(cpu.get(`${testCase.label}|0`));
    const cpuWith = mean(cpu.get(`${testCase.label}|1`));
    const cpuCost = ((cpuWith - cpuWithout) / cpuWithout) * 100;
    console.log(
      `| ${testCase.label} | ${Math.round(without)} req/s | ${Math.round(withThem)} req/s | ${cost.toFixed(1)} % ` +
        `| ${cpuWithout.toFixed(3)} ms | ${cpuWith.toFixed(3)} ms | ${cpuCost.toFixed(1)} % |`,
    );
  }
} finally {
  for (const server of servers) await server.stop(15_000);
  rmSync(dataDir, { recursive: true, force: true });
}
