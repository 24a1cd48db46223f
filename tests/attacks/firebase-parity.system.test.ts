import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collegeIdKey } from "~/server/accounts/college-id.server";
import { proofOf } from "~/server/students/student-proof.server";
import { action as loginAction } from "~/routes/login";
import { loader as claimLoader } from "~/routes/college-id-claim";
import type { BuiltInStore, StoreConfig } from "~/server/backend/built-in/store.server";
import type { AccountRegistration, IdentityProvider } from "~/server/backend/council-backend.server";
import type { FirebaseIdentity } from "~/server/backend/firebase-identity.server";
import { limits } from "~/server/requests/limits.server";
import { testApiKey, useFirebaseTestbed } from "../support/firebase-emulator";
import { useLoggedLines } from "../support/logs";
import { routeIdentity } from "../support/route-identity";
import { post, routeArgs, setCookieOf, statusOf } from "../support/routes";
import { countOf, queryRows, testStoreMail, useStoreEngines } from "../support/store-engines";
import { sampleAccount, studentPassword, tinyPng } from "../backend/samples";

/**
 * Firebase mode keeps the built-in store's promises, tried as an attacker would (on the Auth emulator, with the store
 * on SQLite and PostgreSQL):
 * - a key of "sent while signed in" entries is never given to a later holder of the College ID (retention, erasure,
 *   an upheld claim), while accounts from before keep theirs;
 * - Unicode spellings of a College ID (ſ, ı, ß, ﬆ, full-width digits) reach one account and count against one
 *   lockout, on both identity backends; `__proto__` and `constructor` have a lockout, and no error is logged;
 * - "This College ID is mine" works, and upholding it removes the Firebase user;
 * - a user made through Firebase's own REST API with the public Web API key, and an address changed there, do not
 *   outlive the 7 days an unconfirmed registration has;
 * - a phone number blocks nobody: a squatter registering with a classmate's number takes nothing from them.
 */

// The login route uses whatever identity the test puts in routeIdentity; the claim form and the council's check pages
// are offered where the identity brings them (Firebase does).
vi.mock("~/server/backend/running-backends.server", async () => {
  const { routeBackend, signInMembers } = await import("../support/route-identity");
  return routeBackend([...signInMembers, "accountChecks"]);
});

const { engines } = useStoreEngines();
const apiKey = testApiKey;
const dayMs = 24 * 60 * 60 * 1000;

const testbed = useFirebaseTestbed();
const errors = useLoggedLines(["error"]);

beforeEach(async () => {
  await limits.reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The site's adapter with the council's checks and claims, as the site runs it on the built-in store. */
const firebaseIdentity = (store: BuiltInStore): FirebaseIdentity =>
  testbed.identity(store, { database: store.database });

function student(enrollment: string, n: number): AccountRegistration {
  const digits = String(n).padStart(2, "0");
  return {
    ...sampleAccount,
    enrollment,
    email: `parity.student${digits}@example.org`,
    username: `Parity Student${digits}`,
    phone: `+91987651${digits}00`,
    idCard: { mediaType: "image/png", bytes: tinyPng },
  };
}

async function register(identity: IdentityProvider, account: AccountRegistration) {
  const registered = await identity.registerAccount(account);
  if (!registered.ok) throw new Error(`registration failed: ${JSON.stringify(registered)}`);
}

async function logIn(identity: IdentityProvider, collegeId: string) {
  const login = await identity.logIn(collegeId, studentPassword);
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.value;
}

/** The proof the profile, the download and the erasure compute for the signed-in account. */
async function proofFor(identity: IdentityProvider, credentials: string) {
  const record = await identity.accountRecord!(credentials);
  if (!record.ok) throw new Error(`no record: ${JSON.stringify(record)}`);
  return proofOf(record.value);
}

/** Moves this process's clock (only Date: Firebase's calls and the deadlines still run) `ms` on from now. */
function moveClock(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

/** Firebase's REST API as anyone holding the project's public Web API key calls it. */
async function restCall(method: string, body: Record<string, unknown>) {
  const response = await fetch(
    `http://${testbed.emulator.host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`,
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
  );
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`accounts:${method} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

async function userExists(uid: string): Promise<boolean> {
  return testbed.auth.getUser(uid).then(
    () => true,
    () => false,
  );
}

const loginStatus = async (collegeId: string, password: string, cookie?: string) => {
  const result = await loginAction(routeArgs(post("/login", { collegeId, password }, cookie ? { cookie } : {})));
  return { status: statusOf(result), device: setCookieOf(result, "__device") };
};

describe("one key for a College ID", () => {
  it("maps the Unicode spellings of a College ID to one key", () => {
    const key = collegeIdKey("0101SI227777");
    for (const spelling of [
      "0101ſı227777",
      "0101si227777",
      " 0101Si227777 ",
      "０１０１ＳＩ２２７７７７",
      "0101ſI227777",
    ])
      expect(collegeIdKey(spelling), spelling).toBe(key);
    expect(collegeIdKey("STRASSE")).toBe(collegeIdKey("straße"));
    expect(collegeIdKey("STRASSE")).toBe(collegeIdKey("straẞe"));
    expect(collegeIdKey("ST")).toBe(collegeIdKey("ﬆ"));
  });

  it("is its own key, and never tells apart two IDs lower case or upper case alone would join", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 12 }),
        fc.string({ unit: "grapheme", maxLength: 12 }),
        (a, b) => {
          const key = collegeIdKey(a);
          expect(collegeIdKey(key)).toBe(key);
          if (a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase())
            expect(collegeIdKey(b)).toBe(key);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

for (const engine of engines) {
  const fresh = () => engine.freshWithConfig({ mail: testStoreMail });

  const backends = [
    { name: "the built-in store", identity: (store: BuiltInStore): IdentityProvider => store },
    { name: "Firebase", identity: firebaseIdentity },
  ];

  for (const backend of backends) {
    describe(`the login lockout with ${backend.name}, on ${engine.name}`, () => {
      it("Unicode spellings of a College ID sign in to the same account and share its 5 guesses", async () => {
        const { store } = await fresh();
        const identity = backend.identity(store);
        routeIdentity.current = identity;
        await register(identity, student("0101SI227777", 1));

        // One spelling signs in to the account itself.
        expect((await loginStatus("0101ſı227777", studentPassword)).status).toBe(302);
        await limits.reset();

        const spellings = [
          "0101ſı227777",
          "0101SI227777",
          "0101si227777",
          "0101ſI227777",
          "０１０１SI227777",
          "0101sı227777",
        ];
        const answers = [];
        for (const [index, spelling] of spellings.entries())
          answers.push((await loginStatus(spelling, `0101200${index}`)).status);
        expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
        // The right password in any spelling waits like the others.
        expect((await loginStatus("0101SI227777", studentPassword)).status).toBe(429);
        expect((await loginStatus("0101ſı227777", studentPassword)).status).toBe(429);
      }, 60_000);

      it("a College ID spelled with ſ, ı or full-width digits is the same College ID: a second registration is refused", async () => {
        const { store } = await fresh();
        const identity = backend.identity(store);
        await register(identity, student("0101SI227777", 1));
        for (const [n, spelling] of ["0101ſı227777", "０１０１si227777"].entries()) {
          expect(await identity.registerAccount(student(spelling, n + 2)), spelling).toEqual({
            ok: false,
            reason: "rejected",
            refusal: { code: "collegeIdTaken" },
          });
        }
      }, 60_000);

      it("__proto__ and constructor have a lockout like any College ID, also from a browser with a device cookie, and log no error", async () => {
        const { store } = await fresh();
        const identity = backend.identity(store);
        routeIdentity.current = identity;
        await register(identity, student("0101SI227777", 1));
        // A browser that signed in before carries a device cookie: the lookup that found Object.prototype.
        const signedIn = await loginStatus("0101SI227777", studentPassword);
        const cookie = signedIn.device?.split(";")[0];
        expect(cookie).toBeDefined();

        for (const [n, collegeId] of ["__proto__", "constructor"].entries()) {
          await register(identity, student(collegeId, n + 2));
          for (const visit of [undefined, cookie]) {
            await limits.reset();
            const answers = [];
            for (let attempt = 0; attempt < 6; attempt += 1)
              answers.push((await loginStatus(collegeId, `0101200${attempt}`, visit)).status);
            expect(answers, `${collegeId} ${visit ? "with" : "without"} a device cookie`).toEqual([
              401, 401, 401, 401, 401, 429,
            ]);
            expect((await loginStatus(collegeId, studentPassword, visit)).status).toBe(429);
          }
        }
        expect(errors).toEqual([]);
      }, 90_000);
    });
  }

  describe(`keys of Firebase accounts, on ${engine.name}`, () => {
    async function sendIdea(store: BuiltInStore, accountKey: string, title: string) {
      const idea = { name: "S", enrollment: "typed", college: "TIT", title, description: "d", impact: "i" };
      expect(await store.shareIdea(idea, accountKey)).toEqual({ ok: true });
    }

    it("after retention removes an unconfirmed account, the next holder of its College ID sees none of its entries", async () => {
      const { config, store } = await fresh();
      const identity = firebaseIdentity(store);
      const first = student("0187CS220001", 1);
      await register(identity, first);
      const firstProof = await proofFor(identity, await logIn(identity, first.enrollment));
      await sendIdea(store, firstProof.accountKey, "The first student's idea");
      expect(firstProof.accountKey).not.toContain(first.enrollment);

      moveClock(8 * dayMs);
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 1, complete: true });
      vi.useRealTimers();
      expect(
        await countOf(config, `SELECT COUNT(*) FROM account_keys WHERE retired_at IS NULL AND uid = '0187CS220001'`),
      ).toBe(0);

      // Anyone registering the same College ID, in whatever spelling, unconfirmed and unchecked.
      const squatter = { ...student("0187cs220001", 2) };
      await register(identity, squatter);
      const credentials = await logIn(identity, "0187CS220001");
      const proof = await proofFor(identity, credentials);
      expect(proof.accountKey).not.toBe(firstProof.accountKey);
      expect(await store.students.sentBy(proof)).toMatchObject({ ok: true, value: { ideas: [] } });
      const record = await identity.accountRecord!(credentials);
      expect(record.ok && record.value.accountKey).toBe(proof.accountKey);
    });

    it("erasure and a user made again in the console under the same uid retire the key; an account from before keeps its own", async () => {
      const { config, store } = await fresh();
      const identity = firebaseIdentity(store);

      // An account from before: its details, and the key the migration gave it (firebase:<uid>, no creation time).
      const legacy = student("0187CS220009", 9);
      await testbed.auth.createUser({
        uid: legacy.enrollment,
        email: legacy.email,
        password: studentPassword,
        displayName: legacy.username,
      });
      await store.database.write(async (trx) => {
        await trx
          .insertInto("profiles")
          .values({
            uid: legacy.enrollment,
            college: "TIT",
            branch: "CSE",
            dob: "2004-03-09",
            gender: "Female",
            id_card_type: "image/png",
            id_card: Buffer.from(tinyPng),
            saved_at: new Date().toISOString(),
            id_card_deleted_at: null,
            college_id_checked_at: null,
            college_id_checked_by: null,
            verify_by: null,
            email: null,
          })
          .execute();
        await trx
          .insertInto("account_keys")
          .values({
            account_key: `firebase:${legacy.enrollment}`,
            uid: legacy.enrollment,
            user_created_at: null,
            retired_at: null,
          })
          .execute();
      });
      await sendIdea(store, `firebase:${legacy.enrollment}`, "Sent before keys were random");
      const legacyCredentials = await logIn(identity, legacy.enrollment);
      const legacyProof = await proofFor(identity, legacyCredentials);
      expect(legacyProof.accountKey).toBe(`firebase:${legacy.enrollment}`);
      expect(await store.students.sentBy(legacyProof)).toMatchObject({
        value: { ideas: [{ title: "Sent before keys were random" }] },
      });

      // The student erases the account; someone registers the College ID again.
      expect((await identity.eraseAccount!(legacyCredentials)).ok).toBe(true);
      await register(identity, { ...legacy, email: "next.holder@example.org", phone: "+919876500999" });
      const nextProof = await proofFor(identity, await logIn(identity, legacy.enrollment));
      expect(nextProof.accountKey).not.toBe(legacyProof.accountKey);
      expect(await store.students.sentBy(nextProof)).toMatchObject({ value: { ideas: [] } });

      // The council deletes that user in the console and makes another under the uid: it is someone else again.
      await sendIdea(store, nextProof.accountKey, "The second holder's idea");
      await testbed.auth.deleteUser(legacy.enrollment);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // Firebase's creation times are in whole seconds
      await testbed.auth.createUser({
        uid: legacy.enrollment,
        email: "council.made@example.org",
        password: studentPassword,
      });
      const councilProof = await proofFor(identity, await logIn(identity, legacy.enrollment));
      expect([legacyProof.accountKey, nextProof.accountKey]).not.toContain(councilProof.accountKey);
      expect(await store.students.sentBy(councilProof)).toMatchObject({ value: { ideas: [] } });
      expect(await countOf(config, `SELECT COUNT(*) FROM account_keys WHERE uid = '${legacy.enrollment}'`)).toBe(3);
    });
  });

  describe(`"This College ID is mine" with Firebase, on ${engine.name}`, () => {
    it("is kept, shown with the Firebase account, and upheld removes the Firebase user, its details and its key", async () => {
      const { config, store } = await fresh();
      const identity = firebaseIdentity(store);
      const checks = identity.accountChecks!;
      // The form is offered (it answered 404 with Firebase sign-in).
      routeIdentity.current = identity;
      expect(() => claimLoader()).not.toThrow();
      const squatter = student("0187CS220042", 1);
      await register(identity, squatter);
      const squatterProof = await proofFor(identity, await logIn(identity, squatter.enrollment));

      const claim = {
        enrollment: "0187cs220042",
        username: "Real Holder",
        email: "real.holder@example.org",
        idCard: { mediaType: "image/png", bytes: tinyPng },
      };
      expect(await checks.submitClaim(claim)).toEqual({ ok: true });
      expect(await checks.submitClaim(claim)).toMatchObject({ ok: false, reason: "rejected" });
      expect(await checks.submitClaim({ ...claim, enrollment: "0187CS229999" })).toMatchObject({
        ok: false,
        refusal: { code: "noAccountToClaim" },
      });

      const open = await checks.openClaims(10);
      expect(open).toMatchObject({ ok: true, value: { total: 1 } });
      const [listed] = open.ok ? open.value.claims : [];
      expect(listed?.account).toMatchObject({ name: squatter.username, college: squatter.college });
      expect((await checks.claimIdCard(listed!.id)).ok).toBe(true);
      // The account is on the check list too, and its ID card is shown by the key the page uses.
      const awaiting = await checks.awaiting({ page: 1, pageSize: 20, search: "parity student01" });
      expect(awaiting).toMatchObject({ ok: true, value: { total: 1, accounts: [{ collegeId: squatter.enrollment }] } });
      const key = awaiting.ok ? awaiting.value.accounts[0]!.key : "";
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect((await checks.accountIdCard(key)).ok).toBe(true);

      // The holder may not decide about their own College ID.
      expect(await checks.resolveClaim(listed!.id, "claimant", "0187cs220042")).toMatchObject({ ok: false });
      expect(await checks.resolveClaim(listed!.id, "claimant", "0187CS000001")).toMatchObject({
        ok: true,
        value: { collegeId: "0187cs220042", removedAccount: squatter.username, told: true },
      });
      expect(await userExists(squatter.enrollment)).toBe(false);
      expect(await countOf(config, `SELECT COUNT(*) FROM profiles WHERE uid = '${squatter.enrollment}'`)).toBe(0);
      expect(
        await countOf(
          config,
          `SELECT COUNT(*) FROM account_keys WHERE uid = '${squatter.enrollment}' AND retired_at IS NULL`,
        ),
      ).toBe(0);
      const mails = await queryRows<{ kind: string; recipient: string }>(
        config,
        "SELECT kind, recipient FROM outbox WHERE kind <> 'verify-email' ORDER BY id",
      );
      expect(mails).toEqual([
        { kind: "college-id-claim", recipient: claim.email },
        { kind: "account-claimed", recipient: squatter.email },
        { kind: "college-id-claim-upheld", recipient: claim.email },
      ]);
      expect(await checks.resolveClaim(listed!.id, "account", "0187CS000001")).toMatchObject({ ok: false });

      // The removed squatter cannot take the College ID back: it is kept for the claim's address.
      expect(await identity.registerAccount({ ...squatter, enrollment: "0187CS220042" })).toMatchObject({
        ok: false,
        reason: "rejected",
        refusal: { code: "collegeIdReserved" },
      });
      expect(await userExists(squatter.enrollment)).toBe(false);

      // The claimant registers the College ID, and sees nothing the removed account sent.
      await register(identity, { ...student("0187CS220042", 2), email: claim.email });
      const proof = await proofFor(identity, await logIn(identity, "0187CS220042"));
      expect(proof.accountKey).not.toBe(squatterProof.accountKey);
    });
  });

  describe(`the council's College ID check with Firebase, on ${engine.name}`, () => {
    it("confirms an account once, never by its own holder, and rejecting another removes its Firebase user", async () => {
      const { store } = await fresh();
      const identity = firebaseIdentity(store);
      const checks = identity.accountChecks!;
      const [checked, rejected] = [student("0187CS220051", 1), student("0187CS220052", 2)];
      for (const account of [checked, rejected]) await register(identity, account);
      const keyOf = async (collegeId: string) => {
        const listed = await checks.awaiting({ page: 1, pageSize: 20, search: "" });
        const account = listed.ok ? listed.value.accounts.find((each) => each.collegeId === collegeId) : undefined;
        if (!account) throw new Error(`${collegeId} is not on the check list`);
        return account.key;
      };
      const checkedKey = await keyOf(checked.enrollment);
      const rejectedKey = await keyOf(rejected.enrollment);

      expect(await checks.confirmCollegeId(checkedKey, checked.enrollment)).toMatchObject({ ok: false });
      expect(await checks.confirmCollegeId(checkedKey, "0187CS000001")).toMatchObject({
        ok: true,
        value: { collegeId: checked.enrollment },
      });
      expect(await checks.confirmCollegeId(checkedKey, "0187CS000001")).toMatchObject({ ok: false });
      expect(await checks.rejectAccount(checkedKey, "0187CS000001")).toMatchObject({ ok: false });
      expect(await userExists(checked.enrollment)).toBe(true);

      expect(await checks.rejectAccount(rejectedKey, "0187CS000001")).toMatchObject({ ok: true });
      expect(await userExists(rejected.enrollment)).toBe(false);
      expect(await checks.rejectAccount(rejectedKey, "0187CS000001")).toMatchObject({ ok: false });
    });
  });

  describe(`the phone-number squatter, on ${engine.name}`, () => {
    it("registering with a classmate's number blocks nobody and tells nothing; each account shows its number until erased", async () => {
      const { config, store } = await fresh();
      const identity = firebaseIdentity(store);
      const victim = student("0187CS220101", 1);
      const squatter = { ...student("0187CS220102", 2), phone: victim.phone };
      await register(identity, squatter);
      // The classmate registers with their own number, which the squatter gave first: no refusal to learn from.
      expect(await identity.registerAccount(victim)).toEqual({ ok: true });
      for (const account of [victim, squatter]) {
        const credentials = await logIn(identity, account.enrollment);
        expect(await identity.whoIsSignedIn(credentials), account.enrollment).toMatchObject({
          status: "signed-in",
          user: { phone: victim.phone },
        });
        const record = await identity.accountRecord!(credentials);
        expect(record, account.enrollment).toMatchObject({ ok: true, value: { details: { phone: victim.phone } } });
        // Firebase never holds the number: a user with it would be refused to anyone after.
        expect((await testbed.auth.getUser(account.enrollment)).phoneNumber).toBeUndefined();
      }
      // The squatter's erasure takes its copy of the number and leaves the classmate's.
      expect(await identity.eraseAccount!(await logIn(identity, squatter.enrollment))).toMatchObject({ ok: true });
      expect(
        await queryRows<{ uid: string }>(config, `SELECT uid FROM profiles WHERE phone = '${victim.phone}'`),
      ).toEqual([{ uid: victim.enrollment }]);
      expect(errors).toEqual([]);
    });
  });

  describe(`Firebase users the site never registered, on ${engine.name}`, () => {
    it("a user made with the public Web API key is removed 7 days after its creation; the council's own and a confirmed one stay", async () => {
      const { store } = await fresh();
      const identity = firebaseIdentity(store);
      const squat = await restCall("signUp", {
        email: "victim@example.org",
        password: "whatever1",
        returnSecureToken: true,
      });
      const squatUid = String(squat.localId);
      const confirmed = await restCall("signUp", { email: "other.app@example.org", password: "whatever1" });
      await testbed.auth.updateUser(String(confirmed.localId), { emailVerified: true });
      // An anonymous user of another app of the project holds no address.
      const anonymous = await restCall("signUp", { returnSecureToken: true });
      await testbed.auth.createUser({
        uid: "0187CS220077",
        email: "council.own@example.org",
        password: studentPassword,
      });

      // Within the 7 days the address is held, as an unconfirmed registration holds it.
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: true });
      expect(await userExists(squatUid)).toBe(true);
      expect(
        await identity.registerAccount({ ...student("0187CS220078", 1), email: "victim@example.org" }),
      ).toMatchObject({
        ok: false,
      });

      moveClock(8 * dayMs);
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 1, complete: true });
      vi.useRealTimers();
      expect(await userExists(squatUid)).toBe(false);
      expect(await userExists(String(confirmed.localId))).toBe(true);
      expect(await userExists(String(anonymous.localId))).toBe(true);
      expect(await userExists("0187CS220077")).toBe(true);
      // The address's owner registers.
      await register(identity, { ...student("0187CS220078", 1), email: "victim@example.org" });
      expect(errors).toEqual([]);
    });

    it("an address changed through the REST API must be confirmed within 7 days, or the account goes and frees it", async () => {
      const { config, store } = await fresh();
      const identity = firebaseIdentity(store);
      const changer = student("0187CS220088", 1);
      await register(identity, changer);
      // Confirmed: at its deadline the account keeps its place, and has no deadline any more.
      await testbed.auth.updateUser(changer.enrollment, { emailVerified: true });
      moveClock(8 * dayMs);
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: true });
      expect(await countOf(config, "SELECT COUNT(*) FROM profiles WHERE verify_by IS NOT NULL")).toBe(0);

      // Its sign-in address in Firebase is the placeholder the site gave it; the typed one is in its profile.
      const signIn = await restCall("signInWithPassword", {
        email: (await testbed.auth.getUser(changer.enrollment)).email,
        password: studentPassword,
        returnSecureToken: true,
      });
      await restCall("update", { idToken: signIn.idToken, email: "victim2@example.org", returnSecureToken: true });
      const changed = await testbed.auth.getUser(changer.enrollment);
      expect(changed.email).toBe("victim2@example.org");
      if (changed.emailVerified) await testbed.auth.updateUser(changer.enrollment, { emailVerified: false });

      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: true });
      const [profile] = await queryRows<{ verify_by: string | null; email: string }>(
        config,
        `SELECT verify_by, email FROM profiles WHERE uid = '${changer.enrollment}'`,
      );
      expect(profile?.email).toBe("victim2@example.org");
      expect(profile?.verify_by).not.toBeNull();
      // Without a confirmation of the new address, the account goes after the 7 days.
      moveClock(6 * dayMs);
      expect(await identity.removeUnverifiedAccounts!()).toMatchObject({ removed: 0, complete: true });
      moveClock(2 * dayMs);
      expect(await identity.removeUnverifiedAccounts!()).toMatchObject({ removed: 1, complete: true });
      vi.useRealTimers();
      expect(await userExists(changer.enrollment)).toBe(false);
      await register(identity, { ...student("0187CS220089", 2), email: "victim2@example.org" });
    });
  });
}

// The store is checked on both engines; a config is only needed to read it back.
export type { StoreConfig };
