import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The held-back metric is kept only where metrics are served: this file reads it back.
vi.hoisted(() => {
  process.env.METRICS_TOKEN ??= "mail-caps-test-token";
});
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import type { StoreMailSettings } from "~/server/mail/mail-writer.server";
import { asMailClient, defaultMailCaps } from "~/server/backend/built-in/mail-caps.server";
import { sharedMetrics } from "~/server/ops/metrics.server";
import { log } from "~/server/ops/log.server";
import { mailClientMiddleware } from "~/server/mail/mail-client.server";
import { teamReceiptMail, teamMemberNoticeMail } from "~/server/mail/team-mail.server";
import { action as teamAction } from "~/routes/sih-registration";
import { events } from "~/content/content.server";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";
import type { TeamRegistration } from "~/types/submissions";
import { useSmtpServer, type ReceivedMail } from "../support/smtp-server";
import { testStoreMail, useStoreEngines } from "../support/store-engines";
import { post, replyOf, routeArgs, statusOf } from "../support/routes";
import { senderPool } from "../mail/support";
import { provenLeaderOf, sampleAccount, sampleTeam, studentPassword } from "../backend/samples";

/**
 * What a visitor who proves nothing can make the site send, on both engines, over a real SMTP server: the team form
 * run ninety times from one client with a spammer's words (no member hears of any team, at most the caps go, and no
 * Subject holds the visitor's text); register, resend, delete, register again (at most the cap of links reaches the
 * address); a name with a line break or a web address refused by the form; a URL in a stored name is no link in the
 * HTML part; and the team form telling no stranger which addresses are in a team.
 */

const { engines } = useStoreEngines();
const senders = senderPool();
const smtp = useSmtpServer({ afterEach: () => senders.stopAll() });

const spammer = "198.51.100.23";

/** The spam run's team: a link and a line break in the team's and the leader's names, six addresses of strangers. */
function spamTeam(run: number, domain: string): TeamRegistration {
  const team = sampleTeam(`Free iPhone claim at http://evil.example/${run}`, `victim${run}`);
  return {
    ...team,
    members: team.members.map((member, index) => ({
      ...member,
      name: index === 0 ? `Spam Lead ${run}\nClick http://evil.example/${run}` : `Victim ${run}-${index}`,
      email: `victim${run}.${index}@${domain}`,
    })),
  };
}

/** Waits until the outbox holds nothing waiting, then gives back what reached `domain`. */
async function deliveredTo(store: BuiltInStore, domain: string): Promise<ReceivedMail[]> {
  await expect
    .poll(async () => Object.values((await store.outbox.counts()).waiting).reduce((sum, count) => sum + count, 0), {
      timeout: 30_000,
    })
    .toBe(0);
  return smtp().received.filter((mail) => mail.to.some((address) => address.endsWith(`@${domain}`)));
}

const heldBack = async (kind: string, reason: string) => {
  const metric = await sharedMetrics().registry.getSingleMetric("mail_held_back_total")?.get();
  return metric?.values.find((value) => value.labels.kind === kind && value.labels.reason === reason)?.value ?? 0;
};

for (const engine of engines) {
  describe(`what a visitor can make the site send, on ${engine.name}`, { timeout: 120_000 }, () => {
    const mail: StoreMailSettings = testStoreMail;

    it("ninety team posts from one client tell no member, send at most the cap per client, and no Subject holds their words", async () => {
      const store = await engine.fresh({ mail });
      const domain = `spam-${engine.name.toLowerCase()}.example`;
      const warn = vi.spyOn(log, "warn");
      for (let run = 0; run < 90; run++) {
        const saved = await asMailClient(spammer, () => store.registerTeam(spamTeam(run, domain)));
        expect(saved.ok).toBe(true);
      }
      senders.start({ outbox: store.outbox, smtpUrl: smtp().url() });
      const received = await deliveredTo(store, domain);

      // Only receipts to the address typed as the leader's: nobody named as a member heard anything.
      expect(received.length).toBeGreaterThan(0);
      expect(received.length).toBeLessThanOrEqual(defaultMailCaps.perClient);
      for (const message of received) {
        expect(message.to).toHaveLength(1);
        expect(message.to[0]).toMatch(/^victim\d+\.0@/);
        expect(message.subject).toBe("We received your hackathon team on the Student Council website");
        expect(message.subject).not.toMatch(/iPhone|evil|Spam|\n/);
        // The link typed into the names is text in the HTML part: escaped, and no anchor of its own.
        expect(message.html).not.toMatch(/<a [^>]*evil\.example/);
        expect(message.html).toContain("Free iPhone claim at http://evil.example/");
        // The leader's line break is folded: the visitor's words start no line of their own.
        expect(message.text).not.toMatch(/^Click http:\/\/evil/m);
      }
      const rows = await store.database.read((trx) => trx.selectFrom("outbox").select("kind").execute());
      expect(rows.filter((row) => row.kind === "team-member-notice")).toEqual([]);
      // Every team is kept; the receipts over the cap were held back, each with a log line naming no address.
      const teams = await store.database.read((trx) => trx.selectFrom("teams").select("id").execute());
      expect(teams).toHaveLength(90);
      const lines = warn.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith("E-mail held back"));
      expect(lines).toHaveLength(90 - received.length);
      for (const line of lines) expect(line).not.toMatch(/@|victim/);
      warn.mockRestore();
    });

    it("one address gets at most the cap of receipts a day, whichever clients send teams naming it", async () => {
      const store = await engine.fresh({ mail });
      const domain = `bomb-${engine.name.toLowerCase()}.example`;
      for (let run = 0; run < 12; run++) {
        const team = spamTeam(run, domain);
        team.members[0] = { ...team.members[0]!, email: `target@${domain}` };
        const saved = await asMailClient(`203.0.113.${run}`, () => store.registerTeam(team));
        expect(saved.ok).toBe(true);
      }
      senders.start({ outbox: store.outbox, smtpUrl: smtp().url() });
      const received = await deliveredTo(store, domain);
      expect(received.map((message) => message.to[0])).toEqual(
        Array<string>(defaultMailCaps.noticesPerAddress).fill(`target@${domain}`),
      );
    });

    it("register, three resends, delete, register again: at most the cap of links reaches the address", async () => {
      const store = await engine.fresh({ mail });
      const address = `loop@links-${engine.name.toLowerCase()}.example`;
      senders.start({ outbox: store.outbox, smtpUrl: smtp().url() });
      const resends: unknown[] = [];
      for (let round = 0; round < 3; round++) {
        expect(await store.registerAccount({ ...sampleAccount, email: address })).toEqual({ ok: true });
        const login = await store.logIn(sampleAccount.enrollment, studentPassword);
        if (!login.ok) throw new Error("login");
        for (let resend = 0; resend < 3; resend++) resends.push(await store.emailVerification.sendLink(login.value));
        // The first round's links reach the address before its erasure, so what arrived is more than nothing.
        if (round === 0) {
          await expect
            .poll(() => smtp().received.filter((mail) => mail.to.includes(address)).length, { timeout: 30_000 })
            .toBeGreaterThan(0);
        }
        expect((await store.eraseAccount(login.value)).ok).toBe(true);
      }
      // "Send the link again" over the cap says so, and keeps the link sent before.
      expect(resends.slice(0, 3)).toEqual(Array(3).fill({ ok: true }));
      expect(resends.slice(3)).toEqual(
        Array(6).fill({
          ok: false,
          reason: "rejected",
          refusal: { code: "linksToday" },
        }),
      );
      const counted = await store.database.read((trx) => trx.selectFrom("mail_caps").select("kind").execute());
      expect(counted.filter((row) => row.kind === "verify-email")).toHaveLength(
        defaultMailCaps.verificationsPerAddress,
      );
      // An erasure takes the links still queued with it; what reached the address is within the cap.
      const received = await deliveredTo(store, address.split("@")[1]!);
      expect(received.length).toBeGreaterThan(0);
      expect(received.length).toBeLessThanOrEqual(defaultMailCaps.verificationsPerAddress);
      expect(await store.registerAccount({ ...sampleAccount, email: address })).toEqual({ ok: true });
      const links = await store.database.read((trx) =>
        trx.selectFrom("outbox").select("kind").where("recipient", "=", address).execute(),
      );
      // The sixth registration of the day is saved, and its link held back.
      expect(links).toEqual([]);
    });

    it("the caps per client and for the site hold across two replicas of one store", async () => {
      const config = await engine.freshConfig();
      const caps = { perClient: 4, site: 6 };
      const one = engine.open(config, { mail: { ...mail, caps } });
      const two = engine.open(config, { mail: { ...mail, caps } });
      const domain = `replicas-${engine.name.toLowerCase()}.example`;
      const before = { client: await heldBack("team-receipt", "client"), site: await heldBack("team-receipt", "site") };
      await Promise.all(
        Array.from({ length: 10 }, (_, run) =>
          asMailClient(spammer, () => (run % 2 ? one : two).registerTeam(spamTeam(run, domain))),
        ),
      );
      const receipts = () =>
        one.database.read((trx) =>
          trx.selectFrom("outbox").select("recipient").where("kind", "=", "team-receipt").execute(),
        );
      expect(await receipts()).toHaveLength(caps.perClient);
      // Other clients: the site's cap ends it.
      for (let run = 10; run < 16; run++) {
        await asMailClient(`192.0.2.${run}`, () => one.registerTeam(spamTeam(run, domain)));
      }
      expect(await receipts()).toHaveLength(caps.site);
      expect((await heldBack("team-receipt", "client")) - before.client).toBe(6);
      expect((await heldBack("team-receipt", "site")) - before.site).toBe(4);
    });

    it("a stranger's team tells nobody and says nothing of who is in a team; the leader's button tells the members", async () => {
      const store = await engine.fresh({ mail });
      const taken = sampleTeam("First Team", "first");
      expect(await store.registerTeam(taken, provenLeaderOf(taken))).toEqual({ ok: true, value: undefined });
      // A stranger names a member of the first team: the answer is the same as for anyone.
      const probe = sampleTeam("Probe", "probe");
      probe.members[3] = { ...probe.members[3]!, email: "FIRST.member3@example.org" };
      expect(await store.registerTeam(probe)).toEqual({ ok: true, value: undefined });
      const queued = async () =>
        store.database.read((trx) =>
          trx.selectFrom("outbox").select(["kind", "recipient", "text_body"]).orderBy("id").execute(),
        );
      const probeMail = (await queued()).filter((row) => row.recipient.startsWith("probe."));
      expect(probeMail.map((row) => [row.kind, row.recipient])).toEqual([
        ["team-receipt", "probe.member1@example.org"],
      ]);

      // The leader's receipt carries the link; only pressing its button tells the members.
      const token = /\/sih\/team-member\?token=([A-Za-z0-9_-]{43})/.exec(probeMail[0]!.text_body)![1]!;
      expect(await store.teamMembers!.notice(token)).toMatchObject({
        ok: true,
        value: { teamName: "Probe", role: "leader", confirmed: false },
      });
      expect(await store.teamMembers!.tellMembers(token)).toEqual({
        ok: true,
        value: { teamName: "Probe", told: 4, taken: ["FIRST.member3@example.org"] },
      });
      const told = (await queued()).filter(
        (row) => row.kind === "team-member-notice" && row.recipient.startsWith("probe."),
      );
      expect(told.map((row) => row.recipient)).toEqual([2, 3, 5, 6].map((n) => `probe.member${n}@example.org`));
      // Pressed again: nobody is told twice.
      expect(await store.teamMembers!.tellMembers(token)).toEqual({
        ok: true,
        value: { teamName: "Probe", told: 0, taken: [], already: true },
      });
      expect(await store.teamMembers!.notice(token)).toMatchObject({ ok: true, value: { confirmed: true } });

      // A team whose leader's address is in a team already: the leader is told so, and nobody else hears anything.
      const squat = sampleTeam("Squat", "squat");
      squat.members[0] = { ...squat.members[0]!, email: "first.member1@example.org" };
      expect(await store.registerTeam(squat)).toEqual({ ok: true, value: undefined });
      const squatReceipt = (await queued()).findLast((row) => row.kind === "team-receipt")!;
      const squatToken = /\/sih\/team-member\?token=([A-Za-z0-9_-]{43})/.exec(squatReceipt.text_body)![1]!;
      expect(await store.teamMembers!.tellMembers(squatToken)).toEqual({
        ok: true,
        value: { teamName: "Squat", told: 0, taken: [], leaderTaken: "first.member1@example.org" },
      });
      expect((await queued()).filter((row) => row.recipient.startsWith("squat."))).toEqual([]);
    });

    it("a signed-in leader whose address is not confirmed adds a member who is not told, and learns nothing", async () => {
      const store = await engine.fresh({ mail });
      const other = sampleTeam("Other", "other");
      expect((await store.registerTeam(other, provenLeaderOf(other, "other-key"))).ok).toBe(true);
      const team = sampleTeam("Unproven", "unproven");
      team.members.pop();
      expect((await store.registerTeam(team, "unconfirmed-key")).ok).toBe(true);
      const { id } = await store.database.read((trx) =>
        trx.selectFrom("teams").select("id").where("team_name", "=", "Unproven").executeTakeFirstOrThrow(),
      );
      // The address is in the other team: an unproven leader hears nothing of it, and nobody is written to.
      const added = await store.teamMembers!.addMember({ accountKey: "unconfirmed-key" }, id, {
        ...team.members[1]!,
        email: "other.member2@example.org",
      });
      expect(added).toEqual({ ok: true, value: { members: 6, told: false } });
      const notices = await store.database.read((trx) =>
        trx.selectFrom("outbox").select("recipient").where("kind", "=", "team-member-notice").execute(),
      );
      expect(notices.map((row) => row.recipient)).toEqual(other.members.slice(1).map((member) => member.email));
    });
  });
}

describe("no Subject holds a visitor's words, in either language", () => {
  const site = testStoreMail;
  const words = { leaderName: "Spam Lead\nhttp://evil.example", teamName: "Free iPhone at http://evil.example" };
  for (const locale of ["en", "hi"] as const) {
    it(`the team's receipt and a member's notice (${locale})`, () => {
      const receipt = teamReceiptMail(
        site,
        undefined,
        { ...words, memberNames: ["Victim\nTwo"], receivedAt: "2026-11-29T06:00:00.000Z", tellToken: "t".repeat(43) },
        locale,
      );
      const notice = teamMemberNoticeMail(site, undefined, { ...words, memberName: "Victim", token: "n" }, locale);
      for (const mail of [receipt, notice]) {
        expect(mail.subject).toContain("Student Council");
        expect(mail.subject).not.toMatch(/Spam|iPhone|evil|Victim/);
        expect(mail.html).not.toMatch(/<a [^>]*evil/);
        expect(mail.text).not.toMatch(/^http:\/\/evil/m);
      }
    });
  }
});

describe("the team form, as a stranger posts it", () => {
  const dayMs = 24 * 60 * 60 * 1000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(events.hackathon.registration.opens) + dayMs);
  });
  afterEach(() => vi.useRealTimers());

  const fields = (team: TeamRegistration): [string, string][] => [
    ["teamName", team.teamName],
    ["category", "coding"],
    ["description", ""],
    ["website", ""],
    ...team.members.flatMap((member, index) =>
      Object.entries({ ...member, phone: `98765432${String(index).padStart(2, "0")}` }).map(
        ([key, value]): [string, string] => [`members[${index}].${key}`, value],
      ),
    ),
    ["consent", "on"],
  ];
  const send = (path: string, team: TeamRegistration) =>
    asMailClient("203.0.113.99", () =>
      teamAction(routeArgs(post(path, fields(team), { headers: { "X-Client-Address": "203.0.113.99" } }))),
    );

  it("refuses a name with a line break or a web address, in English and in Hindi", async () => {
    const broken = sampleTeam("Line Break");
    broken.members[2] = { ...broken.members[2]!, name: "Asha\nClick here" };
    const english = replyOf(await send("/sih/registration", broken));
    expect(english.status).toBe(400);
    expect(english.reply.error?.["members[2].name"]).toEqual(["Name must be one line of text, without a web address."]);
    const hindi = replyOf(await send("/hi/sih/registration", { ...broken, teamName: "See www.evil.example" }));
    expect(hindi.status).toBe(400);
    expect(hindi.reply.error?.teamName).toEqual(["टीम का नाम एक ही पंक्ति में लिखें, बिना किसी वेब पते के।"]);
  });

  it("answers the same whether or not an address is in a team, and tells no member", async () => {
    const store = usedBuiltInStore()!;
    const first = sampleTeam("Known Team", "known");
    expect((await store.registerTeam(first, provenLeaderOf(first, "known-key"))).ok).toBe(true);
    const probe = sampleTeam("Probe Form", "probeform");
    probe.members[4] = { ...probe.members[4]!, email: "known.member5@example.org" };
    const answer = await send("/sih/registration", probe);
    expect(statusOf(answer)).toBe(302);
    const notices = await store.database.read((trx) =>
      trx
        .selectFrom("outbox")
        .select("recipient")
        .where("kind", "=", "team-member-notice")
        .where("recipient", "like", "probeform.%")
        .execute(),
    );
    expect(notices).toEqual([]);
  });

  it("the root middleware counts a request's e-mails against its client address", async () => {
    const request = post("/sih/registration", {}, { headers: { "X-Client-Address": "203.0.113.5" } });
    const store = usedBuiltInStore()!;
    const seen = await mailClientMiddleware(routeArgs(request), async () => {
      await store.registerTeam(sampleTeam("Middleware Team", "middleware"));
      return new Response(null);
    });
    expect(seen).toBeInstanceOf(Response);
    const counted = await store.database.read((trx) =>
      trx.selectFrom("mail_caps").select("client_key").where("client_key", "is not", null).execute(),
    );
    expect(counted.length).toBeGreaterThan(0);
  });
});
