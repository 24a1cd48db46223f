// A server process's outbox sender alone, over a SQLite file: tests/mail/sender-crash.system.test.ts compiles it, runs it in
// a child process and kills it with SIGKILL in the middle of a send.
import { openBuiltInStore } from "~/server/backend/built-in/store.server";
import { startMailSender } from "~/server/mail/sender.server";
import { createSmtpTransport } from "~/server/mail/transport.server";

const setting = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const store = openBuiltInStore(setting("OUTBOX_DATABASE_PATH"));
const say = (message: string) => process.stderr.write(`${message}\n`);
startMailSender({
  outbox: store.outbox,
  transport: createSmtpTransport(setting("OUTBOX_SMTP_URL"), { maxConnections: 1 }),
  from: "Student Council <council@council.example.test>",
  log: { info: say, warn: say, error: say },
  pollMs: 100,
  leaseMs: Number(setting("OUTBOX_LEASE_MS")),
  sendTimeoutMs: Number(setting("OUTBOX_SEND_TIMEOUT_MS")),
  batch: 5,
  parallel: 1,
});
// The sender's timer does not keep a process alive; this process lives until it is killed.
setInterval(() => undefined, 60_000);
process.stdout.write("sender started\n");
