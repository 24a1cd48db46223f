import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLeaseMs, defaultSendTimeoutMs } from "~/server/mail/sender.server";
import { createSmtpTransport, MailSendError, smtpReplyTimeoutMs } from "~/server/mail/transport.server";
import { arrivalsByMessageId, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { queryRows, useStoreEngines } from "../support/store-engines";
import { enqueue, eventually, outboxMetrics, sampleMail, senderPool } from "../mail/support";

/**
 * A slow SMTP server: it takes the whole message, then answers the end of DATA only 45 s later, as a relay busy with
 * spam and virus checks does. The outbox waits for that answer (RFC 5321 asks a client to wait 10 minutes) instead of
 * giving up, marking the message failed and sending it again: the server receives it once, and while it is being
 * sent, a second sender on the same outbox (another replica) cannot claim it.
 */

const answerAfterMs = 45_000;
const { engines, cluster } = useStoreEngines();
const senders = senderPool();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Only the slow tests' messages wait for their answer.
  smtp.beforeAnswer((mail) =>
    mail.to[0]?.startsWith("slow-") ? new Promise((resolve) => setTimeout(resolve, answerAfterMs)) : Promise.resolve(),
  );
  await cluster();
}, 120_000);
// The slow tests run at the same time: what they started is stopped once both have ended.
afterAll(async () => {
  await senders.stopAll();
  await smtp?.stop();
});

describe("the outbox and a slow SMTP server", () => {
  it("waits for each reply as long as RFC 5321 asks, and holds a claim longer than a send may take", () => {
    expect(smtpReplyTimeoutMs).toBe(10 * 60_000);
    expect(defaultSendTimeoutMs).toBeGreaterThan(smtpReplyTimeoutMs);
    expect(defaultLeaseMs).toBeGreaterThan(defaultSendTimeoutMs);
  });

  // Both engines at once, one message each: the wall time is one slow answer, not two.
  it.concurrent.each(engines.map((engine) => [engine.name, engine] as const))(
    "on %s, a message the server accepts 45 s after its end of DATA arrives once and is marked sent once",
    async (_name, engine) => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      await store.database.ready();
      const to = `slow-${engine.name.toLowerCase()}@example.org`;
      await enqueue(store, 1, { mail: () => sampleMail(1, { to }) });

      // Two replicas' senders on one outbox, with the transport's own (production) waits, retrying quickly after a
      // failure: a sender that gave up on the slow answer would send the message again within a second.
      const { metrics, valueOf } = outboxMetrics();
      const claimedAt = Date.now();
      senders.start({ outbox: store.outbox, transport: createSmtpTransport(smtp.url()), metrics });
      senders.start({ outbox: engine.open(config).outbox, transport: createSmtpTransport(smtp.url()), metrics });

      type Row = { status: string; attempts: number; lease_until: number | null; message_id: string };
      const outboxRows = () =>
        queryRows<Row>(config, "SELECT status, attempts, lease_until, message_id FROM outbox ORDER BY id");
      // While the server holds its answer, the message stays claimed for longer than the longest wait.
      await smtp.waitFor((received) => received.some((mail) => mail.to[0] === to));
      const [during] = await outboxRows();
      expect(during).toMatchObject({ status: "queued", attempts: 1 });
      expect(Number(during!.lease_until) - claimedAt).toBeGreaterThan(smtpReplyTimeoutMs);

      const [sent] = await eventually(
        "the message marked sent",
        outboxRows,
        ([row]) => row?.status === "sent",
        answerAfterMs + 30_000,
      );
      // A moment more for a second copy that a sender might still be sending.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const arrived = smtp.received.filter((mail) => mail.to[0] === to);
      expect(arrived).toHaveLength(1);
      expect(arrivalsByMessageId(arrived)).toEqual(new Map([[sent!.message_id, 1]]));
      expect(sent).toMatchObject({ status: "sent", attempts: 1 });
      expect(await valueOf(metrics.outboxSent, "verify-email")).toBe(1);
      expect(await valueOf(metrics.outboxFailed, "verify-email")).toBe(0);
    },
    answerAfterMs + 60_000,
  );

  it("still finds out at once that a server does not greet: the short wait is for connecting and the greeting", async () => {
    // A server that accepts the connection and then says nothing.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 1_000 });
    const started = Date.now();
    try {
      const sending = transport.send({
        ...sampleMail(1),
        id: 1,
        messageId: "<silent@council.example.test>",
        attempts: 1,
        createdAt: new Date().toISOString(),
        from: "Student Council <council@council.example.test>",
      });
      await expect(sending).rejects.toBeInstanceOf(MailSendError);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      transport.close();
      silent.close();
    }
  });
});
