import type { SubmissionResult } from "@conform-to/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collegeIdKey } from "~/server/accounts/college-id.server";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { action as registrationAction } from "~/routes/user-profile-registration";
import type { BuiltInStore, StoreConfig } from "~/server/backend/built-in/store.server";
import { collegeIdReservationDays, reserveCollegeId } from "~/server/backend/built-in/college-id-reservations.server";
import type { AccountRegistration } from "~/server/backend/council-backend.server";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { useFirebaseTestbed } from "../support/firebase-emulator";
import { caught, dataOf, post, routeArgs, statusOf } from "../support/routes";
import { countOf, queryRows, testStoreMail, useStoreEngines } from "../support/store-engines";
import { sampleAccount, tinyPng, upheldClaim } from "../backend/samples";

/**
 * An upheld "This College ID is mine" holds: once the council finds the College ID is the claimant's and removes the
 * account that held it, whoever held it cannot register it again. For 30 days only a registration with the claim's
 * address may take it; then anyone may. On both engines, on both identity backends, in both languages.
 */

const { engines, cluster } = useStoreEngines();
// The PostgreSQL cluster and the Auth emulator start before any test, one after the other, not inside a test's
// deadline nor while other tests keep the machine busy.
const testbed = useFirebaseTestbed(cluster);
const dayMs = 24 * 60 * 60 * 1000;
/** The council member deciding. */
const member = "0187ME220311";
const refusal = { code: "collegeIdReserved" } as const;

const collegeId = "0187CS251234";
/** The squatter registered the claimant's College ID with an address of their own. */
const squatter: AccountRegistration = {
  ...sampleAccount,
  enrollment: collegeId,
  username: "Sunil Squatter",
  email: "squatter@example.org",
  phone: "+919800000001",
};
const claimant = { username: "Priya Claimant", email: "priya.claimant@example.org" };
const claimCard = { mediaType: "image/jpeg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Moves this process's clock (only Date) `ms` on from now. */
function moveClock(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

/** The squatter registers, the claimant claims the College ID, a council member upholds the claim. */
async function squatterRemovedByClaim(store: BuiltInStore) {
  expect(await store.registerAccount(squatter)).toEqual({ ok: true });
  const claim = { enrollment: collegeId.toLowerCase(), ...claimant, idCard: claimCard };
  expect(await upheldClaim(store.accountChecks, claim, member)).toMatchObject({
    ok: true,
    value: { removedAccount: squatter.username },
  });
}

const accounts = (config: StoreConfig) =>
  queryRows<{ enrollment: string; email: string }>(config, "SELECT enrollment, email FROM accounts ORDER BY id");
const mailsTo = (config: StoreConfig, address: string) =>
  countOf(config, `SELECT COUNT(*) FROM outbox WHERE kind = 'verify-email' AND lower(recipient) = '${address}'`);

for (const engine of engines) {
  const fresh = () => engine.freshWithConfig({ mail: testStoreMail });

  describe(`an upheld College ID claim on ${engine.name}`, { timeout: 60_000 }, () => {
    it("the removed squatter cannot register the College ID again, in any spelling; the claimant's address can", async () => {
      const { config, store } = await fresh();
      await squatterRemovedByClaim(store);
      expect(await accounts(config)).toEqual([]);
      const squatterMails = await mailsTo(config, squatter.email);
      // The claimant's e-mail says how long, and with which address.
      const [upheld] = await queryRows<{ text_body: string }>(
        config,
        "SELECT text_body FROM outbox WHERE kind = 'college-id-claim-upheld'",
      );
      expect(upheld!.text_body).toContain(
        `the College ID is kept for you for ${collegeIdReservationDays} days: until then only this e-mail address can register it.`,
      );

      // The squatter again, as registered before, in lower case, in full-width digits, with spaces around it, and
      // with an address of someone else: each refused with the plain message, nothing kept, nothing sent.
      for (const enrollment of [collegeId, collegeId.toLowerCase(), "０１８７ＣＳ２５１２３４", ` ${collegeId} `]) {
        expect(await store.registerAccount({ ...squatter, enrollment })).toEqual({
          ok: false,
          reason: "rejected",
          refusal,
        });
      }
      expect(await store.registerAccount({ ...squatter, email: "friend@example.org" })).toMatchObject({
        refusal,
      });
      expect(await accounts(config)).toEqual([]);
      expect(await mailsTo(config, squatter.email)).toBe(squatterMails);
      expect(await mailsTo(config, "friend@example.org")).toBe(0);

      // The claimant, with the claim's address in other letter case.
      expect(
        await store.registerAccount({
          ...squatter,
          ...claimant,
          email: claimant.email.toUpperCase(),
          phone: "+919800000002",
        }),
      ).toEqual({ ok: true });
      expect(await accounts(config)).toEqual([{ enrollment: collegeId, email: claimant.email.toUpperCase() }]);
      // The College ID is the claimant's account's now: taken, as for any account.
      expect(await store.registerAccount(squatter)).toMatchObject({ ok: false, reason: "rejected" });
    });

    it("a registration with the claim's address does not end the reservation: removed unconfirmed, it holds again", async () => {
      const { config, store } = await fresh();
      await squatterRemovedByClaim(store);
      // Someone who knows the claimant's address registers with it: accepted (nobody can tell), never confirmed.
      expect(await store.registerAccount({ ...squatter, email: claimant.email })).toEqual({ ok: true });
      moveClock(7 * dayMs + 60_000);
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({
        unverifiedAccounts: 1,
        reservations: 0,
      });
      expect(await accounts(config)).toEqual([]);
      expect(await store.registerAccount(squatter)).toMatchObject({ ok: false, refusal });
    });

    it("once the claimant has confirmed the address, retention ends the reservation and keeps the address no longer", async () => {
      const { config, store } = await fresh();
      await squatterRemovedByClaim(store);
      expect(await store.registerAccount({ ...squatter, ...claimant, phone: "+919800000002" })).toEqual({ ok: true });
      expect(await countOf(config, "SELECT COUNT(*) FROM college_id_reservations")).toBe(1);
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({ reservations: 0 });
      await store.database.write((trx) =>
        trx.updateTable("accounts").set({ email_verified_at: new Date().toISOString() }).execute(),
      );
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({ reservations: 1 });
      expect(await countOf(config, "SELECT COUNT(*) FROM college_id_reservations")).toBe(0);
    });

    it(`after ${collegeIdReservationDays} days anyone may register the College ID, and retention deletes the reservation`, async () => {
      const { config, store } = await fresh();
      await squatterRemovedByClaim(store);
      moveClock(collegeIdReservationDays * dayMs - 60_000);
      expect(await store.registerAccount(squatter), "a minute before the end").toMatchObject({ refusal });
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({ reservations: 0 });

      moveClock(2 * 60_000);
      expect(await store.applyRetention({ idCardDays: 90, submissionDays: 730 })).toMatchObject({ reservations: 1 });
      expect(await countOf(config, "SELECT COUNT(*) FROM college_id_reservations")).toBe(0);
      expect(await store.registerAccount(squatter)).toEqual({ ok: true });
    });

    it("a claim found to be wrong reserves nothing", async () => {
      const { config, store } = await fresh();
      expect(await store.registerAccount(squatter)).toEqual({ ok: true });
      await store.accountChecks.submitClaim({ enrollment: collegeId, ...claimant, idCard: claimCard });
      const open = await store.accountChecks.openClaims(10);
      const claimId = open.ok ? open.value.claims[0]!.id : 0;
      expect((await store.accountChecks.resolveClaim(claimId, "account", member)).ok).toBe(true);
      expect(await countOf(config, "SELECT COUNT(*) FROM college_id_reservations")).toBe(0);
    });
  });
}

describe("collegeIdKey", () => {
  it("makes one College ID of its spellings: letter case, full width, long s and dotless i, spaces around", () => {
    const key = collegeIdKey("0101SI227777");
    for (const spelling of ["0101si227777", "０１０１ＳＩ２２７７７７", "0101ſı227777", " 0101SI227777\t"])
      expect(collegeIdKey(spelling)).toBe(key);
    expect(collegeIdKey("0101SL227777")).not.toBe(key);
  });
});

describe("the refusal on the registration page", () => {
  const store = () => {
    const builtIn = usedBuiltInStore();
    if (!builtIn) throw new Error("these tests need the built-in store");
    return builtIn;
  };
  beforeEach(async () => {
    await limits.reset();
    await store().database.write((trx) => trx.deleteFrom("college_id_reservations").execute());
  });

  it("is the store's own words in the catalogue, said in English and in Hindi", async () => {
    expect(en.forms.refusals.collegeIdReserved).toBe(
      "This College ID is kept for the student the council found it belongs to. If it is yours, register with the e-mail address you gave the council.",
    );
    await store().database.write((trx) =>
      reserveCollegeId(trx, { collegeId: "0187CS269999", email: claimant.email, claimId: 1 }),
    );
    for (const [path, expected] of [
      ["/userProfileRegistration", en.forms.refusals.collegeIdReserved],
      ["/hi/userProfileRegistration", hi.forms.refusals.collegeIdReserved],
    ] as const) {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        username: "Sunil Squatter",
        email: "squatter.page@example.org",
        enrollment: "0187cs269999",
        college: "TIT",
        branch: "CSE",
        phone: "9876543210",
        dob: "2004-09-05",
        gender: "Male",
        consent: "on",
      }))
        body.append(name, value);
      body.append("idCard", new File([new Uint8Array(tinyPng)], "id-card.png", { type: "image/png" }));
      const result = await caught(registrationAction(routeArgs(post(path, body))));
      expect(statusOf(result)).toBe(400);
      const reply = dataOf<SubmissionResult<string[]> & { collegeIdTaken?: true }>(result);
      expect(reply.error?.[""]).toEqual([expected]);
      // Nothing to claim: the council has decided.
      expect(reply.collegeIdTaken).toBeUndefined();
    }
    expect(hi.forms.refusals.collegeIdReserved).not.toBe(en.forms.refusals.collegeIdReserved);
  });
});

describe("Firebase sign-in asks the same reservation", () => {
  for (const engine of engines) {
    it(`on ${engine.name}: only the claim's address registers a reserved College ID in Firebase`, async () => {
      const { config, store } = await engine.freshWithConfig({ mail: testStoreMail });
      const identity = testbed.identity(store);
      await store.database.write((trx) => reserveCollegeId(trx, { collegeId, email: claimant.email, claimId: 1 }));

      expect(await identity.registerAccount({ ...squatter, enrollment: collegeId.toLowerCase() })).toEqual({
        ok: false,
        reason: "rejected",
        refusal,
      });
      await expect(testbed.auth.getUser(collegeId)).rejects.toMatchObject({ code: "auth/user-not-found" });
      expect(await countOf(config, "SELECT COUNT(*) FROM profiles")).toBe(0);

      expect(await identity.registerAccount({ ...squatter, ...claimant, email: claimant.email.toUpperCase() })).toEqual(
        { ok: true },
      );
      // The typed address is the site's profile's until confirmed (the Firebase user holds a placeholder).
      const profiles = await queryRows<{ email: string | null }>(config, "SELECT email FROM profiles");
      expect(profiles.map((profile) => profile.email?.toLowerCase())).toEqual([claimant.email]);
    }, 60_000);
  }
});
