import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { provenLeaderOf, sampleTeam } from "../backend/samples";
import { useSmtpServer } from "../support/smtp-server";
import { testStoreMailWithHackathon, useStoreEngines } from "../support/store-engines";
import { senderPool } from "./support";

/**
 * A team member's notice as their mail server receives it (smtp-server on 127.0.0.1, read back with mailparser): the
 * link to the site's own page, and the hackathon's calendar file as a text/calendar attachment a calendar can import.
 */

const { engines } = useStoreEngines();
const senders = senderPool();
const smtp = useSmtpServer({ afterEach: () => senders.stopAll() });

const mail = testStoreMailWithHackathon;

for (const engine of engines) {
  describe(`team e-mails over SMTP on ${engine.name}`, { timeout: 60_000 }, () => {
    it("a member's notice arrives with one link to the member page and the calendar file attached", async () => {
      const store = await engine.fresh({ mail });
      // From its proven leader: the members are told at once.
      const team = sampleTeam("Smtp Squad");
      expect((await store.registerTeam(team, provenLeaderOf(team))).ok).toBe(true);
      senders.start({ outbox: store.outbox, smtpUrl: smtp().url() });

      const received = await smtp().waitFor((arrived) => arrived.length >= 6);
      const notice = received.find((message) => message.to.includes("smtpsquad.member2@example.org"))!;
      expect(notice.subject).toBe("You were added to a hackathon team on the Student Council website");
      const links = notice.text.match(/https:\/\/council\.example\.test\/\S+/g) ?? [];
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/^https:\/\/council\.example\.test\/sih\/team-member\?token=[A-Za-z0-9_-]{43}$/);

      const parsed = await simpleParser(notice.raw);
      expect(parsed.attachments).toHaveLength(1);
      const [calendar] = parsed.attachments;
      expect(calendar!.filename).toBe("sih-hackathon.ics");
      expect(calendar!.contentType).toBe("text/calendar");
      const ics = calendar!.content.toString("utf8");
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r?$/m);
      // 09:00 in India is 03:30 UTC.
      expect(ics).toMatch(/^DTSTART:20270424T033000Z\r?$/m);
      expect(ics).toContain("SUMMARY:SIH 2025 Internal Hackathon");
      expect(ics).toContain("UID:sih-hackathon@council.example.test");

      // The receipt too, without the member link.
      const receipt = received.find((message) => message.to.includes("smtpsquad.member1@example.org"))!;
      expect(receipt.text).not.toContain("/sih/team-member");
      expect((await simpleParser(receipt.raw)).attachments.map((file) => file.filename)).toEqual(["sih-hackathon.ics"]);

      // Sent: the notice's body (the live link) is no longer kept.
      await expect
        .poll(async () =>
          store.database.read((trx) =>
            trx
              .selectFrom("outbox")
              .select(["text_body", "attachments"])
              .where("kind", "=", "team-member-notice")
              .where("status", "=", "sent")
              .execute(),
          ),
        )
        .toHaveLength(5);
      const kept = await store.database.read((trx) =>
        trx.selectFrom("outbox").select("text_body").where("kind", "=", "team-member-notice").execute(),
      );
      expect(kept.every((row) => row.text_body === "")).toBe(true);
    });
  });
}
