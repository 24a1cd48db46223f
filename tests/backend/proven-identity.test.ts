import { afterEach, describe, expect, it, vi } from "vitest";
import type { BuiltInStore, StoreConfig } from "~/server/backend/built-in/store.server";
import { proofOf } from "~/server/students/student-proof.server";
import { countOf, queryRows, testStoreMail, useStoreEngines } from "../support/store-engines";
import { sampleAccount, sampleApplication, sampleTeam, studentPassword, tinyPng } from "./samples";

/**
 * Proven identity in the built-in store, on both engines: the two attacks a hostile visitor made (an account
 * registered with someone else's e-mail or enrollment number downloaded and erased their data), the verification link
 * that proves an address, one account per address, and retention of accounts that never proved theirs.
 */

const { engines } = useStoreEngines();

afterEach(() => {
  vi.useRealTimers();
});

const hourMs = 60 * 60 * 1000;

/** The newest verification token queued for `email`, as the student would find it in the e-mail's link. */
async function tokenFor(config: StoreConfig, email: string): Promise<string> {
  const rows = await queryRows<{ text_body: string }>(
    config,
    `SELECT text_body FROM outbox WHERE kind = 'verify-email' AND lower(recipient) = '${email.toLowerCase()}' ORDER BY id DESC`,
  );
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.text_body ?? "")?.[1];
  if (!token) throw new Error(`no verification link for ${email}`);
  return token;
}

/** Registers and signs in an account; its proof as the profile, the download and the erasure compute it. */
async function signedIn(store: BuiltInStore, account: { email: string; enrollment: string; username?: string }) {
  const registered = await store.registerAccount({ ...sampleAccount, username: "Mallory Rao", ...account });
  if (!registered.ok) throw new Error(`registration: ${JSON.stringify(registered)}`);
  const login = await store.logIn(account.enrollment, studentPassword);
  if (!login.ok) throw new Error("login failed");
  const token = login.value;
  const proof = async () => {
    const record = await store.accountRecord(token);
    if (!record.ok) throw new Error("no record");
    return proofOf(record.value);
  };
  // The key the link's page compares: Confirm works only for the account signed in with this session.
  const { accountKey } = await proof();
  return { token, proof, accountKey };
}

for (const engine of engines) {
  const fresh = async () => {
    const config = await engine.freshConfig();
    const store = engine.open(config, { mail: testStoreMail });
    await store.database.ready();
    return { config, store };
  };

  describe(`the attacks of an unproven account, on ${engine.name}`, () => {
    it("an account registered with a team leader's e-mail in other letter case sees and erases nothing of the team", async () => {
      const { config, store } = await fresh();
      const team = sampleTeam("Victim Team", "victim");
      team.members[0] = { ...team.members[0]!, email: "lead.victim@college.in", name: "Lead Victim" };
      expect((await store.registerTeam(team)).ok).toBe(true);

      const attacker = await signedIn(store, { email: "LEAD.VICTIM@college.in", enrollment: "0187CS220666" });
      const proof = await attacker.proof();
      expect(proof.verifiedEmail, "an unconfirmed address proves nothing").toBeUndefined();
      const sent = await store.students.sentBy(proof);
      expect(sent).toEqual({ ok: true, value: { applications: [], teams: [], ideas: [], suggestions: [] } });
      expect(JSON.stringify(sent)).not.toContain("Lead Victim");

      expect(await store.students.erase(proof)).toEqual({
        ok: true,
        value: { applications: 0, ideas: 0, suggestions: 0, teamMemberships: 0, teamsLed: 0 },
      });
      expect((await store.eraseAccount(attacker.token)).ok).toBe(true);
      expect(await countOf(config, "SELECT COUNT(*) FROM teams")).toBe(1);
      expect(await countOf(config, "SELECT COUNT(*) FROM team_members")).toBe(6);
    });

    it("an account registered with a member's e-mail cannot break the team either", async () => {
      const { config, store } = await fresh();
      expect((await store.registerTeam(sampleTeam("Six Strong", "six"))).ok).toBe(true);
      const attacker = await signedIn(store, { email: "six.member2@example.org", enrollment: "0187CS220667" });
      expect(await store.students.erase(await attacker.proof())).toMatchObject({
        ok: true,
        value: { teamMemberships: 0 },
      });
      expect(await countOf(config, "SELECT COUNT(*) FROM team_members")).toBe(6);
    });

    it("an account registered with an applicant's enrollment number sees and erases nothing of the application", async () => {
      const { config, store } = await fresh();
      const application = { ...sampleApplication, enrollment: "0187CS229999", email: "real.applicant@college.in" };
      expect(await store.applyToCouncil(application)).toEqual({ ok: true });

      const attacker = await signedIn(store, { email: "mallory@example.org", enrollment: "0187CS229999" });
      const proof = await attacker.proof();
      expect(proof.checkedCollegeId, "an unchecked College ID proves nothing").toBeUndefined();
      const sent = await store.students.sentBy(proof);
      expect(sent).toMatchObject({ ok: true, value: { applications: [] } });
      expect(JSON.stringify(sent)).not.toContain("real.applicant");
      expect(await store.students.erase(proof)).toMatchObject({ ok: true, value: { applications: 0 } });
      expect(await countOf(config, "SELECT COUNT(*) FROM applications")).toBe(1);
    });
  });

  describe(`what proves an entry is the student's, on ${engine.name}`, () => {
    it("after the student confirms the link, the application sent earlier with that address is theirs", async () => {
      const { config, store } = await fresh();
      expect(await store.applyToCouncil({ ...sampleApplication, email: "Asha.Verma@example.org" })).toEqual({
        ok: true,
      });
      const student = await signedIn(store, { email: "asha.verma@example.org", enrollment: "0187CS221111" });
      expect((await store.students.sentBy(await student.proof())).ok && true).toBe(true);
      expect(await store.students.sentBy(await student.proof())).toMatchObject({ value: { applications: [] } });

      const token = await tokenFor(config, "asha.verma@example.org");
      expect(await store.emailVerification.confirm(token, student.accountKey)).toEqual({
        ok: true,
        value: "confirmed",
      });
      const proof = await student.proof();
      expect(proof.verifiedEmail).toBe("asha.verma@example.org");
      expect(await store.students.sentBy(proof)).toMatchObject({
        ok: true,
        value: { applications: [{ email: "Asha.Verma@example.org", club: sampleApplication.club }] },
      });
    });

    it("an entry sent while signed in is the account's, whatever it says; once the council checks the College ID, entries with it are too", async () => {
      const { store } = await fresh();
      const student = await signedIn(store, { email: "kabir@example.org", enrollment: "0187CS221212" });
      const { accountKey } = await student.proof();
      expect(
        await store.shareIdea(
          {
            name: "K",
            enrollment: "typed-anything",
            college: "TIT",
            title: "Signed-in idea",
            description: "d",
            impact: "i",
          },
          accountKey,
        ),
      ).toEqual({ ok: true });
      expect(
        await store.sendSuggestion({
          name: "K",
          enrollment: "0187CS221212",
          college: "TIT",
          problem: "Sent signed out",
          solution: "s",
        }),
      ).toEqual({ ok: true });
      expect(await store.students.sentBy(await student.proof())).toMatchObject({
        value: { ideas: [{ title: "Signed-in idea" }], suggestions: [] },
      });

      await store.database.write((trx) =>
        trx
          .updateTable("accounts")
          .set({ college_id_checked_at: new Date().toISOString(), college_id_checked_by: "X" })
          .execute(),
      );
      expect(await store.students.sentBy(await student.proof())).toMatchObject({
        value: { ideas: [{ title: "Signed-in idea" }], suggestions: [{ problem: "Sent signed out" }] },
      });
    });

    it("a team is erased whole only for its proven leader; a proven member takes only their own row", async () => {
      const { config, store } = await fresh();
      // Sent by the leader while signed in: theirs to erase whole.
      const leader = await signedIn(store, { email: "leader@example.org", enrollment: "0187CS221313" });
      expect(
        (await store.registerTeam(sampleTeam("Sent Signed In", "ssi"), (await leader.proof()).accountKey)).ok,
      ).toBe(true);
      // Another team where a proven student is a member.
      expect((await store.registerTeam(sampleTeam("Kept Team", "kept"))).ok).toBe(true);
      const member = await signedIn(store, { email: "kept.member4@example.org", enrollment: "0187CS221414" });
      const memberToken = await tokenFor(config, "kept.member4@example.org");
      expect(await store.emailVerification.confirm(memberToken, member.accountKey)).toEqual({
        ok: true,
        value: "confirmed",
      });

      expect(await store.students.erase(await member.proof())).toMatchObject({
        value: { teamMemberships: 1, teamsLed: 0 },
      });
      expect(
        await countOf(
          config,
          "SELECT COUNT(*) FROM team_members m JOIN teams t ON t.id = m.team_id WHERE t.team_name = 'Kept Team'",
        ),
      ).toBe(5);
      expect(await store.students.erase(await leader.proof())).toMatchObject({ value: { teamsLed: 1 } });
      expect(await countOf(config, "SELECT COUNT(*) FROM teams WHERE team_name = 'Sent Signed In'")).toBe(0);
    });
  });

  describe(`the verification link, on ${engine.name}`, () => {
    it("registration queues one e-mail with a single-use link built from the site's address; only the token's hash is kept", async () => {
      const { config, store } = await fresh();
      await signedIn(store, { email: "neha@example.org", enrollment: "0187CS221515", username: "Neha Gupta" });
      const mails = await queryRows<{
        kind: string;
        recipient: string;
        subject: string;
        text_body: string;
        html_body: string;
        message_id: string;
        status: string;
      }>(config, "SELECT kind, recipient, subject, text_body, html_body, message_id, status FROM outbox");
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail).toMatchObject({ kind: "verify-email", recipient: "neha@example.org", status: "queued" });
      expect(mail!.message_id).toMatch(/^<[0-9a-f-]+@council\.example\.test>$/);
      expect(mail!.text_body).toMatch(/^Hello Neha,/);
      expect(mail!.text_body).toContain("https://council.example.test/verify-email?token=");
      expect(mail!.html_body).toContain('href="https://council.example.test/verify-email?token=');
      // It names the account it confirms, in the body only: the recipient can tell a squatter's account from theirs.
      expect(mail!.text_body).toContain("College ID and name 0187CS221515 (Neha Gupta).");
      expect(mail!.html_body).toContain("College ID and name 0187CS221515 (Neha Gupta).");
      expect(mail!.subject).toBe("Confirm your e-mail address for the Student Council website");
      expect(mail!.text_body).toContain('press "This was not me"');
      // Nothing sensitive is repeated: no date of birth, no phone number.
      expect(mail!.text_body + mail!.html_body).not.toMatch(/2004|9876543210|\+91/);

      const token = await tokenFor(config, "neha@example.org");
      const stored = await queryRows<{ token_hash: string }>(config, "SELECT token_hash FROM email_tokens");
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(token);
      expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("checking a link changes nothing; confirming works once; a link past 24 hours has expired", async () => {
      const { config, store } = await fresh();
      const student = await signedIn(store, { email: "ravi@example.org", enrollment: "0187CS221616" });
      const token = await tokenFor(config, "ravi@example.org");
      // The page names the account the link is for, so its reader knows what Confirm would prove.
      const named = {
        ok: true,
        value: {
          state: "valid",
          account: { accountKey: student.accountKey, collegeId: "0187CS221616", name: "Mallory Rao" },
        },
      };
      expect(await store.emailVerification.check(token)).toEqual(named);
      expect(await store.emailVerification.check(token)).toEqual(named);
      expect((await student.proof()).verifiedEmail).toBeUndefined();
      expect(await store.emailVerification.check("not-a-token")).toMatchObject({
        ok: true,
        value: { state: "unknown" },
      });
      expect(await store.emailVerification.confirm("not-a-token", student.accountKey)).toEqual({
        ok: true,
        value: "unknown",
      });

      expect(await store.emailVerification.confirm(token, student.accountKey)).toEqual({
        ok: true,
        value: "confirmed",
      });
      expect(await store.emailVerification.confirm(token, student.accountKey)).toEqual({ ok: true, value: "used" });
      expect(await store.whoIsSignedIn(student.token)).toMatchObject({ status: "signed-in", emailVerified: true });
      expect(await store.emailVerification.sendLink(student.token)).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "emailAlreadyConfirmed" },
      });

      const late = await signedIn(store, { email: "late@example.org", enrollment: "0187CS221617" });
      const lateToken = await tokenFor(config, "late@example.org");
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 24 * hourMs + 60_000);
      expect(await store.emailVerification.check(lateToken)).toMatchObject({ ok: true, value: { state: "expired" } });
      expect(await store.emailVerification.confirm(lateToken, late.accountKey)).toEqual({ ok: true, value: "expired" });
      expect(await store.whoIsSignedIn(late.token)).toMatchObject({ emailVerified: false });
    });

    it("'Send the link again' queues a new link and the older one stops working", async () => {
      const { config, store } = await fresh();
      const student = await signedIn(store, { email: "old@example.org", enrollment: "0187CS221718" });
      const first = await tokenFor(config, "old@example.org");
      expect(await store.emailVerification.sendLink(student.token)).toEqual({ ok: true });
      const second = await tokenFor(config, "old@example.org");
      expect(second).not.toBe(first);
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox WHERE kind = 'verify-email'")).toBe(2);
      expect(await store.emailVerification.check(first)).toMatchObject({ ok: true, value: { state: "unknown" } });
      expect(await store.emailVerification.confirm(second, student.accountKey)).toEqual({
        ok: true,
        value: "confirmed",
      });
    });

    it("wakes the sender once the e-mail is committed, and not for a refused registration", async () => {
      const config = await engine.freshConfig();
      const seenAtWake: number[] = [];
      const store = engine.open(config, {
        mail: testStoreMail,
        // What a second connection sees when the sender is woken: the e-mail must already be committed.
        onMailQueued: () => void countOf(config, "SELECT COUNT(*) FROM outbox").then((count) => seenAtWake.push(count)),
      });
      await signedIn(store, { email: "wake@example.org", enrollment: "0187CS222326" });
      expect(
        await store.registerAccount({ ...sampleAccount, email: "other.wake@example.org", enrollment: "0187CS222326" }),
      ).toMatchObject({ ok: false, reason: "rejected" });
      await store.shareIdea({
        name: "W",
        enrollment: "0187CS222326",
        college: "TIT",
        title: "t",
        description: "d",
        impact: "i",
      });
      await expect.poll(() => seenAtWake).toEqual([1]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seenAtWake, "woken once, for the one registration that queued an e-mail").toEqual([1]);
    });

    it("a store that sends no e-mail queues nothing and says so when asked for a link", async () => {
      const config = await engine.freshConfig();
      const store = engine.open(config);
      const student = await signedIn(store, { email: "quiet@example.org", enrollment: "0187CS221819" });
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(0);
      expect(await store.emailVerification.sendLink(student.token)).toMatchObject({ ok: false, reason: "rejected" });
    });
  });

  describe(`one confirmed account per e-mail address, on ${engine.name}`, () => {
    it("an address nobody confirmed blocks nobody: accounts registering it at once on two replicas all succeed", async () => {
      const { config, store } = await fresh();
      const replica = engine.open(config, { mail: testStoreMail });
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          (index % 2 ? replica : store).registerAccount({
            ...sampleAccount,
            email: index % 3 ? "Same.Person@Example.org" : "same.person@example.org",
            enrollment: `0187CS2290${String(index).padStart(2, "0")}`,
          }),
        ),
      );
      expect(outcomes).toEqual(Array.from({ length: 6 }, () => ({ ok: true })));
      expect(await countOf(config, "SELECT COUNT(*) FROM accounts")).toBe(6);
      expect(await countOf(config, "SELECT COUNT(*) FROM accounts WHERE email_verified_at IS NOT NULL")).toBe(0);
    });

    it("once one account confirms the address, registering it again is refused plainly and the others' links say it is taken", async () => {
      const { config, store } = await fresh();
      const first = await signedIn(store, { email: "twin@example.org", enrollment: "0187CS221920" });
      const firstToken = await tokenFor(config, "twin@example.org");
      const second = await signedIn(store, { email: "Twin@Example.org", enrollment: "0187CS221921" });
      const secondToken = await tokenFor(config, "twin@example.org");
      expect(await store.emailVerification.confirm(secondToken, second.accountKey)).toEqual({
        ok: true,
        value: "confirmed",
      });
      expect(await store.emailVerification.confirm(firstToken, first.accountKey)).toEqual({ ok: true, value: "taken" });
      expect(await store.emailVerification.sendLink(first.token)).toEqual({ ok: true });
      expect(
        await store.emailVerification.confirm(await tokenFor(config, "twin@example.org"), first.accountKey),
      ).toEqual({
        ok: true,
        value: "taken",
      });
      expect(await countOf(config, "SELECT COUNT(*) FROM accounts WHERE email_verified_at IS NOT NULL")).toBe(1);

      expect(
        await store.registerAccount({ ...sampleAccount, email: "TWIN@example.org", enrollment: "0187CS221922" }),
      ).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "emailTaken" },
      });
    });
  });

  describe(`retention of accounts that never proved their address, on ${engine.name}`, () => {
    it("removes them 7 days after registering, frees the College ID and address, and keeps confirmed and older accounts", async () => {
      const { config, store } = await fresh();
      await signedIn(store, { email: "never@example.org", enrollment: "0187CS222021" });
      const proved = await signedIn(store, { email: "proved@example.org", enrollment: "0187CS222022" });
      expect(
        await store.emailVerification.confirm(await tokenFor(config, "proved@example.org"), proved.accountKey),
      ).toEqual({
        ok: true,
        value: "confirmed",
      });
      // An account from before e-mail existed on the site: nothing asked it to prove anything.
      await store.database.write((trx) =>
        trx.updateTable("accounts").set({ verify_by: null }).where("enrollment", "=", "0187CS222021").execute(),
      );
      await signedIn(store, { email: "new@example.org", enrollment: "0187CS222023" });

      const settings = { idCardDays: 90, submissionDays: 730 };
      expect(await store.applyRetention(settings)).toMatchObject({ unverifiedAccounts: 0 });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 7 * 24 * hourMs + 60_000);
      expect(await store.applyRetention(settings)).toMatchObject({ unverifiedAccounts: 1 });
      expect(
        (await queryRows<{ enrollment: string }>(config, "SELECT enrollment FROM accounts ORDER BY enrollment")).map(
          (row) => row.enrollment,
        ),
      ).toEqual(["0187CS222021", "0187CS222022"]);
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox WHERE recipient = 'new@example.org'")).toBe(0);
      expect(
        await store.registerAccount({ ...sampleAccount, email: "new@example.org", enrollment: "0187CS222023" }),
      ).toEqual({ ok: true });
    });
  });

  describe(`retention of College ID claims, on ${engine.name}`, () => {
    it("deletes a claim with its ID card once ID cards are deleted", async () => {
      const { config, store } = await fresh();
      await signedIn(store, { email: "holder@example.org", enrollment: "0187CS222225" });
      expect(
        await store.accountChecks.submitClaim({
          enrollment: "0187CS222225",
          username: "Real Owner",
          email: "owner@example.org",
          idCard: { mediaType: "image/png", bytes: tinyPng },
        }),
      ).toEqual({ ok: true });
      const settings = { idCardDays: 90, submissionDays: 730 };
      expect(await store.applyRetention(settings)).toMatchObject({ idCards: 0 });
      expect(await countOf(config, "SELECT COUNT(*) FROM college_id_claims")).toBe(1);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 91 * 24 * hourMs);
      expect(await store.applyRetention(settings)).toMatchObject({ idCards: 2 });
      expect(await countOf(config, "SELECT COUNT(*) FROM college_id_claims")).toBe(0);
    });
  });

  describe(`erasure and the outbox, on ${engine.name}`, () => {
    it("deleting an account removes the e-mails queued or sent to it", async () => {
      const { config, store } = await fresh();
      const student = await signedIn(store, { email: "gone@example.org", enrollment: "0187CS222124" });
      expect(await store.emailVerification.sendLink(student.token)).toEqual({ ok: true });
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(2);
      const proof = await student.proof();
      expect((await store.students.erase(proof)).ok).toBe(true);
      expect((await store.eraseAccount(student.token)).ok).toBe(true);
      expect(await countOf(config, "SELECT COUNT(*) FROM outbox")).toBe(0);
      expect(await countOf(config, "SELECT COUNT(*) FROM email_tokens")).toBe(0);
    });
  });
}
