#!/usr/bin/env node
// npm run bench:teams [-- --teams=300] [-- --samples=100] — what a hackathon team's registration costs in the
// built-in store on each engine, one registration after another: without e-mail (the baseline of the same run), with
// it (the leader's receipt and five members' notices, each with the calendar file, written in the registration's
// transaction), and with it once the store already holds `--teams` teams (every registration compares its name with
// every stored one). Reported as median and p99 per registration and as ratios to the baseline. Everything is
// throw-away (a temporary SQLite file, a PostgreSQL cluster), removed before exiting; no e-mail is sent.

import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadTestModule, startThrowAwayPostgres } from "./lib/throwaway-services.mjs";

const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.split("=")[1]) : fallback;
};
const stored = option("teams", 300);
const samples = option("samples", 100);

const kit = /** @type {typeof import("../tests/mail/support")} */ (await loadTestModule("mail/support.ts"));
const samplesModule = /** @type {typeof import("../tests/backend/samples")} */ (
  await loadTestModule("backend/samples.ts")
);

const mail = {
  siteUrl: "https://council.example.test",
  messageIdDomain: "council.example.test",
  siteName: "Student Council",
  contactEmail: "studentcouncil@example.org",
  hackathon: {
    title: "SIH Internal Hackathon",
    path: "/sih",
    summary: "The internal round.",
    when: { starts: "2027-04-24T09:00:00+05:30", ends: "2027-04-24T18:00:00+05:30", location: "Main auditorium" },
  },
};

const directory = mkdtempSync(path.join(tmpdir(), "council-bench-teams-"));
/** @type {Awaited<ReturnType<typeof startThrowAwayPostgres>> | undefined} */
let cluster;

/** @param {number[]} values @param {number} share */
const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
};

/**
 * `samples` registrations, after `before` registrations made untimed; milliseconds each.
 * @param {import("../app/server/backend/built-in/database.server").StoreConfig} config
 * @param {{ withMail: boolean, before: number, prefix: string }} options
 */
async function registrations(config, { withMail, before, prefix }) {
  const store = kit.openBuiltInStore(config, withMail ? { mail: kit.storeMail(mail) } : {});
  try {
    await store.database.ready();
    for (let index = 0; index < before; index += 1) {
      const outcome = await store.registerTeam(
        samplesModule.sampleTeam(`${prefix} filler ${index}`, `${prefix}f${index}`),
      );
      if (!outcome.ok) throw new Error(`registration ${index} failed`);
    }
    const times = [];
    for (let index = 0; index < samples; index += 1) {
      const team = samplesModule.sampleTeam(`${prefix} timed ${index}`, `${prefix}t${index}`);
      const started = performance.now();
      const outcome = await store.registerTeam(team);
      times.push(performance.now() - started);
      if (!outcome.ok) throw new Error(`registration ${index} failed`);
    }
    return { median: percentile(times, 0.5), p99: percentile(times, 0.99) };
  } finally {
    await store.close();
  }
}

/** @param {string} name @param {() => Promise<import("../app/server/backend/built-in/database.server").StoreConfig>} fresh */
async function measure(name, fresh) {
  const baseline = await registrations(await fresh(), { withMail: false, before: 0, prefix: "a" });
  const withMail = await registrations(await fresh(), { withMail: true, before: 0, prefix: "b" });
  const manyTeams = await registrations(await fresh(), { withMail: true, before: stored, prefix: "c" });
  return { name, baseline, withMail, manyTeams };
}

const results = [];
try {
  let file = 0;
  results.push(
    await measure("SQLite", () =>
      Promise.resolve({ engine: "sqlite", path: path.join(directory, `teams-${(file += 1)}.sqlite`) }),
    ),
  );
  cluster = await startThrowAwayPostgres();
  const pg = cluster;
  let database = 0;
  results.push(
    await measure("PostgreSQL", async () => ({
      engine: "postgres",
      url: await pg.createDatabase(`bench_teams_${(database += 1)}`),
      poolMax: 10,
      statementTimeoutMs: 5_000,
    })),
  );
} finally {
  if (cluster) cluster.destroy();
  rmSync(directory, { recursive: true, force: true });
}

const [load1] = loadavg();
console.log(
  `\nA team's registration, ${samples} one after another: without e-mail (baseline), with the receipt and five ` +
    `notices queued in its transaction, and with those once ${stored} teams are stored; ${availableParallelism()} ` +
    `cores, load ${load1?.toFixed(1)} at the end.\n`,
);
console.log(
  "| engine     | baseline median / p99 | with e-mail median / p99 (ratio) | with e-mail, " +
    stored +
    " teams (ratio) |",
);
console.log("| ---------- | --------------------- | -------------------------------- | ------------------------- |");
const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
for (const { name, baseline, withMail, manyTeams } of results) {
  console.log(
    `| ${name.padEnd(10)} | ${ms(baseline.median)} / ${ms(baseline.p99)} | ${ms(withMail.median)} / ${ms(withMail.p99)} (×${(withMail.median / baseline.median).toFixed(2)}) | ${ms(manyTeams.median)} / ${ms(manyTeams.p99)} (×${(manyTeams.median / baseline.median).toFixed(2)}) |`,
  );
}
