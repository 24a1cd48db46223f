#!/usr/bin/env node
// npm run bench:council [-- --no-build] [-- --entries=10000] [-- --engine=postgres] — how long /council takes to
// render with 10,000 stored entries. Seeds a throwaway database (never the repository's: a SQLite file, or
// with --engine=postgres a database of a throw-away PostgreSQL cluster), starts the production build on it, signs
// a council member in, and times whole responses one at a time: the first page of each section, a deep page, a
// search, and a CSV export. Only loopback traffic; the server is stopped and the database removed before exiting.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openSeedStore, seedEntries, seedMember } from "./lib/seed-council.mjs";
import { assertBuilt, buildApp, startProductionServer } from "./lib/server.mjs";
import { startThrowAwayPostgres } from "./lib/throwaway-services.mjs";

const args = process.argv.slice(2);
const entriesArgument = args.find((arg) => arg.startsWith("--entries="));
const totalEntries = entriesArgument ? Number(entriesArgument.split("=")[1]) : 10_000;
const perSection = Math.ceil(totalEntries / 4);
const engineArgument = args.find((arg) => arg.startsWith("--engine="));
const engine = engineArgument ? (engineArgument.split("=")[1] ?? "") : "sqlite";
if (engine !== "sqlite" && engine !== "postgres") {
  console.error(`bench:council: --engine is sqlite (the default) or postgres, not ${engine}`);
  process.exit(2);
}
const runs = 25;
const warmUps = 3;
// A browser asks for compressed HTML, so the server's compression is part of what is measured.
const browserHeaders = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br" };

if (!args.includes("--no-build")) buildApp();
assertBuilt();

const directory = mkdtempSync(path.join(tmpdir(), "council-bench-"));
const databasePath = path.join(directory, "council.sqlite");
/** @type {import("./lib/server.mjs").ProductionServer | undefined} */
let server;
/** @type {Awaited<ReturnType<typeof startThrowAwayPostgres>> | undefined} */
let cluster;
try {
  // The server reads the same database the seeding wrote: DATABASE_URL wins over DATABASE_PATH when set.
  /** @type {Record<string, string>} */
  let serverEnv = { DATABASE_PATH: databasePath };
  /** @type {import("./lib/seed-council.mjs").SeedStoreConfig} */
  let storeConfig = databasePath;
  if (engine === "postgres") {
    cluster = await startThrowAwayPostgres();
    const url = await cluster.createDatabase("bench_council");
    serverEnv = { ...serverEnv, DATABASE_URL: url };
    storeConfig = { engine: "postgres", url, poolMax: 10, statementTimeoutMs: 5_000 };
  }
  process.stdout.write(
    `bench:council: seeding ${perSection * 4} entries (${perSection} per section, teams of six) in ${engine} ... `,
  );
  const seedingStarted = performance.now();
  const store = await openSeedStore(storeConfig);
  const member = await seedMember(store, { collegeId: "0187CS210001", dob: "2003-05-17", name: "Council Secretary" });
  const counts = { applications: perSection, teams: perSection, ideas: perSection, suggestions: perSection };
  // Every tenth entry already handled, so pages show history and the counts of new entries mean something.
  await seedEntries(store, counts, { member: member.collegeId, triageEvery: 10 });
  await store.close();
  console.log(`${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`);

  server = await startProductionServer({ env: serverEnv });
  const cookie = await logIn(server.url, member);

  const deepPage = Math.floor(perSection / 20 / 2);
  /** @type {[name: string, target: string][]} */
  const targets = [
    ["/council (join applications, page 1)", "/council"],
    ["/council?section=teams (with members)", "/council?section=teams"],
    ["/council?section=ideas", "/council?section=ideas"],
    ["/council?section=suggestions", "/council?section=suggestions"],
    [`/council?section=ideas&page=${deepPage} (a deep page)`, `/council?section=ideas&page=${deepPage}`],
    ["/council?q=Meera (a search, every section counted)", "/council?q=Meera"],
    ["/council?q=nobody-has-this (a search that matches nothing)", "/council?q=nobody-has-this"],
    ["/council.data (a client-side navigation)", "/council.data"],
    [`/council/export/applications.csv (${perSection} rows)`, "/council/export/applications.csv"],
    [`/council/export/teams.csv (${perSection * 6} rows)`, "/council/export/teams.csv"],
  ];

  const loadBefore = loadavg()[0] ?? 0;
  const results = [];
  for (const [name, target] of targets) {
    /** @type {number[]} */
    const times = [];
    let bytes = 0;
    for (let run = 0; run < warmUps + runs; run += 1) {
      const started = performance.now();
      const response = await fetch(new URL(target, server.url), {
        headers: { ...browserHeaders, cookie },
        redirect: "manual",
      });
      const body = await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
      if (run >= warmUps) times.push(elapsed);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    const at = (/** @type {number} */ share) => times[Math.floor(times.length * share)] ?? NaN;
    results.push({
      request: name,
      "median ms": round(at(0.5)),
      "p90 ms": round(at(0.9)),
      "min ms": round(at(0)),
      "kB (decoded)": round(bytes / 1000),
    });
  }

  console.log(
    `\nProduction build on 127.0.0.1, store on ${engine === "postgres" ? "PostgreSQL (a throw-away local cluster)" : "SQLite"}, ` +
      `${perSection * 4} entries, ${runs} sequential requests each after ${warmUps} ` +
      "warm-ups, signed in as a council member, time to the last byte of the response.",
  );
  console.log(
    `Load average (1 min) before: ${loadBefore.toFixed(1)}, after: ${(loadavg()[0] ?? 0).toFixed(1)}, on ${availableParallelism()} CPUs.\n`,
  );
  console.table(results);
} finally {
  if (server) await server.stop();
  cluster?.destroy();
  rmSync(directory, { recursive: true, force: true });
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 10) / 10;
}

/**
 * Signs in through the login form (no scripts) and returns the Cookie header of the session.
 * @param {string} baseUrl
 * @param {{ collegeId: string, password: string }} member
 */
async function logIn(baseUrl, { collegeId, password }) {
  const response = await fetch(new URL("/login", baseUrl), {
    method: "POST",
    body: new URLSearchParams({ collegeId, password }),
    redirect: "manual",
  });
  const session = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  if (response.status !== 302 || !session) throw new Error(`logging in answered ${response.status}`);
  return session.split(";")[0] ?? session;
}
