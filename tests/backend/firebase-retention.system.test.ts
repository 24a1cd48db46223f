import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BuiltInStore, StoreConfig } from "~/server/backend/built-in/store.server";
import type { ProfileStore } from "~/server/backend/built-in/profiles.server";
import type { AccountRegistration } from "~/server/backend/council-backend.server";
import type {
  FirebaseAuth,
  FirebaseIdentity,
  FirebaseIdentityOptions,
} from "~/server/backend/firebase-identity.server";
import { useCouncilCommand } from "../support/council-command";
import { firebaseAt, startSilentServer, testApiKey, useFirebaseTestbed } from "../support/firebase-emulator";
import { useLoggedLines } from "../support/logs";
import { countOf, queryRows, testStoreMail, useStoreEngines } from "../support/store-engines";
import { sampleAccount } from "./samples";

/**
 * Retention of Firebase accounts that never proved their address, against the real Auth emulator: an account
 * registered on the site while it sends e-mail and not confirmed within 7 days is removed (the Firebase user, the
 * details and ID card the site keeps, its e-mails) with an erasure recorded, and its College ID registers again; a
 * confirmed account, one registered before the rule and one registered while the site sent no e-mail stay; a Firebase
 * that does not answer, or refuses, leaves everything in place and the run says it did not finish.
 */

const { engines, cluster } = useStoreEngines();
const runCouncil = useCouncilCommand();

const minuteMs = 60 * 1000;
const dayMs = 24 * 60 * minuteMs;

/** A student of its own: College ID and e-mail are unique in Firebase (its phone too, though nothing needs it). */
function student(n: number): AccountRegistration {
  const digits = String(n).padStart(2, "0");
  return {
    ...sampleAccount,
    enrollment: `0187CS2299${digits}`,
    email: `retention.student${digits}@example.org`,
    username: `Retention Student${digits}`,
    phone: `+91987650${digits}00`,
  };
}
const everyStudent = Array.from({ length: 8 }, (_, index) => student(index + 1));

// PostgreSQL starts before the first test, not inside its deadline.
const testbed = useFirebaseTestbed(cluster);
const logged = useLoggedLines();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const line of logged) {
    for (const { enrollment, email, username } of everyStudent) {
      for (const personal of [enrollment, email, username]) {
        expect(line, "logs name no account").not.toContain(personal);
      }
    }
  }
});

const firebaseIdentity = (store: BuiltInStore, overrides?: Partial<FirebaseIdentityOptions>): FirebaseIdentity =>
  testbed.identity(store, overrides);

async function register(identity: FirebaseIdentity, account: AccountRegistration) {
  const registered = await identity.registerAccount(account);
  if (!registered.ok) throw new Error(`registration failed: ${JSON.stringify(registered)}`);
}

async function registerAndLogIn(identity: FirebaseIdentity, account: AccountRegistration) {
  await register(identity, account);
  const login = await identity.logIn(account.enrollment, "09032004");
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.value;
}

/** The token of the newest verification e-mail to `account`, as the student would open it. */
async function newestToken(store: BuiltInStore, account: AccountRegistration): Promise<string> {
  const mail = (await store.outbox.recent(100)).find(
    (row) => row.kind === "verify-email" && row.recipient === account.email,
  );
  const token = mail && /\/verify-email\?token=([^\s&]+)/.exec(mail.text_body)?.[1];
  if (!token) throw new Error("no verification link was queued");
  return decodeURIComponent(token);
}

/** The Firebase user of `account`, or undefined once it is gone. */
async function firebaseUser(account: AccountRegistration) {
  try {
    return await testbed.auth.getUser(account.enrollment);
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return undefined;
    throw error;
  }
}

/** What the site keeps about `account`: its details row (with the ID card) and the e-mails queued or sent to it. */
async function keptAbout(config: StoreConfig, account: AccountRegistration) {
  const [profile] = await queryRows<{ verify_by: string | null; card_bytes: number; phone: string | null }>(
    config,
    `SELECT verify_by, length(id_card) AS card_bytes, phone FROM profiles WHERE uid = '${account.enrollment}'`,
  );
  const mails = await countOf(
    config,
    `SELECT COUNT(*) FROM outbox WHERE account_key = 'firebase:${account.enrollment}'`,
  );
  return { profile, mails };
}

const erasures = (config: StoreConfig) =>
  queryRows<{ section: string; entry_id: number | null; what: string; reason: string }>(
    config,
    "SELECT section, entry_id, what, reason FROM erasures ORDER BY id",
  );

/** Moves this process's clock (only Date: Firebase's calls and the deadlines still run) `ms` on from now. */
function moveClock(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

for (const engine of engines) {
  const fresh = (options: { mail: boolean } = { mail: true }) =>
    engine.freshWithConfig(options.mail ? { mail: testStoreMail } : {});

  describe(`retention of Firebase accounts that never proved their address, on ${engine.name}`, () => {
    it("removes an account not confirmed within 7 days: the Firebase user, its details and ID card, its e-mails; records the erasure, and the College ID and address register again", async () => {
      const { config, store } = await fresh();
      const identity = firebaseIdentity(store);
      const unproven = student(1);
      const credentials = await registerAndLogIn(identity, unproven);
      expect(await identity.emailVerification!.sendLink(credentials)).toEqual({ ok: true });
      const before = await keptAbout(config, unproven);
      expect(before.mails).toBe(2);
      expect(before.profile?.card_bytes).toBeGreaterThan(0);
      expect(before.profile?.verify_by).toEqual(expect.any(String));
      expect(before.profile?.phone).toBe(unproven.phone);
      const [mail] = await store.outbox.recent(1);
      // What the e-mail promises is what happens; how long Firebase's code lasts is Firebase's to say.
      expect(mail?.text_body).toContain(
        "An account whose address is not confirmed within 7 days is removed with everything it holds.",
      );
      expect(mail?.text_body).toContain('press "Confirm my e-mail address". The link works once.');
      expect(mail?.text_body).not.toContain("24 hours");

      moveClock(7 * dayMs - minuteMs);
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: true });
      expect(await firebaseUser(unproven), "a minute before the deadline it stays").toBeDefined();

      moveClock(2 * minuteMs);
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 1, complete: true });

      expect(await firebaseUser(unproven)).toBeUndefined();
      expect(await keptAbout(config, unproven)).toEqual({ profile: undefined, mails: 0 });
      expect(await countOf(config, `SELECT COUNT(*) FROM profiles WHERE phone = '${unproven.phone}'`)).toBe(0);
      expect(await erasures(config)).toEqual([
        { section: "accounts", entry_id: null, what: "account", reason: "retention" },
      ]);
      expect(await identity.removeUnverifiedAccounts!(), "a second run finds nothing").toEqual({
        removed: 0,
        complete: true,
      });
      expect(await erasures(config)).toHaveLength(1);

      // Firebase keeps College IDs (uids) and e-mails unique: both are free again.
      expect(await identity.registerAccount(unproven)).toEqual({ ok: true });
      expect((await firebaseUser(unproven))?.emailVerified).toBe(false);
      expect(Date.parse((await keptAbout(config, unproven)).profile?.verify_by ?? "")).toBe(Date.now() + 7 * dayMs);
    });

    it("keeps an account confirmed within the 7 days (its deadline goes), one registered before the rule and one registered while the site sent no e-mail", async () => {
      const { config, store } = await fresh();
      const identity = firebaseIdentity(store);
      const [proven, older, withoutMail] = [student(2), student(3), student(4)];
      await register(identity, proven);
      expect(
        await identity.emailVerification!.confirm(
          await newestToken(store, proven),
          // The account's own key, as its signed-in holder's session carries it.
          await store.profiles.accountKeyOf({
            uid: proven.enrollment.toUpperCase(),
            createdAt: (await testbed.auth.getUser(proven.enrollment.toUpperCase())).metadata.creationTime,
          }),
        ),
      ).toEqual({
        ok: true,
        value: "confirmed",
      });
      await register(identity, older);
      // As the upgrade leaves a profile saved before this rule: no deadline.
      await store.database.write((trx) =>
        trx.updateTable("profiles").set({ verify_by: null }).where("uid", "=", older.enrollment).execute(),
      );
      await register(firebaseIdentity(store, { mail: undefined }), withoutMail);
      expect((await keptAbout(config, withoutMail)).profile?.verify_by).toBeNull();

      moveClock(7 * dayMs + minuteMs);
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: true });
      moveClock(365 * dayMs);
      expect(await identity.removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: true });

      for (const account of [proven, older, withoutMail]) {
        expect(await firebaseUser(account), account.username).toBeDefined();
        expect((await keptAbout(config, account)).profile, account.username).toMatchObject({ verify_by: null });
      }
      expect((await keptAbout(config, proven)).mails, "the confirmed account's e-mail record stays").toBe(1);
      expect(await erasures(config)).toEqual([]);
    });
  });
}

describe("retention of Firebase accounts, with Firebase or the store failing", () => {
  const sqlite = engines[0]!;
  const fresh = async () => {
    const config = await sqlite.freshConfig();
    const store = sqlite.open(config, { mail: testStoreMail });
    await store.database.ready();
    return { config, store };
  };

  it("Firebase not answering: everything stays, the run says it did not finish by its deadline, and the next run removes the account", async () => {
    const { config, store } = await fresh();
    const unproven = student(5);
    await register(firebaseIdentity(store), unproven);
    moveClock(7 * dayMs + minuteMs);

    const silent = await startSilentServer();
    try {
      const hanging = firebaseIdentity(store, firebaseAt(silent.host, testbed.emulator.projectId));
      const started = performance.now();
      expect(await hanging.removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: false });
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      await silent.close();
    }
    expect(logged.join("\n")).toContain(
      "Retention: stopped removing Firebase accounts whose e-mail was never confirmed, because Firebase's getUsers " +
        "failed (getUsers: no answer within 1000 ms); the rest waits for the next run",
    );
    expect(await firebaseUser(unproven)).toBeDefined();
    expect(await keptAbout(config, unproven)).toMatchObject({
      profile: { verify_by: expect.any(String) as string },
      mails: 1,
    });
    expect(await erasures(config)).toEqual([]);

    expect(await firebaseIdentity(store).removeUnverifiedAccounts!()).toEqual({ removed: 1, complete: true });
    expect(await firebaseUser(unproven)).toBeUndefined();
  });

  it("Firebase refusing to delete a user: that account and the ones after it stay, and nothing of theirs is erased", async () => {
    const { config, store } = await fresh();
    const [first, second] = [student(6), student(7)];
    await register(firebaseIdentity(store), first);
    await register(firebaseIdentity(store), second);
    moveClock(7 * dayMs + minuteMs);

    const refusing: FirebaseAuth = new Proxy(testbed.auth, {
      get: (target, property, receiver) =>
        property === "deleteUser"
          ? () => Promise.reject(Object.assign(new Error("internal"), { code: "auth/internal-error" }))
          : (Reflect.get(target, property, receiver) as unknown),
    });
    expect(await firebaseIdentity(store, { auth: refusing }).removeUnverifiedAccounts!()).toEqual({
      removed: 0,
      complete: false,
    });
    expect(logged.join("\n")).toContain("because Firebase's deleteUser failed (auth/internal-error)");
    for (const account of [first, second]) {
      expect(await firebaseUser(account)).toBeDefined();
      expect((await keptAbout(config, account)).mails).toBe(1);
    }
    expect(await erasures(config)).toEqual([]);
  });

  it("the store failing once Firebase deleted the user: the run says so, and the next run erases the details left behind", async () => {
    const { config, store } = await fresh();
    const unproven = student(8);
    await register(firebaseIdentity(store), unproven);
    moveClock(7 * dayMs + minuteMs);

    const diskFull: ProfileStore = {
      ...store.profiles,
      eraseUnverified: () => Promise.reject(new Error("SQLITE_FULL: database or disk is full")),
    };
    expect(await firebaseIdentity(store, { profiles: diskFull }).removeUnverifiedAccounts!()).toEqual({
      removed: 0,
      complete: false,
    });
    expect(logged.join("\n")).toContain(
      "because the store could not erase the details of deleted accounts (SQLITE_FULL: database or disk is full)",
    );
    expect(await firebaseUser(unproven)).toBeUndefined();
    expect((await keptAbout(config, unproven)).mails).toBe(1);

    expect(await firebaseIdentity(store).removeUnverifiedAccounts!()).toEqual({ removed: 1, complete: true });
    expect(await keptAbout(config, unproven)).toEqual({ profile: undefined, mails: 0 });
    expect(await erasures(config)).toHaveLength(1);
  });

  it("two replicas running retention at once remove the account once, with one erasure", async () => {
    const { config, store } = await fresh();
    const unproven = student(1);
    await register(firebaseIdentity(store), unproven);
    moveClock(7 * dayMs + minuteMs);

    const runs = await Promise.all([
      firebaseIdentity(store).removeUnverifiedAccounts!(),
      firebaseIdentity(store).removeUnverifiedAccounts!(),
    ]);
    expect(runs.every((run) => run.complete)).toBe(true);
    expect(runs[0].removed + runs[1].removed).toBe(1);
    expect(await firebaseUser(unproven)).toBeUndefined();
    expect(await erasures(config)).toHaveLength(1);
  });

  it("a user the council created in Firebase under the uid of a registration deleted there is not the site's to remove", async () => {
    const { config, store } = await fresh();
    const account = student(2);
    await register(firebaseIdentity(store), account);
    await testbed.auth.deleteUser(account.enrollment);
    // The registration an hour ago; the council's user, with no e-mail proven, now.
    await store.database.write((trx) =>
      trx
        .updateTable("profiles")
        .set({ saved_at: new Date(Date.now() - 60 * minuteMs).toISOString() })
        .where("uid", "=", account.enrollment)
        .execute(),
    );
    await testbed.auth.createUser({ uid: account.enrollment, email: account.email, password: "09032004" });
    moveClock(7 * dayMs + minuteMs);

    expect(await firebaseIdentity(store).removeUnverifiedAccounts!()).toEqual({ removed: 0, complete: true });
    expect(await firebaseUser(account)).toBeDefined();
    expect((await keptAbout(config, account)).profile).toMatchObject({ verify_by: null });
  });
});

describe("npm run council -- retention with Firebase sign-in", () => {
  it("removes the account past its deadline and counts it; with Firebase out of reach it keeps it, says so and exits 1", async () => {
    const config = await engines[0]!.freshConfig();
    if (config.engine !== "sqlite") throw new Error("expected SQLite");
    const store = engines[0]!.open(config, { mail: testStoreMail });
    const unproven = student(3);
    await register(firebaseIdentity(store), unproven);
    // The command runs in a process of its own, on the real clock: the deadline passed a minute ago.
    await store.database.write((trx) =>
      trx
        .updateTable("profiles")
        .set({ verify_by: new Date(Date.now() - minuteMs).toISOString() })
        .where("uid", "=", unproven.enrollment)
        .execute(),
    );
    const firebaseEnv = (host: string) => ({
      DATABASE_PATH: config.path,
      FIREBASE_API_KEY: testApiKey,
      FIREBASE_AUTH_DOMAIN: `${testbed.emulator.projectId}.firebaseapp.com`,
      FIREBASE_AUTH_EMULATOR_HOST: host,
      FIREBASE_TIMEOUT_MS: "500",
    });

    const silent = await startSilentServer();
    let unreachable;
    try {
      unreachable = await runCouncil(["retention"], firebaseEnv(silent.host));
    } finally {
      await silent.close();
    }
    expect(unreachable.status, unreachable.stderr).toBe(1);
    expect(unreachable.stdout).toContain("deleted 0 ID card images and 0 entries.");
    expect(unreachable.stderr).toContain(
      "council: some accounts whose e-mail was never confirmed could not be removed now",
    );
    expect(await firebaseUser(unproven)).toBeDefined();

    const reached = await runCouncil(["retention"], firebaseEnv(testbed.emulator.host));
    expect(reached.status, reached.stderr).toBe(0);
    expect(reached.stdout).toContain(
      "Retention (90 days for ID cards, 730 for declined or archived entries): deleted 0 ID card images and 0 entries, " +
        "1 accounts whose e-mail was never confirmed and the text of 0 sent e-mails.",
    );
    expect(await firebaseUser(unproven)).toBeUndefined();
    expect(await keptAbout(config, unproven)).toEqual({ profile: undefined, mails: 0 });
    for (const output of [unreachable, reached]) {
      for (const personal of [unproven.enrollment, unproven.email]) {
        expect(output.stdout + output.stderr).not.toContain(personal);
      }
    }
  }, 60_000);
});
