import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decisionEmailsSchema } from "~/content/schemas";
import type { InboxEntry } from "~/inbox/entries";
import type { BuiltInStore, StoreConfig } from "~/server/backend/built-in/store.server";
import { enqueueMail } from "~/server/backend/built-in/mail-queue.server";
import type { CouncilApplication } from "~/types/submissions";
import { useSmtpServer } from "../support/smtp-server";
import { queryRows, testStoreMail, type TestStoreOptions, useStoreEngines } from "../support/store-engines";
import { senderPool } from "../mail/support";
import { sampleApplication, sampleTeam } from "./samples";

/**
 * "E-mail the decision" in the built-in store, on both engines: one e-mail per decision and application whatever
 * members press, refused before a decision and where the site sends no e-mail; the e-mails about each entry as the
 * inbox lists them; the search by e-mail address and phone number; and the decision e-mail as the student receives it.
 */

const { engines, cluster } = useStoreEngines();
const senders = senderPool();
const smtp = useSmtpServer({ before: cluster, afterEach: () => senders.stopAll() });

/** The council's words, as data/ has them (the test content is a copy of it). */
const decisionEmails = decisionEmailsSchema.parse(
  JSON.parse(readFileSync(new URL("../../data/decision-emails.json", import.meta.url), "utf8")),
);
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_whole, word: string) => values[word] ?? "");

function ok<T>(outcome: { ok: true; value: T } | { ok: false }): T {
  if (!outcome.ok) throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome.value;
}

type MailRow = { kind: string; recipient: string; subject: string; text_body: string; queued_by: string | null };

const decisionRows = (config: StoreConfig) =>
  queryRows<MailRow & { entry_section: string; entry_id: number }>(
    config,
    "SELECT kind, recipient, subject, text_body, queued_by, entry_section, entry_id FROM outbox " +
      "WHERE kind LIKE 'decision-%' ORDER BY id",
  );

const member = "0187CS229001";
const otherMember = "0187CS229002";

const application = (overrides: Partial<CouncilApplication> = {}): CouncilApplication => ({
  ...sampleApplication,
  name: "Ananya Sharma",
  email: "ananya.sharma@example.org",
  phone: "+919876543210",
  enrollment: "0187CS231001",
  club: "Coding Club",
  ...overrides,
});

for (const engine of engines) {
  describe(`e-mailing a decision on ${engine.name}`, { timeout: 60_000 }, () => {
    let config: StoreConfig;
    const openStore = async (options: TestStoreOptions = { mail: testStoreMail, decisionEmails }) => {
      config = await engine.freshConfig();
      const store = engine.open(config, options);
      await store.database.ready();
      return store;
    };
    const applicationEntry = async (store: BuiltInStore, id = "application-1") => {
      const page = ok(await store.inbox.list({ section: "applications", page: 1, pageSize: 50 }));
      const entry = page.entries.find((candidate) => candidate.id === id);
      if (entry?.section !== "applications") throw new Error(`no ${id}`);
      return entry;
    };

    it("accepted: the entry offers the exact e-mail, one press queues it once, and the offer is gone", async () => {
      const store = await openStore();
      expect(await store.applyToCouncil(application())).toEqual({ ok: true });
      expect((await applicationEntry(store)).decisionOffer).toBeUndefined();
      ok(await store.inbox.triage({ entryId: "application-1", action: "accept", by: member }));

      const words = decisionEmails.accepted;
      const values = { firstName: "Ananya", name: "Ananya Sharma", club: "Coding Club", siteName: "Student Council" };
      const offer = (await applicationEntry(store)).decisionOffer;
      expect(offer?.decision).toBe("accepted");
      expect(offer?.mail?.to).toBe("ananya.sharma@example.org");
      expect(offer?.mail?.subject).toBe(fill(words.subject, values));
      expect(offer?.mail?.text).toContain(fill(words.greeting, values));
      for (const paragraph of words.paragraphs) expect(offer?.mail?.text).toContain(fill(paragraph, values));

      expect(await store.inbox.tellDecision({ entryId: "application-1", by: member })).toEqual({
        ok: true,
        value: { decision: "accepted", queued: true },
      });
      const rows = await decisionRows(config);
      expect(rows).toEqual([
        {
          kind: "decision-accepted",
          recipient: "ananya.sharma@example.org",
          subject: offer!.mail!.subject,
          text_body: offer!.mail!.text,
          queued_by: member,
          entry_section: "applications",
          entry_id: 1,
        },
      ]);
      // Nothing sensitive from the application.
      expect(rows[0]!.text_body).not.toMatch(/9876543210|0187CS231001|2005-11-23/);

      // Pressed again (a second tab, a reload of the POST): answered, nothing more queued.
      expect(await store.inbox.tellDecision({ entryId: "application-1", by: otherMember })).toEqual({
        ok: true,
        value: { decision: "accepted", queued: false },
      });
      expect(await decisionRows(config)).toHaveLength(1);

      const entry = await applicationEntry(store);
      expect(entry.decisionOffer).toBeUndefined();
      const decisions = entry.mails.filter((mail) => mail.kind.startsWith("decision-"));
      expect(decisions).toMatchObject([
        { kind: "decision-accepted", status: "queued", sentAt: null, queuedBy: member },
      ]);
      expect(decisions[0]!.queuedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      // Accepting again changes nothing and offers nothing.
      ok(await store.inbox.triage({ entryId: "application-1", action: "accept", by: member }));
      expect((await applicationEntry(store)).decisionOffer).toBeUndefined();
    });

    it("is refused before a decision, for anything but an application, and for an entry that does not exist", async () => {
      const store = await openStore();
      await store.applyToCouncil(application());
      await store.shareIdea({
        name: "Meera Joshi",
        enrollment: "0187CS231007",
        college: "TIT",
        title: "Solar benches",
        description: "Benches that charge phones.",
        impact: "Fewer flat batteries.",
      });
      expect(await store.inbox.tellDecision({ entryId: "application-1", by: member })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "noDecision" },
      });
      expect(await store.inbox.tellDecision({ entryId: "idea-1", by: member })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "notAnApplication" },
      });
      expect(await store.inbox.tellDecision({ entryId: "application-9", by: member })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "noSuchEntry", kind: "application", number: 9 },
      });
      expect(await store.inbox.tellDecision({ entryId: "application-99999999999", by: member })).toMatchObject({
        ok: false,
        reason: "rejected",
      });
      expect(await store.inbox.tellDecision({ entryId: "nonsense", by: member })).toMatchObject({
        ok: false,
        reason: "rejected",
      });
      expect(await decisionRows(config)).toEqual([]);
    });

    it("where the site sends no e-mail, the entry says so and nothing can be queued", async () => {
      const store = await openStore({});
      await store.applyToCouncil(application());
      ok(await store.inbox.triage({ entryId: "application-1", action: "decline", by: member }));
      expect((await applicationEntry(store)).decisionOffer).toEqual({ decision: "declined", mail: null });
      expect(await store.inbox.tellDecision({ entryId: "application-1", by: member })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "decisionMailOff" },
      });
      expect(await decisionRows(config)).toEqual([]);
    });

    it("two members pressing at once, on two replicas, send one e-mail", async () => {
      const store = await openStore();
      const replica = engine.open(config, { mail: testStoreMail, decisionEmails });
      await store.applyToCouncil(application());
      ok(await store.inbox.triage({ entryId: "application-1", action: "accept", by: member }));

      const outcomes = await Promise.all([
        store.inbox.tellDecision({ entryId: "application-1", by: member }),
        replica.inbox.tellDecision({ entryId: "application-1", by: otherMember }),
        store.inbox.tellDecision({ entryId: "application-1", by: member }),
        replica.inbox.tellDecision({ entryId: "application-1", by: otherMember }),
      ]);
      const told = outcomes.map((outcome) => ok(outcome));
      expect(told.filter(({ queued }) => queued)).toHaveLength(1);
      expect(told.every(({ decision }) => decision === "accepted")).toBe(true);
      expect(await decisionRows(config)).toHaveLength(1);
    });

    it("each decision is e-mailed once: changing it back and forth sends the other one once, never one twice", async () => {
      const store = await openStore();
      await store.applyToCouncil(application());
      const tell = async () => ok(await store.inbox.tellDecision({ entryId: "application-1", by: member }));

      ok(await store.inbox.triage({ entryId: "application-1", action: "accept", by: member }));
      expect(await tell()).toEqual({ decision: "accepted", queued: true });
      ok(await store.inbox.triage({ entryId: "application-1", action: "decline", by: otherMember }));
      expect((await applicationEntry(store)).decisionOffer?.decision).toBe("declined");
      expect(await tell()).toEqual({ decision: "declined", queued: true });
      ok(await store.inbox.triage({ entryId: "application-1", action: "accept", by: member }));
      expect((await applicationEntry(store)).decisionOffer).toBeUndefined();
      expect(await tell()).toEqual({ decision: "accepted", queued: false });
      ok(await store.inbox.triage({ entryId: "application-1", action: "decline", by: member }));
      expect(await tell()).toEqual({ decision: "declined", queued: false });

      expect((await decisionRows(config)).map((row) => row.kind)).toEqual(["decision-accepted", "decision-declined"]);
      expect((await decisionRows(config))[1]!.subject).toBe(
        fill(decisionEmails.declined.subject, { club: "Coding Club", siteName: "Student Council" }),
      );
    });

    it("lists the e-mails about each entry with their state, and a team's confirmations", async () => {
      const store = await openStore();
      await store.applyToCouncil(application());
      await store.applyToCouncil(application({ name: "Kabir Khan", email: "kabir@example.org", enrollment: "0187X1" }));
      ok(await store.registerTeam(sampleTeam("Byte Squad")));
      ok(await store.inbox.triage({ entryId: "application-2", action: "decline", by: member }));
      ok(await store.inbox.tellDecision({ entryId: "application-2", by: member }));
      // As the team's e-mails are queued at registration (their own kinds): one about the team, one about nothing.
      await store.database.write(async (trx) => {
        await enqueueMail(trx, testStoreMail, {
          kind: "team-something-new",
          to: "bytesquad.member2@example.org",
          subject: "s",
          text: "t",
          html: "h",
          entry: { section: "teams", id: 1 },
        });
        await enqueueMail(trx, testStoreMail, {
          kind: "verify-email",
          to: "x@example.org",
          subject: "s",
          text: "t",
          html: "h",
        });
        await trx
          .updateTable("team_members")
          .set({ confirmed_at: "2026-11-20T04:30:00.000Z" })
          .where("email", "=", "bytesquad.member3@example.org")
          .execute();
      });
      const [sent] = await store.outbox.claim(10, 60_000);
      await store.outbox.markSent(sent!.id);

      const applications = ok(await store.inbox.list({ section: "applications", page: 1, pageSize: 10 })).entries;
      const decisionsOf = (entry: InboxEntry) => entry.mails.filter((mail) => mail.kind.startsWith("decision-"));
      expect(decisionsOf(applications.find((entry) => entry.id === "application-2")!)).toMatchObject([
        { kind: "decision-declined", queuedBy: member },
      ]);
      expect(decisionsOf(applications.find((entry) => entry.id === "application-1")!)).toEqual([]);

      const [team] = ok(await store.inbox.list({ section: "teams", page: 1, pageSize: 10 })).entries;
      if (team?.section !== "teams") throw new Error("no team");
      const teamMail = team.mails.find((mail) => mail.kind === "team-something-new");
      expect(teamMail).toMatchObject({ queuedBy: null });
      expect(team.mails.some((mail) => mail.kind === "verify-email")).toBe(false);
      expect(team.confirmedAt).toEqual([null, null, "2026-11-20T04:30:00.000Z", null, null, null]);
      // Whichever message the sender took first is marked sent, with its time.
      const all = [...applications.flatMap((entry) => entry.mails), ...team.mails];
      expect(all.filter((mail) => mail.status === "sent").length).toBeLessThanOrEqual(1);
      for (const mail of all.filter((candidate) => candidate.status === "sent")) expect(mail.sentAt).toMatch(/^\d{4}-/);
    });

    it("erasing an application erases its e-mails", async () => {
      const store = await openStore();
      await store.applyToCouncil(application());
      ok(await store.inbox.triage({ entryId: "application-1", action: "accept", by: member }));
      ok(await store.inbox.tellDecision({ entryId: "application-1", by: member }));
      expect(await decisionRows(config)).toHaveLength(1);
      expect(await store.inbox.erase({ entryId: "application-1", by: member })).toEqual({ ok: true });
      expect(
        await queryRows(config, "SELECT id FROM outbox WHERE entry_section = 'applications' AND entry_id = 1"),
      ).toEqual([]);
    });

    it("finds an application by e-mail address or phone number, and a team by a member's", async () => {
      const store = await openStore();
      await store.applyToCouncil(application());
      await store.applyToCouncil(
        application({ name: "Kabir Khan", email: "kabir@example.org", enrollment: "0187X1", phone: "+917000000001" }),
      );
      ok(await store.registerTeam(sampleTeam("Byte Squad")));
      ok(
        await store.registerTeam({
          ...sampleTeam("Pixel Crew"),
          members: sampleTeam("Pixel Crew").members.map((m, i) => ({ ...m, phone: `+9180000000${i}0` })),
        }),
      );

      const found = async (section: "applications" | "teams", search: string) =>
        ok(await store.inbox.list({ section, search, page: 1, pageSize: 10 })).entries.map((entry) => entry.id);
      for (const search of ["98765 43210", "+91 9876543210", "9876543210", "+919876543210", "098765-43210", "43210"]) {
        expect(await found("applications", search), search).toEqual(["application-1"]);
      }
      expect(await found("applications", "ANANYA.sharma@")).toEqual(["application-1"]);
      expect(await found("applications", "@example.org")).toEqual(["application-2", "application-1"]);
      expect(await found("applications", "91234")).toEqual([]);
      expect(await found("applications", "123")).toEqual([]);

      expect(await found("teams", "bytesquad.member4@example.org")).toEqual(["team-1"]);
      expect(await found("teams", "98765 43203")).toEqual(["team-1"]);
      expect(await found("teams", "+91 80000 00030")).toEqual(["team-2"]);
      const summary = ok(await store.inbox.summary("98765 43210"));
      expect(summary.applications.matching).toBe(1);
      expect(summary.ideas.matching).toBe(0);
    });

    it("the student receives the decision e-mail, in the council's words, from the real SMTP server", async () => {
      const store = await openStore();
      await store.applyToCouncil(application());
      ok(await store.inbox.triage({ entryId: "application-1", action: "decline", by: member }));
      ok(await store.inbox.tellDecision({ entryId: "application-1", by: member }));
      senders.start({ outbox: store.outbox, smtpUrl: smtp().url() });

      const received = await smtp().waitFor((mails) => mails.some((mail) => mail.subject.includes("Coding Club")));
      const decisions = received.filter(
        (mail) => mail.to.includes("ananya.sharma@example.org") && mail.subject.includes("Coding Club"),
      );
      expect(decisions).toHaveLength(1);
      const [mail] = decisions;
      const values = { firstName: "Ananya", club: "Coding Club", siteName: "Student Council" };
      expect(mail!.subject).toBe(fill(decisionEmails.declined.subject, values));
      expect(mail!.text).toContain(fill(decisionEmails.declined.greeting, values));
      for (const paragraph of decisionEmails.declined.paragraphs) {
        expect(mail!.text).toContain(fill(paragraph, values));
        expect(mail!.html).toContain(fill(paragraph, values).replaceAll("'", "&#39;"));
      }
      expect(mail!.text).toContain("https://council.example.test");
    });
  });
}
