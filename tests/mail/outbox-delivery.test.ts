import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StoreConfig } from "~/server/backend/built-in/store.server";
import { arrivalsByMessageId, startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { queryRows, useStoreEngines } from "../support/store-engines";
import { enqueue, eventually, outboxMetrics, recordingLog, sampleMail, senderPool } from "./support";

/**
 * The outbox's delivery through a real SMTP server (smtp-server on 127.0.0.1), on both engines: what arrives, an
 * outage that loses nothing, what is given up on, and several senders sharing one outbox without sending twice.
 */

const { engines, cluster } = useStoreEngines();
const senders = senderPool();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The PostgreSQL cluster starts here, not inside the first test's deadline (initdb takes a while on a busy machine).
  await cluster();
}, 120_000);
afterAll(async () => {
  await smtp?.stop();
});
afterEach(async () => {
  await senders.stopAll();
  smtp.refuseConnections(false);
  smtp.refuseRecipients(undefined);
  smtp.beforeAnswer(undefined);
  await smtp.start(); // after a test that stopped it
  smtp.received.length = 0;
});

type Row = { id: number; status: string; attempts: number; message_id: string; last_error: string | null };
const rows = (config: StoreConfig) =>
  queryRows<Row>(config, "SELECT id, status, attempts, message_id, last_error FROM outbox ORDER BY id");

for (const engine of engines) {
  const freshStore = () => engine.freshWithConfig();

  describe(`the outbox on ${engine.name}`, { timeout: 60_000 }, () => {
    it("delivers a queued e-mail with its subject, text, HTML and the Message-ID it was given when queued", async () => {
      const { store, config } = await freshStore();
      await enqueue(store, 1, {
        mail: () =>
          sampleMail(1, {
            to: "Aditi.Sharma@example.org",
            subject: "Confirm your e-mail address for the Student Council website",
            text: "Hello Aditi,\n\nOpen this link: https://council.example.test/verify-email?token=abc123\n\nThe Council",
            html: '<p>Hello Aditi,</p><p><a href="https://council.example.test/verify-email?token=abc123">Confirm — now</a></p>',
          }),
      });
      const [queued] = await rows(config);
      const { metrics, valueOf } = outboxMetrics();
      senders.start({ outbox: store.outbox, smtpUrl: smtp.url(), metrics });

      const [mail] = await smtp.waitFor((received) => received.length >= 1);
      expect(mail).toMatchObject({
        messageId: queued!.message_id,
        subject: "Confirm your e-mail address for the Student Council website",
        to: ["Aditi.Sharma@example.org"],
        from: '"Student Council" <council@council.example.test>',
      });
      expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@council\.example\.test>$/);
      expect(mail!.text.trim()).toBe(
        "Hello Aditi,\n\nOpen this link: https://council.example.test/verify-email?token=abc123\n\nThe Council",
      );
      expect(mail!.html).toContain(
        '<a href="https://council.example.test/verify-email?token=abc123">Confirm — now</a>',
      );
      expect(mail!.headers.get("auto-submitted")).toBe("auto-generated");

      const [sent] = await eventually(
        "the message marked sent",
        () => rows(config),
        ([row]) => row?.status === "sent",
      );
      expect(sent).toMatchObject({ status: "sent", attempts: 1, last_error: null });
      expect(await valueOf(metrics.outboxSent, "verify-email")).toBe(1);
      // Once sent, nothing waits; the gauge says so after the sender's next look.
      await eventually(
        "the waiting gauge at 0",
        () => valueOf(metrics.outboxWaiting, "verify-email"),
        (value) => value === 0,
      );
    });

    it("loses nothing while the SMTP server is down, and delivers once it is back, without a restart", async () => {
      const { store, config } = await freshStore();
      const log = recordingLog();
      // First the server refuses every connection (421), then it is gone altogether (connection refused).
      smtp.refuseConnections(true);
      await enqueue(store, 3);
      senders.start({ outbox: store.outbox, smtpUrl: smtp.url(), log });

      await eventually(
        "failed attempts recorded",
        () => rows(config),
        (all) => all.every((row) => row.attempts >= 1 && row.last_error !== null),
      );
      await smtp.stop();
      await eventually(
        "more attempts while the server is gone",
        () => rows(config),
        (all) => all.every((row) => row.attempts >= 2),
      );
      expect(smtp.received).toHaveLength(0);
      expect((await rows(config)).map((row) => row.status)).toEqual(["queued", "queued", "queued"]);

      smtp.refuseConnections(false);
      await smtp.start();
      const received = await smtp.waitFor((all) => all.length >= 3, 60_000);
      await eventually(
        "every message marked sent",
        () => rows(config),
        (all) => all.every((row) => row.status === "sent"),
      );
      const queued = await rows(config);
      expect([...arrivalsByMessageId(received)].sort()).toEqual(
        queued.map((row) => [row.message_id, 1] as const).sort(),
      );
      // The outage is said once, and its end once, however many attempts failed.
      expect(log.lines.filter((line) => line.startsWith("warn E-mail: could not send"))).toHaveLength(1);
      expect(log.text()).toMatch(/info E-mail: sending again, after \d+ failed attempts?\./);
    });

    it("gives up on a message not sent within 24 hours, and counts it as failed", async () => {
      const { store, config } = await freshStore();
      await enqueue(store, 2);
      // One was queued 25 hours before now (whatever now is), the other just now.
      const [old] = await rows(config);
      const dayAndAnHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
      await store.database.write((trx) =>
        trx.updateTable("outbox").set({ created_at: dayAndAnHourAgo }).where("id", "=", old!.id).execute(),
      );
      const { metrics, valueOf } = outboxMetrics();
      const log = recordingLog();
      senders.start({ outbox: store.outbox, smtpUrl: smtp.url(), metrics, log });

      const settled = await eventually(
        "both messages settled",
        () => rows(config),
        (all) => all.every((row) => row.status !== "queued"),
      );
      expect(settled.map((row) => row.status)).toEqual(["failed", "sent"]);
      expect(settled[0]!.last_error).toBe("not sent within 24 hours");
      expect(smtp.received.map((mail) => mail.messageId)).toEqual([settled[1]!.message_id]);
      expect(await valueOf(metrics.outboxFailed, "verify-email")).toBe(1);
      expect(await valueOf(metrics.outboxSent, "verify-email")).toBe(1);
      expect(log.text()).toContain("error E-mail: gave up on a verify-email message to *@example.org");
    });

    it("gives up at once on a recipient the SMTP server refuses for good (550), without retrying", async () => {
      const { store, config } = await freshStore();
      smtp.refuseRecipients((address) => address === "student0@example.org");
      await enqueue(store, 2);
      const { metrics, valueOf } = outboxMetrics();
      senders.start({ outbox: store.outbox, smtpUrl: smtp.url(), metrics });

      const settled = await eventually(
        "both messages settled",
        () => rows(config),
        (all) => all.every((row) => row.status !== "queued"),
      );
      expect(settled.map((row) => [row.status, row.attempts])).toEqual([
        ["failed", 1],
        ["sent", 1],
      ]);
      expect(settled[0]!.last_error).toMatch(/550/);
      expect(await valueOf(metrics.outboxFailed, "verify-email")).toBe(1);
    });

    it("two replicas' senders on one outbox deliver 200 e-mails, each exactly once", async () => {
      const config = await engine.freshConfig();
      const [first, second] = [engine.open(config), engine.open(config)];
      await first.database.ready();
      await second.database.ready();
      // Half queued before the senders start, half while they run, from both replicas.
      await enqueue(first, 100);
      senders.start({ outbox: first.outbox, smtpUrl: smtp.url(), batch: 5 });
      senders.start({ outbox: second.outbox, smtpUrl: smtp.url(), batch: 5 });
      await Promise.all([enqueue(first, 50, { first: 100 }), enqueue(second, 50, { first: 150 })]);

      await smtp.waitFor((received) => arrivalsByMessageId(received).size >= 200, 90_000);
      const settled = await eventually(
        "every message marked sent",
        () => rows(config),
        (all) => all.length === 200 && all.every((row) => row.status === "sent"),
        30_000,
      );
      // A moment more for any second copy to arrive.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const arrivals = arrivalsByMessageId(smtp.received);
      expect(arrivals.size).toBe(200);
      expect([...arrivals.values()].every((count) => count === 1)).toBe(true);
      expect(new Set(settled.map((row) => row.message_id))).toEqual(new Set(arrivals.keys()));
      expect(settled.every((row) => row.attempts === 1)).toBe(true);
    }, 150_000);
  });
}
