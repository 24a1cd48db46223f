import type { Refusal } from "~/types/refusals";
import { sql } from "kysely";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { openBuiltInStore, type BuiltInStore, type StoreConfig } from "~/server/backend/built-in/store.server";
import { storeMail, type StoreMailSettings } from "~/server/mail/mail-writer.server";
import { log } from "~/server/ops/log.server";
import { useStoreEngines } from "../support/store-engines";
import { sampleAccount, sampleApplication, studentPassword, tinyPng } from "./samples";

/**
 * The council's checks of College IDs against ID cards, and "This College ID is mine", on both engines: what awaits a
 * check, confirming (which makes the College ID link the student's entries), rejecting (the account goes, its College
 * ID is free, the student is told, all or nothing), claims and their resolution either way.
 */

const { engines } = useStoreEngines();

const mail: StoreMailSettings = {
  siteUrl: "https://council.example.test",
  messageIdDomain: "council.example.test",
  siteName: "Student Council",
  contactEmail: "studentcouncil@example.org",
};

/** The council member deciding, by College ID. */
const member = "0187ME220311";

/** A small JPEG's first bytes: the claimant's card, told apart from the accounts' PNG. */
const claimCard = { mediaType: "image/jpeg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) };

const opened: BuiltInStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
});
afterEach(() => vi.restoreAllMocks());

function student(n: number, name = `Student ${n}`) {
  return {
    ...sampleAccount,
    username: name,
    enrollment: `0187CS25${String(n).padStart(4, "0")}`,
    email: `student${n}@example.org`,
  };
}

for (const engine of engines) {
  /** A new store of this engine that queues e-mails (or not, with `mailOn: false`). */
  async function fresh({ mailOn = true } = {}): Promise<{ store: BuiltInStore; config: StoreConfig }> {
    const config = await engine.freshConfig();
    const store = openBuiltInStore(config, mailOn ? { mail: storeMail(mail) } : {});
    opened.push(store);
    await store.database.ready();
    return { store, config };
  }

  async function register(store: BuiltInStore, account: ReturnType<typeof student>): Promise<string> {
    expect(await store.registerAccount(account)).toEqual({ ok: true });
    const row = await store.database.read((trx) =>
      trx.selectFrom("accounts").select("uid").where("enrollment", "=", account.enrollment).executeTakeFirstOrThrow(),
    );
    return row.uid;
  }

  const outbox = (store: BuiltInStore) =>
    store.database.read((trx) =>
      trx.selectFrom("outbox").select(["kind", "recipient", "text_body", "account_key"]).orderBy("id").execute(),
    );

  describe(`account checks on ${engine.name}`, () => {
    it("lists the accounts awaiting a check newest first, a page at a time, found by name or College ID", async () => {
      const { store } = await fresh();
      const keys = [];
      for (const n of [1, 2, 3])
        keys.push(await register(store, student(n, `Student ${["Asha", "Ravi", "Meera"][n - 1]}`)));
      // The second student proves the address through the link they were sent.
      const [verification] = (await outbox(store)).filter((row) => row.recipient === "student2@example.org");
      const token = /token=([A-Za-z0-9_-]+)/.exec(verification!.text_body)![1]!;
      expect(await store.emailVerification.confirm(token, keys[1]!)).toEqual({ ok: true, value: "confirmed" });
      expect((await store.accountChecks.confirmCollegeId(keys[0]!, member)).ok).toBe(true);

      const all = await store.accountChecks.awaiting({ page: 1, pageSize: 20 });
      expect(all).toEqual({
        ok: true,
        value: {
          accounts: [
            {
              key: keys[2],
              name: "Student Meera",
              collegeId: "0187CS250003",
              college: sampleAccount.college,
              branch: sampleAccount.branch,
              createdAt: expect.any(String) as string,
              emailVerified: false,
              idCardKept: true,
            },
            expect.objectContaining({ key: keys[1], name: "Student Ravi", emailVerified: true }),
          ],
          total: 2,
          page: 1,
          pageCount: 1,
        },
      });
      const second = await store.accountChecks.awaiting({ page: 2, pageSize: 1 });
      expect(second.ok && second.value).toMatchObject({ accounts: [{ key: keys[1] }], total: 2, pageCount: 2 });
      const byId = await store.accountChecks.awaiting({ page: 1, pageSize: 20, search: "0187cs250002" });
      expect(byId.ok && byId.value.accounts.map((account) => account.name)).toEqual(["Student Ravi"]);
      const byName = await store.accountChecks.awaiting({ page: 1, pageSize: 20, search: "meer" });
      expect(byName.ok && byName.value.accounts.map((account) => account.name)).toEqual(["Student Meera"]);
      const literal = await store.accountChecks.awaiting({ page: 1, pageSize: 20, search: "%" });
      expect(literal.ok && literal.value.total).toBe(0);
    });

    it("confirming records who and when, and from then on the College ID proves the student's entries", async () => {
      const { store } = await fresh();
      const account = student(1);
      const key = await register(store, account);
      expect(
        await store.applyToCouncil({ ...sampleApplication, enrollment: account.enrollment.toLowerCase() }),
      ).toEqual({ ok: true });
      const login = await store.logIn(account.enrollment, studentPassword);
      if (!login.ok) throw new Error("login failed");
      const before = await store.accountRecord(login.value);
      expect(before.ok && before.value.collegeIdChecked).toBe(false);

      expect(await store.accountChecks.confirmCollegeId(key, member)).toEqual({
        ok: true,
        value: { name: account.username, collegeId: account.enrollment, told: false },
      });
      const row = await store.database.read((trx) =>
        trx
          .selectFrom("accounts")
          .select(["college_id_checked_at", "college_id_checked_by"])
          .where("uid", "=", key)
          .executeTakeFirstOrThrow(),
      );
      expect(row.college_id_checked_by).toBe(member);
      expect(Date.parse(row.college_id_checked_at!)).not.toBeNaN();
      const after = await store.accountRecord(login.value);
      if (!after.ok) throw new Error("not ok");
      expect(after.value.collegeIdChecked).toBe(true);
      const sent = await store.students.sentBy({ accountKey: key, checkedCollegeId: after.value.collegeId });
      expect(sent.ok && sent.value.applications.map((application) => application.club)).toEqual([
        sampleApplication.club,
      ]);
      const awaiting = await store.accountChecks.awaiting({ page: 1, pageSize: 20 });
      expect(awaiting.ok && awaiting.value.total).toBe(0);

      // Once is enough, and a confirmation sends no e-mail.
      expect(await store.accountChecks.confirmCollegeId(key, member)).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "alreadyChecked" },
      });
      // The verification link and the application's receipt, nothing from the check.
      expect((await outbox(store)).map((message) => message.kind).sort()).toEqual([
        "application-receipt",
        "verify-email",
      ]);
    });

    it("refuses an unknown account, a member's own account and an account whose ID card was deleted", async () => {
      const { store } = await fresh();
      const own = await register(store, student(1));
      const old = await register(store, student(2));
      await store.database.write((trx) =>
        trx
          .updateTable("accounts")
          .set({ id_card: Buffer.alloc(0), id_card_type: "", id_card_deleted_at: new Date(0).toISOString() })
          .where("uid", "=", old)
          .execute(),
      );
      const refused = (refusal: Refusal) => ({ ok: false, reason: "rejected", refusal });
      const unknown = "0".repeat(32);
      expect(await store.accountChecks.confirmCollegeId(unknown, member)).toEqual(refused({ code: "unknownAccount" }));
      expect(await store.accountChecks.rejectAccount(unknown, member)).toEqual(refused({ code: "unknownAccount" }));
      expect(await store.accountChecks.confirmCollegeId(own, "0187cs250001")).toEqual(refused({ code: "ownAccount" }));
      expect(await store.accountChecks.rejectAccount(own, "0187CS250001")).toEqual(refused({ code: "ownAccount" }));
      expect(await store.accountChecks.confirmCollegeId(old, member)).toEqual(refused({ code: "idCardDeleted" }));
      expect(await store.accountChecks.accountIdCard(old)).toMatchObject({ ok: false, reason: "rejected" });
      expect(await store.accountChecks.accountIdCard(unknown)).toMatchObject({ ok: false, reason: "rejected" });
      const card = await store.accountChecks.accountIdCard(own);
      expect(card.ok && card.value.mediaType).toBe("image/png");
      expect(card.ok && Buffer.from(card.value.bytes).equals(tinyPng)).toBe(true);
    });

    it("rejecting removes the account with its sessions and links, frees the College ID and tells the student once", async () => {
      const { store } = await fresh();
      const account = student(1);
      const key = await register(store, account);
      const other = await register(store, student(2));
      const login = await store.logIn(account.enrollment, studentPassword);
      if (!login.ok) throw new Error("login failed");

      expect(await store.accountChecks.rejectAccount(key, member)).toEqual({
        ok: true,
        value: { name: account.username, collegeId: account.enrollment, told: true },
      });
      expect(await store.whoIsSignedIn(login.value)).toEqual({ status: "signed-out" });
      const left = await store.database.read(async (trx) => ({
        accounts: await trx.selectFrom("accounts").select("uid").execute(),
        tokens: await trx.selectFrom("email_tokens").select("id").execute(),
        sessions: await trx.selectFrom("sessions").select("id").execute(),
        erasures: await trx.selectFrom("erasures").selectAll().execute(),
      }));
      expect(left.accounts).toEqual([{ uid: other }]);
      expect(left.tokens).toHaveLength(1);
      expect(left.sessions).toEqual([]);
      expect(left.erasures).toEqual([
        expect.objectContaining({
          section: "accounts",
          entry_id: null,
          what: "account",
          reason: "council-request",
          by_college_id: member,
        }),
      ]);
      // Its unused verification e-mail went with it; exactly one e-mail to the address says why.
      const messages = (await outbox(store)).filter((message) => message.recipient === account.email);
      expect(messages.map((message) => message.kind)).toEqual(["account-rejected"]);
      expect(messages[0]!.text_body).toContain(`compared the College ID of your account (${account.enrollment})`);
      expect(messages[0]!.text_body).toContain("https://council.example.test/userProfileRegistration");

      // The College ID is free again, for the student it belongs to.
      expect(await store.registerAccount({ ...account, email: "the.real.one@example.org" })).toEqual({ ok: true });
    });

    it("rejecting is all or nothing: when the e-mail cannot be queued, the account stays", async () => {
      const { store } = await fresh();
      const key = await register(store, student(1));
      vi.spyOn(log, "error").mockImplementation(() => undefined);
      await store.database.write((trx) => sql`DROP TABLE outbox`.execute(trx));

      expect(await store.accountChecks.rejectAccount(key, member)).toEqual({ ok: false, reason: "unavailable" });
      const left = await store.database.read((trx) => trx.selectFrom("accounts").select("uid").execute());
      expect(left).toEqual([{ uid: key }]);
      const erasures = await store.database.read((trx) => trx.selectFrom("erasures").select("id").execute());
      expect(erasures).toEqual([]);
    });

    it("with e-mail off, rejecting queues nothing and says so", async () => {
      const { store } = await fresh({ mailOn: false });
      const account = student(1);
      const key = await register(store, account);
      expect(await store.accountChecks.rejectAccount(key, member)).toEqual({
        ok: true,
        value: { name: account.username, collegeId: account.enrollment, told: false },
      });
      expect(await outbox(store)).toEqual([]);
    });

    it("two members deciding on one account at once: one decision counts, the other is refused", async () => {
      const { store } = await fresh();
      const key = await register(store, student(1));
      const [confirmed, rejected] = await Promise.all([
        store.accountChecks.confirmCollegeId(key, member),
        store.accountChecks.rejectAccount(key, "0187ME220312"),
      ]);
      expect([confirmed.ok, rejected.ok].filter(Boolean)).toHaveLength(1);
      const accounts = await store.database.read((trx) =>
        trx.selectFrom("accounts").select("college_id_checked_at").execute(),
      );
      if (confirmed.ok) expect(accounts).toEqual([{ college_id_checked_at: expect.any(String) as string }]);
      else expect(accounts).toEqual([]);
    });

    it("keeps a claim with the claimant's own ID card and tells the claimant it arrived", async () => {
      const { store } = await fresh();
      const holder = student(1, "Rohit Holder");
      const holderKey = await register(store, holder);
      const claim = {
        enrollment: holder.enrollment.toLowerCase(),
        username: "Priya Claimant",
        email: "priya@example.org",
        idCard: claimCard,
      };
      expect(await store.accountChecks.submitClaim(claim)).toEqual({ ok: true });

      const open = await store.accountChecks.openClaims(50);
      if (!open.ok) throw new Error("not ok");
      expect(open.value).toEqual({
        total: 1,
        claims: [
          {
            id: expect.any(Number) as number,
            collegeId: holder.enrollment.toLowerCase(),
            claimant: { name: "Priya Claimant", email: "priya@example.org" },
            createdAt: expect.any(String) as string,
            account: expect.objectContaining({
              key: holderKey,
              name: "Rohit Holder",
              collegeIdChecked: false,
            }) as object,
          },
        ],
      });
      const card = await store.accountChecks.claimIdCard(open.value.claims[0]!.id);
      expect(card.ok && card.value.mediaType).toBe("image/jpeg");
      expect(card.ok && [...card.value.bytes]).toEqual([...claimCard.bytes]);
      expect(await store.accountChecks.claimIdCard(open.value.claims[0]!.id + 1)).toMatchObject({ ok: false });

      const mails = (await outbox(store)).filter((message) => message.recipient === "priya@example.org");
      expect(mails.map((message) => message.kind)).toEqual(["college-id-claim"]);
      expect(mails[0]!.text_body).toContain("A council member will compare both ID cards");

      // Pressing Send twice adds nothing; a College ID nobody holds needs no claim.
      expect(await store.accountChecks.submitClaim({ ...claim, email: "PRIYA@example.org" })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "claimPending" },
      });
      expect(await store.accountChecks.submitClaim({ ...claim, enrollment: "0187XX000000" })).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "noAccountToClaim" },
      });
      const rows = await store.database.read((trx) => trx.selectFrom("college_id_claims").select("id").execute());
      expect(rows).toHaveLength(1);
    });

    it("a claim found to be right removes the account that held the College ID and tells both", async () => {
      const { store } = await fresh();
      const holder = student(1, "Rohit Holder");
      await register(store, holder);
      expect(
        (
          await store.accountChecks.submitClaim({
            enrollment: holder.enrollment,
            username: "Priya Claimant",
            email: "priya@example.org",
            idCard: claimCard,
          })
        ).ok,
      ).toBe(true);
      const open = await store.accountChecks.openClaims(50);
      const claimId = open.ok ? open.value.claims[0]!.id : 0;

      // Whoever holds the College ID does not decide.
      expect(await store.accountChecks.resolveClaim(claimId, "account", holder.enrollment)).toMatchObject({
        ok: false,
        refusal: { code: "ownAccount" },
      });
      expect(await store.accountChecks.resolveClaim(claimId, "claimant", member)).toEqual({
        ok: true,
        value: { collegeId: holder.enrollment, claimant: "Priya Claimant", removedAccount: "Rohit Holder", told: true },
      });
      const claim = await store.database.read((trx) =>
        trx
          .selectFrom("college_id_claims")
          .select(["resolution", "resolved_by", "resolved_at"])
          .executeTakeFirstOrThrow(),
      );
      expect(claim).toEqual({ resolution: "claimant", resolved_by: member, resolved_at: expect.any(String) as string });
      const accounts = await store.database.read((trx) => trx.selectFrom("accounts").select("id").execute());
      expect(accounts).toEqual([]);
      const erasures = await store.database.read((trx) => trx.selectFrom("erasures").select("reason").execute());
      expect(erasures).toEqual([{ reason: "council-request" }]);
      const told = (await outbox(store)).filter(
        (message) => message.kind !== "verify-email" && message.kind !== "college-id-claim",
      );
      expect(told.map((message) => [message.kind, message.recipient])).toEqual([
        ["account-claimed", holder.email],
        ["college-id-claim-upheld", "priya@example.org"],
      ]);
      expect(await store.accountChecks.openClaims(50)).toEqual({ ok: true, value: { claims: [], total: 0 } });
      expect(await store.accountChecks.resolveClaim(claimId, "account", member)).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "claimResolved" },
      });
      // The College ID is the claimant's to register now.
      expect(
        await store.registerAccount({ ...holder, username: "Priya Claimant", email: "priya@example.org" }),
      ).toEqual({ ok: true });
    });

    it("a claim found to be wrong is closed, the account stays, and the claimant is told", async () => {
      const { store } = await fresh();
      const holder = student(1, "Rohit Holder");
      const holderKey = await register(store, holder);
      await store.accountChecks.submitClaim({
        enrollment: holder.enrollment,
        username: "Priya Claimant",
        email: "priya@example.org",
        idCard: claimCard,
      });
      const open = await store.accountChecks.openClaims(50);
      const claimId = open.ok ? open.value.claims[0]!.id : 0;

      expect(await store.accountChecks.resolveClaim(claimId, "account", member)).toEqual({
        ok: true,
        value: { collegeId: holder.enrollment, claimant: "Priya Claimant", told: true },
      });
      const accounts = await store.database.read((trx) => trx.selectFrom("accounts").select("uid").execute());
      expect(accounts).toEqual([{ uid: holderKey }]);
      const told = (await outbox(store)).filter((message) => message.recipient === "priya@example.org");
      expect(told.map((message) => message.kind)).toEqual(["college-id-claim", "college-id-claim-declined"]);
      expect((await outbox(store)).filter((message) => message.recipient === holder.email)).toHaveLength(1);
      const after = await store.accountChecks.openClaims(50);
      expect(after.ok && after.value.total).toBe(0);
      expect(await store.accountChecks.resolveClaim(claimId + 100, "account", member)).toEqual({
        ok: false,
        reason: "rejected",
        refusal: { code: "unknownClaim" },
      });
    });
  });
}
