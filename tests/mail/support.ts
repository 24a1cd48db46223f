import client from "prom-client";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import { enqueueMail, type OutgoingMail } from "~/server/backend/built-in/mail-queue.server";
import { type MailSender, type MailSenderOptions, startMailSender } from "~/server/mail/sender.server";
import { createSmtpTransport, type MailLog, type MailTransport } from "~/server/mail/transport.server";

/**
 * What the e-mail tests (and scripts/bench-mail.mjs) share: queuing messages as the site does, senders with short
 * timings, a log to read.
 */

export { openBuiltInStore } from "~/server/backend/built-in/store.server";
export { storeMail } from "~/server/mail/mail-writer.server";

export const outboxSettings = { messageIdDomain: "council.example.test" };

export const sampleMail = (index: number, overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  kind: "verify-email",
  to: `student${index}@example.org`,
  subject: `Confirm your e-mail address (${index})`,
  text: `Hello Student ${index},\n\nOpen https://council.example.test/verify-email?token=token-${index} to confirm.\n\nStudent Council`,
  html: `<p>Hello Student ${index},</p><p><a href="https://council.example.test/verify-email?token=token-${index}">Confirm</a></p>`,
  ...overrides,
});

/** Queues `count` messages, `perTransaction` to a transaction, as registrations commit them. */
export async function enqueue(
  store: BuiltInStore,
  count: number,
  { perTransaction = 20, first = 0, mail = sampleMail } = {},
): Promise<void> {
  for (let start = first; start < first + count; start += perTransaction) {
    await store.database.write(async (trx) => {
      for (let index = start; index < Math.min(start + perTransaction, first + count); index++) {
        await enqueueMail(trx, outboxSettings, mail(index));
      }
    });
  }
}

/** Queues one message in a transaction of its own, and gives back the Message-ID it was given. */
export async function enqueueOne(store: BuiltInStore, mail: OutgoingMail): Promise<string> {
  return store.database.write(async (trx) => {
    await enqueueMail(trx, outboxSettings, mail);
    const row = await trx
      .selectFrom("outbox")
      .select("message_id")
      .where("recipient", "=", mail.to)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return row.message_id;
  });
}

/** A log that keeps its lines. */
export function recordingLog(): MailLog & { lines: string[]; text(): string } {
  const lines: string[] = [];
  return {
    lines,
    text: () => lines.join("\n"),
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
}

/** The outbox metrics in a registry of their own, to read back. */
export function outboxMetrics() {
  const registry = new client.Registry();
  const metrics = {
    outboxWaiting: new client.Gauge({
      name: "outbox_messages_waiting",
      help: "waiting",
      labelNames: ["kind"],
      registers: [registry],
    }),
    outboxSent: new client.Counter({
      name: "outbox_messages_sent_total",
      help: "sent",
      labelNames: ["kind"],
      registers: [registry],
    }),
    outboxFailed: new client.Counter({
      name: "outbox_messages_failed_total",
      help: "failed",
      labelNames: ["kind"],
      registers: [registry],
    }),
    outboxSendDuration: new client.Histogram({
      name: "outbox_send_duration_seconds",
      help: "duration",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
  };
  const valueOf = async (metric: client.Counter<"kind"> | client.Gauge<"kind">, kind: string) =>
    (await metric.get()).values.find((value) => value.labels.kind === kind)?.value ?? 0;
  return { metrics, valueOf };
}

/** Starts senders and transports, and stops and closes every one of them when the test ends. */
export function senderPool() {
  const running: { sender: MailSender; transport: MailTransport }[] = [];
  return {
    start(
      options: Omit<MailSenderOptions, "transport" | "from" | "log"> & {
        smtpUrl?: string;
        transport?: MailTransport;
        log?: MailLog;
        from?: string;
      },
    ) {
      const transport = options.transport ?? createSmtpTransport(options.smtpUrl!, { timeoutMs: 5_000 });
      const sender = startMailSender({
        pollMs: 100,
        retry: { firstMs: 200, maxMs: 1_000 },
        from: "Student Council <council@council.example.test>",
        log: recordingLog(),
        ...options,
        transport,
      });
      running.push({ sender, transport });
      return sender;
    },
    async stopAll() {
      for (const { sender, transport } of running.splice(0)) {
        await sender.stop();
        transport.close();
      }
    },
  };
}

/** Resolves once `check` holds, polling every 50 ms; rejects after `timeoutMs` with `what`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await probe();
  }
  return last;
}
