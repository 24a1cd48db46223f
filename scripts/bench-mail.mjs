#!/usr/bin/env node
// npm run bench:mail [-- --messages=500] [-- --latency-samples=100] — the outbox on each engine: e-mails sent per
// second through it (a backlog of queued messages, one sender, a real SMTP server on 127.0.0.1), and the delay from
// a transaction's commit to the SMTP server's acceptance of its message when the sender is nudged after the commit,
// as the site does. Everything is throw-away (a temporary SQLite file, a PostgreSQL cluster, the SMTP server), and
// removed before exiting.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { SMTPServer } from "smtp-server";
import { freeLoopbackPort } from "./lib/server.mjs";
import { loadTestModule, startThrowAwayPostgres } from "./lib/throwaway-services.mjs";

/** @typedef {import("../app/server/backend/built-in/database.server").StoreConfig} StoreConfig */

const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => {
  const given = args.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.split("=")[1]) : fallback;
};
const messageCount = option("messages", 500);
const latencySamples = option("latency-samples", 100);

const kit = /** @type {typeof import("../tests/mail/support")} */ (await loadTestModule("mail/support.ts"));

const directory = mkdtempSync(path.join(tmpdir(), "council-bench-mail-"));
/** @type {Awaited<ReturnType<typeof startThrowAwayPostgres>> | undefined} */
let cluster;
/** @type {SMTPServer | undefined} */
let smtp;
const cleanUp = async () => {
  await new Promise((resolve) => (smtp ? smtp.close(() => resolve(undefined)) : resolve(undefined)));
  cluster?.destroy();
  rmSync(directory, { recursive: true, force: true });
};
const stopOnInterrupt = () => void cleanUp().finally(() => process.exit(130));
process.once("SIGINT", stopOnInterrupt);
process.once("SIGTERM", stopOnInterrupt);
const watchdog = setTimeout(() => {
  console.error("bench:mail: giving up after 10 minutes");
  void cleanUp().finally(() => process.exit(1));
}, 600_000);

// The SMTP server notes when each Message-ID was accepted; it parses nothing else, so the measure is the outbox's.
/** @type {Map<string, number>} */
const acceptedAt = new Map();
/** @type {(() => void) | undefined} */
let onAccepted;
const smtpPort = await freeLoopbackPort();
smtp = new SMTPServer({
  secure: false,
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  logger: false,
  closeTimeout: 100,
  onData(stream, _session, callback) {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on("data", (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const head = Buffer.concat(chunks).toString("utf8").split("\r\n\r\n")[0] ?? "";
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1];
      if (messageId) acceptedAt.set(messageId, performance.now());
      callback();
      onAccepted?.();
    });
  },
});
await new Promise((resolve) => smtp?.listen(smtpPort, "127.0.0.1", () => resolve(undefined)));
const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;

/**
 * Resolves once `count` messages in all have been accepted.
 * @param {number} count
 * @returns {Promise<void>}
 */
function accepted(count) {
  return new Promise((resolve) => {
    const check = () => {
      if (acceptedAt.size < count) return;
      onAccepted = undefined;
      resolve();
    };
    onAccepted = check;
    check();
  });
}

/** @param {number[]} values @param {number} fraction */
const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
};

/**
 * @param {string} name
 * @param {StoreConfig} config
 */
async function measure(name, config) {
  const store = kit.openBuiltInStore(config);
  await store.database.ready();
  const senders = kit.senderPool();
  acceptedAt.clear();
  try {
    // Throughput: a backlog queued one message per transaction (as registrations do), then one sender drains it.
    await kit.enqueue(store, messageCount, { perTransaction: 1 });
    const backlog = kit.senderPool();
    const started = performance.now();
    backlog.start({ outbox: store.outbox, smtpUrl, pollMs: 1_000 });
    await accepted(messageCount);
    const perSecond = messageCount / ((performance.now() - started) / 1000);
    await backlog.stopAll();

    // Latency: one message at a time, committed, then the sender nudged, as the site does after a registration.
    const sender = senders.start({ outbox: store.outbox, smtpUrl, pollMs: 5_000 });
    /** @type {number[]} */
    const delays = [];
    for (let index = 0; index < latencySamples; index++) {
      const mailIndex = messageCount + index;
      const before = acceptedAt.size;
      const messageId = await kit.enqueueOne(store, kit.sampleMail(mailIndex));
      const committed = performance.now();
      sender.nudge();
      await accepted(before + 1);
      delays.push((acceptedAt.get(messageId) ?? NaN) - committed);
      // A pause, as between two registrations: each message is measured alone.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { name, perSecond, median: percentile(delays, 0.5), p99: percentile(delays, 0.99) };
  } finally {
    await senders.stopAll();
    await store.close();
  }
}

const results = [];
try {
  results.push(await measure("SQLite", { engine: "sqlite", path: path.join(directory, "council.sqlite") }));
  cluster = await startThrowAwayPostgres();
  results.push(
    await measure("PostgreSQL", {
      engine: "postgres",
      url: await cluster.createDatabase("bench_mail"),
      poolMax: 10,
      statementTimeoutMs: 5_000,
    }),
  );
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}

const [load1] = loadavg();
console.log(
  `\nThe outbox, ${messageCount} e-mails queued then sent by one sender (3 SMTP connections), and ${latencySamples} ` +
    `single e-mails from commit to the SMTP server's acceptance (sender nudged after the commit); ` +
    `${availableParallelism()} cores, load ${load1?.toFixed(1)} at the end.\n`,
);
console.log("| engine     | e-mails/s | commit → accepted, median | p99      |");
console.log("| ---------- | --------- | ------------------------- | -------- |");
for (const { name, perSecond, median, p99 } of results) {
  console.log(
    `| ${name.padEnd(10)} | ${perSecond.toFixed(0).padStart(9)} | ${`${median.toFixed(1)} ms`.padStart(25)} | ${`${p99.toFixed(1)} ms`.padStart(8)} |`,
  );
}
