#!/usr/bin/env node
// npm run bench:store [-- --no-build] [-- --duration=10] [-- --connections=16] — the built-in store's engines under
// the join form, in one run: submissions per second on SQLite (one replica), on PostgreSQL (one replica) and on
// PostgreSQL with two replicas sharing Redis; then how long a replica takes to take forms again after PostgreSQL
// comes back. Everything is throw-away (a temporary SQLite file, a PostgreSQL cluster and a redis-server on loopback
// ports), stopped and removed before exiting.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { countInPostgres, countInSqlite, measure as measureLoad, postJoin } from "./lib/bench-store/load.mjs";
import { assertBuilt, buildApp, startProductionServer } from "./lib/server.mjs";
import { startThrowAwayPostgres, startThrowAwayRedis } from "./lib/throwaway-services.mjs";

/** @typedef {import("./lib/server.mjs").ProductionServer} ProductionServer */
/** @typedef {import("./lib/bench-store/load.mjs").RowCounter} RowCounter */

const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.split("=")[1]) : fallback;
};
const durationSeconds = option("duration", 10);
const connections = option("connections", 16);
const warmUpSeconds = 2;
const recoveryRounds = 3;
const pollMs = 50;

if (!args.includes("--no-build")) buildApp();
assertBuilt();

const directory = mkdtempSync(path.join(tmpdir(), "council-bench-store-"));
/** @type {Set<ProductionServer>} */
const servers = new Set();
/** @type {Awaited<ReturnType<typeof startThrowAwayPostgres>> | undefined} */
let cluster;
/** @type {Awaited<ReturnType<typeof startThrowAwayRedis>> | undefined} */
let redis;
const cleanUp = async () => {
  await Promise.all([...servers].map((server) => server.stop()));
  await redis?.stop();
  cluster?.destroy();
  rmSync(directory, { recursive: true, force: true });
};
const stopOnInterrupt = () => void cleanUp().finally(() => process.exit(130));
process.once("SIGINT", stopOnInterrupt);
process.once("SIGTERM", stopOnInterrupt);
const watchdog = setTimeout(() => {
  console.error("bench:store: giving up after 10 minutes");
  void cleanUp().finally(() => process.exit(1));
}, 600_000);

/**
 * Submissions per second with the load split evenly over `urls`, as the options ask.
 * @param {string} label
 * @param {string[]} urls
 * @param {RowCounter} countStored
 */
const measure = (label, urls, countStored) =>
  measureLoad(label, urls, countStored, { durationSeconds, connections, warmUpSeconds });

/** @param {Record<string, string>} env */
async function start(env) {
  const server = await startProductionServer({
    // Never the checkout's own database; TRUST_PROXY so each request's X-Forwarded-For is its client.
    env: { DATABASE_PATH: path.join(directory, "unused.sqlite"), TRUST_PROXY: "loopback", ...env },
  });
  servers.add(server);
  return server;
}

/** @param {ProductionServer} server */
async function stop(server) {
  await server.stop();
  servers.delete(server);
}

/** @param {number} value */
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const loadBefore = loadavg()[0] ?? 0;
/** @type {Awaited<ReturnType<typeof measure>>[]} */
const runs = [];
try {
  process.stdout.write("bench:store: starting a throw-away PostgreSQL cluster and redis-server ... ");
  const [startedCluster, startedRedis] = await Promise.all([startThrowAwayPostgres(), startThrowAwayRedis()]);
  cluster = startedCluster;
  redis = startedRedis;
  console.log("done");

  // 1. SQLite, one replica (the fresh checkout's store, limits in the process's memory).
  {
    const databasePath = path.join(directory, "bench.sqlite");
    const server = await start({ DATABASE_PATH: databasePath });
    console.log(`SQLite, one replica: ${durationSeconds} s at ${connections} connections ...`);
    runs.push(await measure("sqlite-1", [server.url], countInSqlite(databasePath)));
    await stop(server);
  }
  // 2. PostgreSQL, one replica (limits in memory, as with SQLite: only the store differs).
  {
    const url = await startedCluster.createDatabase("bench_one");
    const server = await start({ DATABASE_URL: url });
    console.log(`PostgreSQL, one replica: ${durationSeconds} s at ${connections} connections ...`);
    runs.push(await measure("postgres-1", [server.url], countInPostgres(url)));
    await stop(server);
  }
  // 3. PostgreSQL, two replicas sharing Redis for the limits, as several replicas are deployed; half the load each.
  {
    const url = await startedCluster.createDatabase("bench_two");
    const env = { DATABASE_URL: url, REDIS_URL: startedRedis.url };
    const pair = await Promise.all([start(env), start(env)]);
    console.log(`PostgreSQL, two replicas + Redis: ${durationSeconds} s at ${connections} connections ...`);
    runs.push(
      await measure(
        "postgres-2",
        pair.map((server) => server.url),
        countInPostgres(url),
      ),
    );
    await Promise.all(pair.map(stop));
  }

  // 4. PostgreSQL stopped and started again under a running replica.
  const recovery = [];
  {
    const url = await startedCluster.createDatabase("bench_recovery");
    const server = await start({ DATABASE_URL: url });
    const before = await postJoin(server.url);
    if (before !== 302) throw new Error(`POST /join answered ${before} before PostgreSQL was stopped`);
    for (let attempt = 1; attempt <= recoveryRounds; attempt += 1) {
      console.log(`PostgreSQL stopped and started again, round ${attempt} of ${recoveryRounds} ...`);
      startedCluster.stop();
      const whileDown = await postJoin(server.url);
      startedCluster.start();
      const restarted = performance.now();
      let polls = 0;
      let status = 0;
      while (status !== 302) {
        polls += 1;
        const sent = performance.now();
        status = await postJoin(server.url);
        if (status === 302) break;
        if (performance.now() - restarted > 60_000)
          throw new Error(`no 302 within 60 s of PostgreSQL's start (last ${status})`);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, pollMs - (performance.now() - sent))));
      }
      recovery.push({
        round: attempt,
        "POST /join while stopped": whileDown,
        "ms from start() to the first 302": round(performance.now() - restarted),
        "POSTs until then": polls,
      });
    }
    await stop(server);
  }

  const baseline = runs[0];
  if (!baseline) throw new Error("No run to compare with");
  /** @type {Record<string, string>} */
  const setups = {
    "sqlite-1": "SQLite, 1 replica",
    "postgres-1": "PostgreSQL, 1 replica",
    "postgres-2": "PostgreSQL, 2 replicas + Redis",
  };
  console.log(
    `\nPOST /join with valid data, every request a new applicant (unique e-mail and enrollment number), ` +
      `${durationSeconds} s after a ${warmUpSeconds} s warm-up, ${connections} connections in all (autocannon; with two ` +
      "replicas half on each, straight to each replica).\nRate limits: left on; each request carries its own " +
      "X-Forwarded-For address and the replicas run with TRUST_PROXY=loopback, so no client reaches the join limit.\n" +
      "PostgreSQL: a throw-away local cluster (fsync off), DATABASE_POOL_MAX at its default. SQLite: a temporary file.\n" +
      `Load average (1 min) before: ${loadBefore.toFixed(1)}, after: ${(loadavg()[0] ?? 0).toFixed(1)}, on ${availableParallelism()} CPUs ` +
      "shared by the load generator, the replicas, PostgreSQL and Redis.\n",
  );
  console.table(
    runs.map((run) => ({
      setup: setups[run.label],
      "302 answers": run.redirected,
      "per second": round(run.perSecond),
      "× SQLite": round(run.perSecond / baseline.perSecond, 2),
      "p50 ms": round(run.p50),
      "× SQLite p50": round(run.p50 / baseline.p50, 2),
      "p99 ms": round(run.p99),
      "other answers": run.other,
      "rows stored": run.stored,
    })),
  );
  // Requests still in flight when autocannon's clock stops are stored but never counted: up to one per connection.
  console.log(
    "Rows stored: the measured requests' rows; up to one per connection more than the 302s (cut off at the end).",
  );
  const unexplained = runs.filter(
    (run) => run.stored < run.redirected || run.stored > run.redirected + run.connections,
  );
  if (unexplained.length > 0)
    console.log(`LOST OR EXTRA ROWS in: ${unexplained.map((run) => setups[run.label]).join(", ")}.`);

  console.log(
    `\nPostgreSQL stopped (pg_ctl stop -m fast) under one running replica, started again (pg_ctl start -w), then ` +
      `POST /join every ${pollMs} ms until it answers 302; ms counted from pg_ctl start returning.\n`,
  );
  console.table(recovery);
  const times = recovery.map((row) => row["ms from start() to the first 302"]).sort((a, b) => a - b);
  console.log(`Median: ${times[Math.floor(times.length / 2)] ?? NaN} ms.`);
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
