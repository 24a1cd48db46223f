import { describe, expect, it } from "vitest";
import type { StoreConfig } from "~/server/backend/built-in/store.server";
import { useSmtpServer } from "../support/smtp-server";
import { countOf, queryRows, testStoreMail, useStoreEngines, type OutboxRow } from "../support/store-engines";
import { senderPool } from "../mail/support";
import { sampleApplication } from "./samples";

/**
 * The receipt of an application to join the council, on both engines: queued with the application (one per
 * application, none for a refused second one, none when the site sends no e-mail), what it says and what it never
 * repeats, and its arrival at a real SMTP server.
 */

const { engines, cluster } = useStoreEngines();
const senders = senderPool();
const smtp = useSmtpServer({ before: cluster, afterEach: () => senders.stopAll() });

type ReceiptRow = OutboxRow & { account_key: string | null };
const receipts = (config: StoreConfig) =>
  queryRows<ReceiptRow>(
    config,
    "SELECT kind, recipient, subject, text_body, html_body, entry_section, entry_id, account_key, attachments FROM outbox ORDER BY id",
  );

/** Nothing sensitive the form collects: phone, date of birth (as sent and as people write it), enrollment number. */
function expectNothingSensitive(body: string) {
  const lower = body.toLowerCase();
  expect(lower).not.toContain(sampleApplication.phone);
  expect(lower).not.toContain(sampleApplication.dob);
  expect(lower).not.toContain("23 nov 2005");
  expect(lower).not.toContain("23/11/2005");
  expect(lower).not.toContain(sampleApplication.enrollment.toLowerCase());
  expect(lower).not.toContain(sampleApplication.motivation.toLowerCase());
}

for (const engine of engines) {
  const fresh = async (withMail = true) => {
    const config = await engine.freshConfig();
    const store = engine.open(config, withMail ? { mail: testStoreMail } : {});
    await store.database.ready();
    return { config, store };
  };

  describe(`the application receipt on ${engine.name}`, { timeout: 60_000 }, () => {
    it("queues one receipt with the application, about its entry, saying what arrived, when, and what happens next", async () => {
      const { config, store } = await fresh();
      const before = Date.now();
      expect(await store.applyToCouncil(sampleApplication)).toEqual({ ok: true });

      const [application] = await queryRows<{ id: number | string; created_at: string }>(
        config,
        "SELECT id, created_at FROM applications",
      );
      const rows = await receipts(config);
      expect(rows).toHaveLength(1);
      const [receipt] = rows;
      expect(receipt).toMatchObject({
        kind: "application-receipt",
        recipient: sampleApplication.email,
        subject: "We received your application to join the Student Council",
        entry_section: "applications",
        attachments: null,
      });
      expect(Number(receipt!.entry_id)).toBe(Number(application!.id));
      expect(Date.parse(application!.created_at)).toBeGreaterThanOrEqual(before - 1000);

      const text = receipt!.text_body;
      expect(text).toMatch(/^Hello Diya,/);
      expect(text).toContain("We received your application to join the Student Council, with Coding Club");
      // When, in India's time, as people read it.
      expect(text).toMatch(/on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST\./);
      expect(text).toContain("a council member reads your application and decides on it");
      expect(text).toContain("You will hear back by e-mail at this address.");
      // How to see, download or erase it: links from SITE_URL only.
      expect(text).toContain("https://council.example.test/userProfile");
      expect(text).toContain("https://council.example.test/privacy");
      expect(text).toContain("confirmed");
      for (const link of text.match(/https?:\/\/\S+/g) ?? [])
        expect(link.startsWith("https://council.example.test")).toBe(true);
      expect(receipt!.html_body).toContain('<a href="https://council.example.test/userProfile"');
      expect(receipt!.html_body).toContain("Coding Club");

      expectNothingSensitive(text);
      expectNothingSensitive(receipt!.html_body);
      expectNothingSensitive(receipt!.subject);
    });

    it("sends nothing for a refused second application, by the same e-mail or the same enrollment number", async () => {
      const { config, store } = await fresh();
      expect((await store.applyToCouncil(sampleApplication)).ok).toBe(true);
      const again = await store.applyToCouncil({ ...sampleApplication, email: "DIYA.PATEL@example.org" });
      expect(again.ok).toBe(false);
      const sameEnrollment = await store.applyToCouncil({ ...sampleApplication, email: "other.diya@example.org" });
      expect(sameEnrollment.ok).toBe(false);
      expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(1);
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(1);
    });

    it("queues nothing when the site sends no e-mail", async () => {
      const { config, store } = await fresh(false);
      expect((await store.applyToCouncil(sampleApplication)).ok).toBe(true);
      expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(1);
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(0);
    });

    it("goes with its application when a council member erases it", async () => {
      const { config, store } = await fresh();
      expect((await store.applyToCouncil(sampleApplication)).ok).toBe(true);
      const [application] = await queryRows<{ id: number | string }>(config, "SELECT id FROM applications");
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(1);
      expect(await store.inbox.erase({ entryId: `application-${application!.id}`, by: "0187ME220311" })).toEqual({
        ok: true,
      });
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(0);
    });

    it("goes with its application when retention deletes a declined one", async () => {
      const { config, store } = await fresh();
      expect((await store.applyToCouncil(sampleApplication)).ok).toBe(true);
      const [application] = await queryRows<{ id: number | string }>(config, "SELECT id FROM applications");
      const entryId = `application-${application!.id}`;
      expect((await store.inbox.triage({ entryId, action: "decline", by: "0187ME220311" })).ok).toBe(true);
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(1);
      // Retention as if its days were over: a cutoff in the future takes every declined entry.
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: -1 })).toMatchObject({ entries: 1 });
      expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(0);
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(0);
    });

    it("is received by a real SMTP server as sent, with no attachment", async () => {
      const { store } = await fresh();
      expect((await store.applyToCouncil(sampleApplication)).ok).toBe(true);
      senders.start({ outbox: store.outbox, smtpUrl: smtp().url() });
      const [mail] = await smtp().waitFor((received) => received.length >= 1);
      expect(mail).toMatchObject({
        subject: "We received your application to join the Student Council",
        to: [sampleApplication.email],
      });
      expect(mail!.text).toContain("with Coding Club as the club you chose");
      expect(mail!.html).toContain("Open my profile");
      expect(mail!.raw).not.toMatch(/Content-Disposition: attachment/i);
      expectNothingSensitive(mail!.raw);
    });
  });
}
