import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBuiltInStore } from "~/server/backend/built-in/store.server";
import { repoRoot } from "../../scripts/lib/server.mjs";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-server";
import { queryRows } from "../support/store-engines";
import { enqueue, eventually, senderPool } from "./support";

/**
 * A server process killed (SIGKILL, as the kernel's OOM killer or a lost machine does) while the SMTP server has
 * accepted a message and before the sender could record it: another sender takes over once the lease has run out,
 * every message arrives, and a message that arrives twice carries the same Message-ID both times.
 */

let senderBuild = "";
let buildDirectory = "";
let dataDirectory = "";
let smtp: TestSmtpServer;
const senders = senderPool();
const children: ChildProcess[] = [];

beforeAll(async () => {
  // Compiled like `npm run council` (scripts/lib/council-cli.mjs): one module with the app's "~/" paths resolved,
  // inside the repository so its imports find node_modules.
  buildDirectory = path.join("build", `mail-sender-test-${process.pid}`);
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: "warn",
    publicDir: false,
    resolve: { tsconfigPaths: true },
    build: {
      ssr: path.join(repoRoot, "tests", "mail", "sender-process.ts"),
      outDir: buildDirectory,
      emptyOutDir: true,
      target: "node20",
      rollupOptions: { output: { entryFileNames: "sender.js" } },
    },
  });
  senderBuild = path.join(repoRoot, buildDirectory, "sender.js");
  dataDirectory = mkdtempSync(path.join(tmpdir(), "council-mail-crash-"));
  smtp = await startSmtpServer();
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await senders.stopAll();
  await smtp?.stop();
  if (buildDirectory) rmSync(path.join(repoRoot, buildDirectory), { recursive: true, force: true });
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

describe("a sender killed in the middle of a send", () => {
  it("leaves its messages to another sender after the lease: all arrive, a second copy has the same Message-ID", async () => {
    const databasePath = path.join(dataDirectory, "council.sqlite");
    const store = openBuiltInStore(databasePath);
    await store.database.ready();
    await enqueue(store, 20);

    // The fourth message to reach the SMTP server is accepted there, but its answer waits until the sender is dead.
    let release = () => {};
    const held = new Promise<ReceivedMail>((resolveHeld) => {
      smtp.beforeAnswer((mail) => {
        if (smtp.received.length !== 4) return Promise.resolve();
        resolveHeld(mail);
        return new Promise<void>((resolveAnswer) => {
          release = resolveAnswer;
        });
      });
    });

    const leaseMs = 8_000;
    const child = spawn(process.execPath, [senderBuild], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        OUTBOX_DATABASE_PATH: databasePath,
        OUTBOX_SMTP_URL: smtp.url(),
        OUTBOX_LEASE_MS: String(leaseMs),
        OUTBOX_SEND_TIMEOUT_MS: "5000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let childOutput = "";
    child.stdout.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, signal) => resolve(signal)),
    );

    const inFlight = await Promise.race([
      held,
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error(`the child sent nothing within 60 s:\n${childOutput}`)), 60_000),
      ),
    ]);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    release();

    // What the dead sender left: three sent, the one in flight and the rest of its claim still leased to it.
    const before = await queryRows<{ status: string; lease_until: number | null }>(
      { engine: "sqlite", path: databasePath },
      "SELECT status, lease_until FROM outbox ORDER BY id",
    );
    expect(before.filter((row) => row.status === "sent")).toHaveLength(3);
    const stillLeased = before.filter((row) => row.status === "queued" && (row.lease_until ?? 0) > Date.now());
    expect(stillLeased.length).toBeGreaterThan(0);

    // Another replica's sender, started after the crash, on the same file.
    const takeover = openBuiltInStore(databasePath);
    senders.start({ outbox: takeover.outbox, smtpUrl: smtp.url() });
    const received = await smtp.waitFor((all) => new Set(all.map((mail) => mail.messageId)).size >= 20, 60_000);
    const settled = await eventually(
      "every message marked sent",
      () =>
        queryRows<{ message_id: string; status: string; recipient: string }>(
          { engine: "sqlite", path: databasePath },
          "SELECT message_id, status, recipient FROM outbox ORDER BY id",
        ),
      (rows) => rows.every((row) => row.status === "sent"),
    );

    // Every message arrived, each as the message queued for its recipient. The one in flight arrived twice (the SMTP
    // server had it, the dead sender never heard so): both copies are one message, by their Message-ID.
    const expected = new Map(settled.map((row) => [row.recipient, row.message_id]));
    for (const mail of received) expect(mail.messageId).toBe(expected.get(mail.to[0]!));
    expect(new Set(received.map((mail) => mail.messageId))).toEqual(new Set(expected.values()));
    const copies = received.filter((mail) => mail.to[0] === inFlight.to[0]);
    expect(copies.map((mail) => mail.messageId)).toEqual([inFlight.messageId, inFlight.messageId]);
    expect(received).toHaveLength(21);

    await senders.stopAll();
    await takeover.close();
    await store.close();
  }, 180_000);
});
