import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loader as verifyEmailLoader, action as verifyEmailAction } from "~/routes/verify-email";
import { openBuiltInStore, type BuiltInStore } from "~/server/backend/built-in/store.server";
import type { FirebaseIdentity, FirebaseIdentityOptions } from "~/server/backend/firebase-identity.server";
import { limits } from "~/server/requests/limits.server";
import { storeMail } from "~/server/mail/mail-writer.server";
import { ledTeams } from "~/server/students/led-teams.server";
import { firebaseAt, startSilentServer, testApiKey, useFirebaseTestbed } from "../support/firebase-emulator";
import { useLoggedLines } from "../support/logs";
import { routeIdentity, routeSubmissions } from "../support/route-identity";
import { caught, dataOf, get, post, redirectOf, replyOf, routeArgs, signedInCookie, statusOf } from "../support/routes";
import { sampleAccount, sampleStudent as student, sampleTeam, studentPassword } from "./samples";

/**
 * Proving a Firebase account's e-mail with Firebase's own flag, against the real Auth emulator: the link queued in the
 * built-in store's outbox after registration points at the site's own page and carries Firebase's action code;
 * opening it changes nothing; the page's Confirm button sets the flag; a used link and an already proven address say
 * so; and "Send the link again" refuses an address already proven. And what the proof is for: a held team's leader
 * tells its members from the profile once the address is confirmed, not before.
 */

// The verify-email and profile routes read `identity` (and the profile `submissions`) from the backend module: here,
// the adapter of the test and its store.
vi.mock("~/server/backend/running-backends.server", async () =>
  (await import("../support/route-identity")).routeBackend(["emailVerification", "whoIsSignedIn", "accountRecord"]),
);

const uid = student.enrollment;
const mailSettings = {
  siteUrl: "https://council.example.org",
  messageIdDomain: "council.example.org",
  siteName: "Student Council",
  contactEmail: "council@example.org",
};

const testbed = useFirebaseTestbed();
const logged = useLoggedLines();
let directory: string;
let store: BuiltInStore;

beforeEach(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "council-firebase-verification-"));
  store = openBuiltInStore(path.join(directory, "council.sqlite"), { mail: storeMail(mailSettings) });
  await limits.reset();
});

afterEach(async () => {
  vi.restoreAllMocks();
  routeIdentity.current = undefined;
  routeSubmissions.current = undefined;
  const codes = await emulatorCodes().catch(() => []);
  await store.close();
  rmSync(directory, { recursive: true, force: true });
  const personal = [student.email, student.enrollment, student.username, studentPassword, "eyJ", ...codes];
  for (const line of logged) {
    for (const secret of personal) expect(line, "logs carry no personal data, tokens or codes").not.toContain(secret);
  }
});

function firebaseIdentity(overrides: Partial<FirebaseIdentityOptions> = {}): FirebaseIdentity {
  return testbed.identity(store, overrides);
}

async function registerAndLogIn(identity: FirebaseIdentity) {
  const registered = await identity.registerAccount(sampleAccount);
  if (!registered.ok) throw new Error(`registration failed: ${JSON.stringify(registered)}`);
  const login = await identity.logIn(student.enrollment, studentPassword);
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.value;
}

/** Every action code the emulator holds now (its own listing, outside the REST API the site uses). */
async function emulatorCodes(): Promise<string[]> {
  const response = await fetch(`${testbed.emulator.url}/emulator/v1/projects/${testbed.emulator.projectId}/oobCodes`);
  const body = (await response.json()) as { oobCodes?: { oobCode: string; requestType: string; email: string }[] };
  return (body.oobCodes ?? []).map(({ oobCode }) => oobCode);
}

/** The verification e-mails in the outbox, oldest first. */
async function verificationMails() {
  const rows = await store.outbox.recent(100);
  return rows.filter((row) => row.kind === "verify-email").reverse();
}

/** The token of the newest verification e-mail's link, as the student would open it. */
async function newestToken(): Promise<string> {
  const mail = (await verificationMails()).at(-1);
  const link = mail && /https:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error("no verification link was queued");
  return new URL(link).searchParams.get("token")!;
}

/**
 * The key of the account registered in these tests, as its signed-in session carries it (random, kept in the store's
 * account_keys, never made from the College ID): Confirm works for its holder only.
 */
async function liveKey(): Promise<string> {
  const user = await testbed.auth.getUser(uid);
  return store.profiles.accountKeyOf({ uid, createdAt: user.metadata.creationTime });
}
/** Any key, where the link is refused before whose it is matters (an expired link, Firebase not answering). */
const anyKey = "firebase-account:00000000000000000000000000000000";

const firebaseFlag = async () => (await testbed.auth.getUser(uid)).emailVerified;

describe("registering with Firebase queues a link to the site's own page", () => {
  it("exactly one verify-email message, to the student, whose link is the site's /verify-email carrying Firebase's action code", async () => {
    const codesBefore = new Set(await emulatorCodes());
    await registerAndLogIn(firebaseIdentity());

    const mails = await verificationMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipient: student.email,
      account_key: `firebase:${uid}`,
      secret: 1,
      status: "queued",
    });
    const links = [...mails[0]!.text_body.matchAll(/https?:\/\/\S+\?token=\S+/g)].map(([link]) => link);
    expect(links).toHaveLength(1);
    expect(links[0]!.startsWith("https://council.example.org/verify-email?token=")).toBe(true);
    // Not Firebase's hosted page, which would verify on opening: only the code travels.
    expect(mails[0]!.text_body).not.toContain("/emulator/action");
    expect(mails[0]!.html_body).not.toContain("mode=verifyEmail");
    const made = (await emulatorCodes()).filter((code) => !codesBefore.has(code));
    expect(made, "the link carries the one code Firebase made").toEqual([await newestToken()]);
    expect(await firebaseFlag()).toBe(false);
  });

  it("with e-mail off, registration still succeeds and nothing is queued", async () => {
    const identity = firebaseIdentity({ mail: undefined });
    const credentials = await registerAndLogIn(identity);

    expect(await store.outbox.recent(10)).toEqual([]);
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ status: "signed-in", emailVerified: false });
    expect(await identity.emailVerification!.sendLink(credentials)).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "mailOff" },
    });
  });
});

describe("the link's page with Firebase", () => {
  it("checking the link says it is valid and changes nothing, however often it is opened", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    const token = await newestToken();

    for (let opened = 0; opened < 3; opened += 1) {
      expect(await identity.emailVerification!.check(token)).toMatchObject({ ok: true, value: { state: "valid" } });
    }
    expect(await firebaseFlag()).toBe(false);
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ emailVerified: false });
    expect(await emulatorCodes(), "the code is still unused").toContain(token);
  });

  it("confirming sets Firebase's flag: the user record, the signed-in state and the account record say verified", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);

    expect(await identity.emailVerification!.confirm(await newestToken(), await liveKey())).toEqual({
      ok: true,
      value: "confirmed",
    });

    expect(await firebaseFlag()).toBe(true);
    // Firebase holds the placeholder still (changing its address would end the session); the account shows the
    // typed address.
    expect((await testbed.auth.getUser(uid)).email).toMatch(/@unconfirmed\.invalid$/);
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ user: { email: student.email } });
    // The account's key is its own random one, never made from the College ID a later account could have.
    const accountKey = expect.stringMatching(/^firebase-account:[0-9a-f]{32}$/) as string;
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({
      status: "signed-in",
      accountKey,
      emailVerified: true,
    });
    expect(await identity.accountRecord!(credentials)).toMatchObject({
      ok: true,
      value: { accountKey, emailVerified: true, collegeIdChecked: false },
    });
    const signedIn = await identity.whoIsSignedIn(credentials);
    expect(signedIn.status === "signed-in" && signedIn.accountKey).not.toContain(uid);
  });

  it("a link confirmed once is not valid again: checked or confirmed a second time it is unknown to Firebase", async () => {
    const identity = firebaseIdentity();
    await registerAndLogIn(identity);
    const token = await newestToken();
    await identity.emailVerification!.confirm(token, await liveKey());

    expect(await identity.emailVerification!.confirm(token, await liveKey())).toEqual({ ok: true, value: "unknown" });
    expect(await identity.emailVerification!.check(token)).toMatchObject({ ok: true, value: { state: "unknown" } });
    expect(await firebaseFlag()).toBe(true);
  });

  it("an older link, once a newer one proved the address, says it was used and is not applied", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    const older = await newestToken();
    expect(await identity.emailVerification!.sendLink(credentials)).toEqual({ ok: true });
    const newer = await newestToken();
    expect(newer).not.toBe(older);

    expect(await identity.emailVerification!.confirm(newer, await liveKey())).toEqual({ ok: true, value: "confirmed" });
    expect(await identity.emailVerification!.check(older)).toMatchObject({ ok: true, value: { state: "used" } });
    expect(await identity.emailVerification!.confirm(older, await liveKey())).toEqual({ ok: true, value: "used" });
  });

  it("a made-up token and a password-reset code are unknown, and confirming them changes nothing", async () => {
    const identity = firebaseIdentity();
    await registerAndLogIn(identity);
    const { email } = await testbed.auth.getUser(uid);
    const resetCode = new URL(await testbed.auth.generatePasswordResetLink(email!)).searchParams.get("oobCode")!;

    for (const token of ["made-up-token", resetCode]) {
      expect(await identity.emailVerification!.check(token)).toMatchObject({ ok: true, value: { state: "unknown" } });
      expect(await identity.emailVerification!.confirm(token, await liveKey())).toEqual({ ok: true, value: "unknown" });
    }
    expect(await firebaseFlag()).toBe(false);
    // The password is untouched: the student still logs in with the date of birth.
    expect((await identity.logIn(student.enrollment, studentPassword)).ok).toBe(true);
  });

  it("the link of an account erased since is unknown", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    const token = await newestToken();
    expect((await identity.eraseAccount!(credentials)).ok).toBe(true);

    expect(await identity.emailVerification!.check(token)).toMatchObject({ ok: true, value: { state: "unknown" } });
  });

  it("through the page: the link names the account; signed out it asks to log in, and Confirm proves the address only for the account's holder", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    routeIdentity.current = identity;
    const token = await newestToken();

    const opened = await verifyEmailLoader(routeArgs(get(`/verify-email?token=${token}`)));
    expect(dataOf(opened)).toMatchObject({
      state: "valid",
      token,
      account: { collegeId: uid, name: student.username },
      viewer: "signed-out",
    });
    expect(await firebaseFlag()).toBe(false);
    const signedOut = await verifyEmailAction(routeArgs(post("/verify-email", { token })));
    expect(statusOf(signedOut)).toBe(403);
    expect(await firebaseFlag()).toBe(false);

    const cookie = await signedInCookie(credentials);
    const mine = await verifyEmailLoader(routeArgs(get(`/verify-email?token=${token}`, { cookie })));
    expect(dataOf(mine)).toMatchObject({ state: "valid", viewer: "holder" });
    const pressed = await verifyEmailAction(routeArgs(post("/verify-email", { token }, { cookie })));
    expect(await redirectOf(pressed, "/userProfile")).toMatchObject({
      status: 302,
      location: "/userProfile",
      toast: { message: "Your e-mail address is confirmed." },
    });
    expect(await firebaseFlag()).toBe(true);
  });

  it("Confirm with another account's key changes nothing and says the link is another account's", async () => {
    const identity = firebaseIdentity();
    await registerAndLogIn(identity);
    const token = await newestToken();

    expect(await identity.emailVerification!.confirm(token, "firebase:0187CS229999")).toEqual({
      ok: true,
      value: "wrongAccount",
    });
    expect(await firebaseFlag()).toBe(false);
    expect(await identity.emailVerification!.check(token)).toEqual({
      ok: true,
      value: { state: "valid", account: { accountKey: await liveKey(), collegeId: uid, name: student.username } },
    });
  });
});

describe("sending the link again with Firebase", () => {
  it("queues a new link for an unproven address, which then confirms it", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);

    expect(await identity.emailVerification!.sendLink(credentials)).toEqual({ ok: true });
    expect(await verificationMails()).toHaveLength(2);
    expect(await identity.emailVerification!.confirm(await newestToken(), await liveKey())).toEqual({
      ok: true,
      value: "confirmed",
    });
  });

  it("refuses an address already proven, and queues nothing", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    await identity.emailVerification!.confirm(await newestToken(), await liveKey());

    expect(await identity.emailVerification!.sendLink(credentials)).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "emailAlreadyConfirmed" },
    });
    expect(await verificationMails()).toHaveLength(1);
  });

  it("a link the per-address cap holds back is said to be held back, as with the built-in store, and the last link sent still confirms", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    // The registration's link and four more: the address's five a day.
    for (let again = 0; again < 4; again += 1) {
      expect(await identity.emailVerification!.sendLink(credentials)).toEqual({ ok: true });
    }
    const lastSent = await newestToken();

    expect(await identity.emailVerification!.sendLink(credentials)).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "linksToday" },
    });
    expect(await verificationMails()).toHaveLength(5);
    expect(await identity.emailVerification!.confirm(lastSent, await liveKey())).toEqual({
      ok: true,
      value: "confirmed",
    });
  });

  it("refuses credentials that no longer sign anyone in", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    await identity.logOut(credentials);

    expect(await identity.emailVerification!.sendLink(credentials)).toEqual({
      ok: false,
      reason: "rejected",
      refusal: { code: "notSignedIn" },
    });
  });
});

describe("what the site keeps beside a Firebase account", () => {
  it("the account record says the College ID is checked once a council member recorded it, and a new account under the uid starts unchecked", async () => {
    const identity = firebaseIdentity();
    let credentials = await registerAndLogIn(identity);
    await store.database.write((trx) =>
      trx
        .updateTable("profiles")
        .set({ college_id_checked_at: "2025-01-15T10:00:00.000Z", college_id_checked_by: "0187ME220311" })
        .where("uid", "=", uid)
        .execute(),
    );
    expect(await identity.accountRecord!(credentials)).toMatchObject({ ok: true, value: { collegeIdChecked: true } });

    expect((await identity.eraseAccount!(credentials)).ok).toBe(true);
    credentials = await registerAndLogIn(identity);
    expect(await identity.accountRecord!(credentials)).toMatchObject({ ok: true, value: { collegeIdChecked: false } });
  });

  it("erasing the account removes the e-mails queued about it", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    expect(await verificationMails()).toHaveLength(1);

    expect((await identity.eraseAccount!(credentials)).ok).toBe(true);
    expect(await store.outbox.recent(10)).toEqual([]);
  });
});

describe("a held team's leader with Firebase sign-in", () => {
  it("'Tell my team's members' on the profile is refused until the leader's address is confirmed, then tells them", async () => {
    const identity = firebaseIdentity();
    routeIdentity.current = identity;
    routeSubmissions.current = store;
    const credentials = await registerAndLogIn(identity);
    const cookie = await signedInCookie(credentials);
    // Sent signed out, with the leader's address spelled in capitals: held until the leader's word.
    const team = sampleTeam("Firebase Team");
    team.members[0] = { ...team.members[0]!, email: student.email.toUpperCase() };
    expect((await store.registerTeam(team)).ok).toBe(true);
    const { id } = await store.database.read((trx) => trx.selectFrom("teams").select("id").executeTakeFirstOrThrow());
    // Imported once the routes have an identity: the profile's modules ask it what it offers as they load.
    const { action: profileAction } = await import("~/routes/user-profile");
    const press = () =>
      caught(profileAction(routeArgs(post("/userProfile", { intent: "tell-members", team: String(id) }, { cookie }))));
    const notices = async () =>
      (await store.outbox.recent(100)).filter((row) => row.kind === "team-member-notice").map((row) => row.recipient);

    expect(await ledTeams(credentials)).toEqual([]);
    const refused = replyOf(await press());
    expect(refused.status).toBe(403);
    expect(refused.reply.error?.[""]?.[0]).toMatch(/^Only the team's leader can tell its members/);
    expect(await notices()).toEqual([]);

    await identity.emailVerification!.confirm(await newestToken(), await liveKey());
    expect((await ledTeams(credentials))?.map((led) => [led.id, led.mayTellMembers])).toEqual([[id, true]]);
    expect(await redirectOf(await press(), "/userProfile")).toMatchObject({
      status: 302,
      location: "/userProfile",
      toast: { message: "Your team's members have been told: each got an e-mail with their own link." },
    });
    expect((await notices()).sort()).toEqual(
      team.members
        .slice(1)
        .map(({ email }) => email)
        .sort(),
    );
    expect((await ledTeams(credentials))?.map((led) => led.mayTellMembers)).toEqual([false]);
  });
});

describe("answers the emulator never gives, and Firebase out of reach", () => {
  const restAnswer =
    (status: number, body: unknown): typeof fetch =>
    () =>
      Promise.resolve(Response.json(body, { status }));

  it("Firebase's EXPIRED_OOB_CODE is an expired link; its other refusals are 'unavailable', never a verdict on the link", async () => {
    const expired = firebaseIdentity({
      fetch: restAnswer(400, { error: { code: 400, message: "EXPIRED_OOB_CODE" } }),
    });
    expect(await expired.emailVerification!.check("some-code")).toMatchObject({
      ok: true,
      value: { state: "expired" },
    });
    expect(await expired.emailVerification!.confirm("some-code", anyKey)).toEqual({ ok: true, value: "expired" });

    const throttled = firebaseIdentity({
      fetch: restAnswer(400, { error: { code: 400, message: "TOO_MANY_ATTEMPTS_TRY_LATER" } }),
    });
    expect(await throttled.emailVerification!.check("some-code")).toEqual({ ok: false, reason: "unavailable" });
    expect(logged.join("\n")).toMatch(
      /could not check a verification link \(accounts:resetPassword answered 400 TOO_MANY/,
    );
    expect(logged.join("\n"), "the API key travels in the URL: never logged").not.toContain(testApiKey);
  });

  it("hanging: checking, confirming and sending a link answer unavailable by the deadline, never a verdict", async () => {
    const identity = firebaseIdentity();
    const credentials = await registerAndLogIn(identity);
    const token = await newestToken();
    const silent = await startSilentServer();
    try {
      const hanging = firebaseIdentity(firebaseAt(silent.host, testbed.emulator.projectId));
      for (const [call, work] of [
        ["check", () => hanging.emailVerification!.check(token)],
        ["confirm", () => hanging.emailVerification!.confirm(token, anyKey)],
        ["sendLink", () => hanging.emailVerification!.sendLink(credentials)],
      ] as const) {
        const started = Date.now();
        expect(await work(), call).toEqual({ ok: false, reason: "unavailable" });
        expect(Date.now() - started, call).toBeLessThan(1500);
      }
    } finally {
      await silent.close();
    }
    expect(await firebaseFlag()).toBe(false);
  });

  it("a link Firebase cannot make now leaves the registration standing, with nothing queued and the reason logged", async () => {
    const auth = new Proxy(testbed.auth, {
      get: (target, property, receiver) =>
        property === "generateEmailVerificationLink"
          ? () => Promise.reject(Object.assign(new Error("quota"), { code: "auth/quota-exceeded" }))
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const identity = firebaseIdentity({ auth });

    expect(await identity.registerAccount(sampleAccount)).toEqual({ ok: true });
    expect(await verificationMails()).toEqual([]);
    expect(logged.join("\n")).toContain("could not queue a verification link (auth/quota-exceeded)");
  });
});
