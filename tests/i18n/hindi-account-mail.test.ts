import { describe, expect, it } from "vitest";
import { type BuiltInStore, type StoreConfig } from "~/server/backend/built-in/store.server";
import { action as joinAction } from "~/routes/join";
import { action as registrationAction } from "~/routes/user-profile-registration";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { useSmtpServer } from "../support/smtp-server";
import { queryRows, testStoreMail, useStoreEngines } from "../support/store-engines";
import { post, routeArgs } from "../support/routes";
import { senderPool } from "../mail/support";
import {
  joinFormFields,
  sampleAccount,
  sampleApplication,
  provenLeaderOf,
  sampleTeam,
  studentPassword,
  tinyPng,
} from "../backend/samples";

/**
 * The e-mails the site sends to students, in the language of the page they used: sent from a /hi page, in Hindi
 * (with links to the /hi twins from SITE_URL, dates through Intl's hi-IN, html lang="hi"), and kept so with the entry
 * for the e-mails that come later; sent from an English page, as before. First through the forms' actions with the
 * server's own store, then each kind in the built-in store on both engines, and over a real SMTP server.
 */

const devanagari = /[\u0900-\u097F]/;
const site = testStoreMail.siteUrl;

type MailRow = {
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments?: string | null;
};

/** The first attachment's calendar properties, lines unfolded: SUMMARY, LOCATION, URL, UID. */
function calendarOf(mail: MailRow): Record<string, string> {
  const [file] = JSON.parse(mail.attachments ?? "[]") as { content: string }[];
  const lines = (file?.content ?? "").replace(/\r\n[ \t]/g, "").split("\r\n");
  return Object.fromEntries(
    lines
      .filter((line) => /^(SUMMARY|LOCATION|URL|UID)[:;]/.test(line))
      .map((line) => line.split(/:(.*)/s).slice(0, 2)),
  ) as Record<string, string>;
}

/** The links an e-mail's text holds. */
const linksOf = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** What every Hindi e-mail is: Hindi words, the /hi pages, the council's address, lang="hi". */
function expectHindi(mail: MailRow, links: string[]) {
  expect(mail.subject).toMatch(devanagari);
  expect(mail.text_body).toMatch(/^नमस्ते /);
  expect(mail.text_body).toContain("कोई सवाल हो तो studentcouncil@example.org पर लिखें।");
  expect(mail.html_body).toContain('<html lang="hi">');
  // Its links: the /hi pages, all from the configured site address.
  const found = linksOf(mail.text_body).map((link) => new URL(link));
  for (const path of links)
    expect(
      found.some((url) => `${url.pathname}${url.search}`.startsWith(path)),
      path,
    ).toBe(true);
  for (const url of found) expect(url.pathname === "/hi" || url.pathname.startsWith("/hi/"), url.href).toBe(true);
  expect(new Set(found.map((url) => url.origin)).size).toBeLessThanOrEqual(1);
}

describe("from the forms on Hindi pages, with the server's own store", () => {
  const outbox = (kind: string, recipient: string) =>
    usedBuiltInStore()!.database.read((trx) =>
      trx
        .selectFrom("outbox")
        .select(["kind", "recipient", "subject", "text_body", "html_body"])
        .where("kind", "=", kind)
        .where("recipient", "=", recipient)
        .orderBy("id")
        .execute(),
    );
  const from = (n: number) => ({ headers: { "X-Client-Address": `192.0.2.${n}` } });

  it("an application on /hi/join gets its receipt in Hindi, and the council's decision later in Hindi too", async () => {
    await limits.reset();
    const hindi = joinFormFields("kavya.hindi@example.org", "0187CS261101");
    const english = joinFormFields("kavya.english@example.org", "0187CS261102");
    await joinAction(routeArgs(post("/hi/join", hindi, from(1))));
    await joinAction(routeArgs(post("/join", english, from(2))));

    const [receipt] = await outbox("application-receipt", hindi.email);
    expect(receipt!.subject).toBe("Student Council से जुड़ने का आपका आवेदन हमें मिल गया");
    expectHindi(receipt!, ["/hi/userProfile", "/hi/privacy"]);
    // When, in India's time, in Hindi words: "27 नवंबर 2026, 21:45 IST को मिल गया".
    expect(receipt!.text_body).toMatch(
      /हमें \d{1,2} \S+ \d{4}, \d{2}:\d{2} IST को मिल गया। आपने यह क्लब चुना है: Coding Club।/,
    );
    expect(receipt!.html_body).toContain("मेरी प्रोफ़ाइल खोलें");

    const [englishReceipt] = await outbox("application-receipt", english.email);
    expect(englishReceipt!.subject).toBe("We received your application to join the Student Council");
    expect(englishReceipt!.text_body).toMatch(/^Hello /);
    expect(englishReceipt!.text_body).not.toMatch(devanagari);
    expect(englishReceipt!.html_body).toContain('<html lang="en">');

    // The council member decides in the (English) inbox; the student hears in the language they applied in.
    const inbox = usedBuiltInStore()!.inbox;
    for (const [email, action] of [
      [hindi.email, "accept"],
      [english.email, "accept"],
    ] as const) {
      const listed = await inbox.list({ section: "applications", search: email, page: 1, pageSize: 5 });
      if (!listed.ok) throw new Error("inbox");
      const entry = listed.value.entries[0]!;
      expect((await inbox.triage({ entryId: entry.id, action, by: "0187ME220311" })).ok).toBe(true);
      const offered = await inbox.list({ section: "applications", search: email, page: 1, pageSize: 5 });
      const offer = offered.ok ? offered.value.entries[0] : undefined;
      // The inbox shows the very text the student will get.
      expect(offer && "decisionOffer" in offer ? offer.decisionOffer?.mail?.subject : undefined).toBe(
        email === hindi.email
          ? "Coding Club में आपका स्वागत है: आपका आवेदन स्वीकार हो गया"
          : "Welcome to Coding Club: your application was accepted",
      );
      expect(await inbox.tellDecision({ entryId: entry.id, by: "0187ME220311" })).toMatchObject({ ok: true });
    }
    const [decision] = await outbox("decision-accepted", hindi.email);
    expect(decision!.subject).toBe("Coding Club में आपका स्वागत है: आपका आवेदन स्वीकार हो गया");
    expectHindi(decision!, []);
    expect(decision!.text_body).toContain("अच्छी खबर: Student Council ने Coding Club से जुड़ने का आपका आवेदन पढ़ा");
    const [englishDecision] = await outbox("decision-accepted", english.email);
    expect(englishDecision!.subject).toBe("Welcome to Coding Club: your application was accepted");
    expect(englishDecision!.text_body).toMatch(/^Hello Diya,|^Hello /);
    expect(englishDecision!.text_body).not.toMatch(devanagari);
  });

  it("an account registered on /hi/userProfileRegistration gets its verification link in Hindi, to /hi/verify-email", async () => {
    await limits.reset();
    const register = (path: string, email: string, enrollment: string) => {
      const body = new FormData();
      const fields = { ...sampleAccount, email, enrollment, phone: "9876543210", dob: "2004-03-09" };
      for (const name of ["username", "email", "enrollment", "college", "branch", "phone", "dob", "gender"] as const)
        body.append(name, String(fields[name]));
      body.append("idCard", new File([new Uint8Array(tinyPng)], "id-card.png", { type: "image/png" }));
      body.append("consent", "on");
      return registrationAction(routeArgs(post(path, body, from(3))));
    };
    await register("/hi/userProfileRegistration", "meera.hindi@example.org", "0187CS261201");
    await register("/userProfileRegistration", "meera.english@example.org", "0187CS261202");

    const [link] = await outbox("verify-email", "meera.hindi@example.org");
    expect(link!.subject).toBe("Student Council वेबसाइट के लिए अपने ईमेल पते की पुष्टि करें");
    expectHindi(link!, ["/hi/verify-email?token=", "/hi/privacy"]);
    expect(link!.text_body).toContain("लिंक एक ही बार काम करता है, 24 घंटे तक।");
    expect(link!.html_body).toContain("मेरे ईमेल पते की पुष्टि करें</a>");
    expect(link!.html_body).toContain("या यह पता अपने ब्राउज़र में कॉपी करें:");
    // The account it confirms, by College ID and name, and how to say it is not yours.
    expect(link!.text_body).toContain("कॉलेज आईडी (College ID) और नाम 0187CS261201 (Aarav Sharma)।");
    expect(link!.html_body).toContain("कॉलेज आईडी (College ID) और नाम 0187CS261201 (Aarav Sharma)।");
    expect(link!.text_body).toContain('"यह अकाउंट मेरा नहीं है" दबाएँ');
    expect(link!.subject).not.toContain("Aarav");

    const [englishLink] = await outbox("verify-email", "meera.english@example.org");
    expect(englishLink!.subject).toBe("Confirm your e-mail address for the Student Council website");
    expect(englishLink!.text_body).toMatch(/https?:\/\/\S+\/verify-email\?token=/);
    expect(englishLink!.text_body).not.toContain("/hi/");
    expect(englishLink!.text_body).toContain("College ID and name 0187CS261202 (Aarav Sharma).");
    expect(englishLink!.text_body).not.toMatch(devanagari);
  });
});

const { engines, cluster } = useStoreEngines();
const senders = senderPool();
const smtp = useSmtpServer({ before: cluster, afterEach: () => senders.stopAll() });

const member = "0187ME220311";
const claimCard = { mediaType: "image/jpeg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) };

for (const engine of engines) {
  describe(
    `each e-mail in Hindi from a Hindi page, in the built-in store on ${engine.name}`,
    { timeout: 60_000 },
    () => {
      const fresh = async (): Promise<{ store: BuiltInStore; config: StoreConfig }> => {
        const config = await engine.freshConfig();
        const store = engine.open(config, {
          mail: {
            ...testStoreMail,
            hackathon: {
              title: "SIH 2025 Internal Hackathon",
              path: "/sih",
              summary: "A day of building.",
              when: { starts: "2027-04-24T03:30:00.000Z", ends: "2027-04-24T12:30:00.000Z", location: "TIT Bhopal" },
              hi: { title: "SIH 2025 इंटरनल हैकाथॉन", summary: "बनाने का एक दिन।", location: "TIT भोपाल" },
            },
          },
        });
        await store.database.ready();
        return { store, config };
      };
      const mails = (config: StoreConfig, kind: string) =>
        queryRows<MailRow>(
          config,
          `SELECT kind, recipient, subject, text_body, html_body, attachments FROM outbox WHERE kind = '${kind}' ORDER BY id`,
        );

      it("the team's receipt, each member's notice, a member who leaves, and a team erased with its leader", async () => {
        const { store, config } = await fresh();
        const team = sampleTeam("Byte Squad", "byte");
        const leader = await store.registerAccount({ ...sampleAccount, email: team.members[0]!.email }, "hi");
        expect(leader).toEqual({ ok: true });
        const login = await store.logIn(sampleAccount.enrollment, studentPassword);
        if (!login.ok) throw new Error("login");
        const state = await store.whoIsSignedIn(login.value);
        const accountKey = state.status === "signed-in" ? state.accountKey! : "";
        // Both from their proven leaders (signed in, the leader's address confirmed): the members are told at once.
        const sender = { accountKey, verifiedEmail: team.members[0]!.email };
        expect(await store.registerTeam(team, sender, "hi")).toEqual({ ok: true, value: undefined });
        const pixel = sampleTeam("Pixel Pioneers", "pixel");
        expect(await store.registerTeam(pixel, provenLeaderOf(pixel, "pixel-key"))).toEqual({
          ok: true,
          value: undefined,
        });

        const [receipt, englishReceipt] = await mails(config, "team-receipt");
        expect(receipt!.subject).toBe("Student Council वेबसाइट पर आपकी हैकाथॉन टीम हमें मिल गई");
        expectHindi(receipt!, ["/hi/userProfile", "/hi/privacy"]);
        expect(receipt!.text_body).toContain('SIH 2025 इंटरनल हैकाथॉन के लिए टीम "Byte Squad" का आपका रजिस्ट्रेशन');
        expect(receipt!.text_body).toContain(
          "यह 24 अप्रैल 2027, 09:00 IST से 24 अप्रैल 2027, 18:00 IST तक होगा। जगह: TIT भोपाल।",
        );
        expect(receipt!.text_body).toContain("इसके सदस्य: Member 2, Member 3, Member 4, Member 5, Member 6।");
        expect(englishReceipt!.subject).toBe("We received your hackathon team on the Student Council website");
        expect(englishReceipt!.text_body).toContain(
          "It takes place 24 Apr 2027, 09:00 IST to 24 Apr 2027, 18:00 IST. Where: TIT Bhopal.",
        );
        expect(englishReceipt!.text_body).not.toMatch(devanagari);
        // The calendar files: the same event (one uid), each in its e-mail's language, linking the page in it.
        const hindiCalendar = calendarOf(receipt!);
        const englishCalendar = calendarOf(englishReceipt!);
        expect(hindiCalendar).toMatchObject({ SUMMARY: "SIH 2025 इंटरनल हैकाथॉन", LOCATION: "TIT भोपाल" });
        expect(hindiCalendar.URL).toMatch(/^https?:\/\/[^/]+\/hi\/sih$/);
        expect(englishCalendar).toMatchObject({ SUMMARY: "SIH 2025 Internal Hackathon", LOCATION: "TIT Bhopal" });
        expect(englishCalendar.URL).toMatch(/^https?:\/\/[^/]+\/sih$/);
        expect(hindiCalendar.UID).toBe(englishCalendar.UID);

        const notices = await mails(config, "team-member-notice");
        const hindiNotices = notices.filter((notice) => notice.recipient.startsWith("byte."));
        expect(hindiNotices).toHaveLength(5);
        const notice = hindiNotices[0]!;
        expect(notice.subject).toBe("Student Council वेबसाइट पर आपको एक हैकाथॉन टीम में जोड़ा गया है");
        expectHindi(notice, ["/hi/sih/team-member?token="]);
        expect(notices.find((row) => row.recipient.startsWith("pixel."))!.subject).toBe(
          "You were added to a hackathon team on the Student Council website",
        );

        // A member removes themselves: the leader hears in Hindi.
        const token = /token=([A-Za-z0-9_-]+)/.exec(notice.text_body)![1]!;
        expect(await store.teamMembers!.remove(token)).toMatchObject({ ok: true, value: { members: 5 } });
        const [removed] = await mails(config, "team-member-removed");
        expect(removed!.subject).toBe("Student Council वेबसाइट पर आपकी हैकाथॉन टीम से एक सदस्य ने खुद को हटा लिया");
        expect(removed!.text_body).toContain("अब टीम में 6 में से 5 सदस्य हैं");
        expectHindi(removed!, ["/hi/userProfile"]);

        // The leader adds a member on the Hindi page: their notice is Hindi.
        const added = await store.teamMembers!.addMember(
          sender,
          1,
          { ...team.members[1]!, name: "Naya Sadasya", email: "byte.new@example.org" },
          "hi",
        );
        expect(added).toMatchObject({ ok: true });
        const [newNotice] = (await mails(config, "team-member-notice")).filter(
          (row) => row.recipient === "byte.new@example.org",
        );
        expect(newNotice!.subject).toBe("Student Council वेबसाइट पर आपको एक हैकाथॉन टीम में जोड़ा गया है");

        // The leader erases everything: the members hear in Hindi that the team is gone.
        expect((await store.students.erase({ accountKey })).ok).toBe(true);
        const disbanded = await mails(config, "team-disbanded");
        expect(disbanded.length).toBeGreaterThan(0);
        expect(disbanded[0]!.subject).toBe("Student Council वेबसाइट पर आपकी हैकाथॉन टीम हटा दी गई");
        expectHindi(disbanded[0]!, ["/hi/sih"]);
      });

      it("a College ID claim and the council's answers, and an account the council removed", async () => {
        const { store, config } = await fresh();
        // An account registered on the English page; a claim sent from the Hindi one.
        expect(await store.registerAccount({ ...sampleAccount, enrollment: "0187CS261301" })).toEqual({ ok: true });
        expect(
          await store.accountChecks.submitClaim(
            { username: "Ira Sharma", enrollment: "0187CS261301", email: "ira@example.org", idCard: claimCard },
            "hi",
          ),
        ).toEqual({ ok: true });
        const [claimed] = await mails(config, "college-id-claim");
        expect(claimed!.subject).toBe("कॉलेज आईडी के बारे में Student Council को भेजा आपका संदेश हमें मिल गया");
        expectHindi(claimed!, []);

        const claims = await store.accountChecks.openClaims(5);
        if (!claims.ok) throw new Error("claims");
        expect((await store.accountChecks.resolveClaim(claims.value.claims[0]!.id, "claimant", member)).ok).toBe(true);
        const [upheld] = await mails(config, "college-id-claim-upheld");
        expect(upheld!.subject).toBe("Student Council: आपके संदेश वाली कॉलेज आईडी आपकी है");
        expectHindi(upheld!, ["/hi/userProfileRegistration"]);
        // The holder registered in English: they hear in English.
        const [holder] = await mails(config, "account-claimed");
        expect(holder!.subject).toBe("Your Student Council account was removed");
        expect(holder!.text_body).not.toMatch(devanagari);

        // An account registered on the Hindi page whose ID card does not match: removed, and told in Hindi.
        expect(
          await store.registerAccount(
            { ...sampleAccount, enrollment: "0187CS261302", email: "arjun@example.org" },
            "hi",
          ),
        ).toEqual({ ok: true });
        const key = await store.database.read((trx) =>
          trx.selectFrom("accounts").select("uid").where("email", "=", "arjun@example.org").executeTakeFirstOrThrow(),
        );
        expect((await store.accountChecks.rejectAccount(key.uid, member)).ok).toBe(true);
        const [rejected] = await mails(config, "account-rejected");
        expect(rejected!.subject).toBe("आपका Student Council अकाउंट हटा दिया गया");
        expect(rejected!.text_body).toContain("(0187CS261302)");
        expectHindi(rejected!, ["/hi/userProfileRegistration"]);
      });

      it("a Hindi e-mail reaches a real SMTP server with its Hindi intact", async () => {
        const { store } = await fresh();
        expect(await store.applyToCouncil(sampleApplication, undefined, "hi")).toEqual({ ok: true });
        senders.start({ outbox: store.outbox, smtpUrl: smtp().url() });
        const [mail] = await smtp().waitFor((received) => received.length >= 1);
        expect(mail).toMatchObject({
          subject: "Student Council से जुड़ने का आपका आवेदन हमें मिल गया",
          to: [sampleApplication.email],
        });
        expect(mail!.text).toContain("नमस्ते Diya,");
        // From the configured site address (SITE_URL), to the Hindi profile.
        expect(mail!.text).toContain(`${site}/hi/userProfile`);
        expect(mail!.html).toContain('<html lang="hi">');
        expect(mail!.html).toContain("मेरी प्रोफ़ाइल खोलें");
      });
    },
  );
}
