import { beforeEach, describe, expect, it, vi } from "vitest";
import { action as verifyEmailAction, loader as verifyEmailLoader } from "~/routes/verify-email";
import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import type { IdentityProvider } from "~/server/backend/council-backend.server";
import { limits } from "~/server/requests/limits.server";
import { proofOf } from "~/server/students/student-proof.server";
import { sampleAccount, sampleApplication, studentPassword } from "../backend/samples";
import { useFirebaseTestbed } from "../support/firebase-emulator";
import { routeIdentity } from "../support/route-identity";
import {
  caught,
  dataOf,
  get,
  post,
  redirectOf,
  routeArgs,
  signedInCookie,
  statusOf,
  verificationTokenFor,
} from "../support/routes";
import { testStoreMail, useStoreEngines } from "../support/store-engines";

/**
 * The squatted address: someone registers with a classmate's e-mail and their own College ID, and waits for the
 * classmate to press Confirm on the link the site sends them. Run through the link's page (loader and action, Request
 * in, answer out) against the built-in identity on both engines and Firebase sign-in on the Auth emulator: the
 * squatter gets nothing of the victim's, the victim registers their own address, "This was not me" frees it, and a
 * confirmed address refuses another account's pending confirmation.
 */

// The link's page reads `identity` from the backend module: here, the identity of the setup under test.
vi.mock("~/server/backend/running-backends.server", async () =>
  (await import("../support/route-identity")).routeBackend(["emailVerification", "whoIsSignedIn"]),
);

const { engines } = useStoreEngines();
const testbed = useFirebaseTestbed();
beforeEach(async () => {
  await limits.reset();
});

const victimEmail = "asha.victim@college.in";
// Firebase keeps phone numbers unique too: each person has their own.
const victim = { enrollment: "0187CS229001", username: "Asha Verma", phone: "+919800000001" };
const squatter = { enrollment: "0187CS229666", username: "Mallory Rao", phone: "+919800000666" };
const classmate = { enrollment: "0187CS229002", username: "Kabir Das", phone: "+919800000002" };
const classmateEmail = "kabir@college.in";

interface Setup {
  name: string;
  store: BuiltInStore;
  identity: IdentityProvider;
  /** What a second, already confirmed account's pending link answers: its address is someone else's now. */
  takenAnswer: string;
}

async function setups(): Promise<Setup[]> {
  const built: Setup[] = [];
  for (const engine of engines) {
    const store = await engine.fresh({ mail: testStoreMail });
    built.push({
      name: `the built-in identity on ${engine.name}`,
      store,
      identity: store,
      takenAnswer:
        "Another account has already confirmed this e-mail address, so this one cannot. If you did not create that account, write to the council.",
    });
  }
  return built;
}

async function firebaseSetup(): Promise<Setup> {
  await testbed.emulator.clearAccounts();
  const store = await engines[0]!.fresh({ mail: testStoreMail });
  const identity = testbed.identity(store);
  return {
    name: "Firebase sign-in on the Auth emulator",
    store,
    identity,
    takenAnswer:
      "Another account has already confirmed this e-mail address, so this one cannot. If you did not create that account, write to the council.",
  };
}

/** The newest verification link's token e-mailed to `email`, as its reader finds it. */
async function newestToken(store: BuiltInStore, email: string): Promise<string> {
  const token = await verificationTokenFor(email, store);
  if (!token) throw new Error(`no verification link for ${email}`);
  return token;
}

const verificationMails = async (store: BuiltInStore, email: string) =>
  (
    await store.database.read((trx) =>
      trx.selectFrom("outbox").select("id").where("kind", "=", "verify-email").where("recipient", "=", email).execute(),
    )
  ).length;

async function register(setup: Setup, who: { enrollment: string; username: string; phone: string }, email: string) {
  return setup.identity.registerAccount({ ...sampleAccount, ...who, email });
}

/** Logs in: the backend's credentials and the visitor's Cookie header. */
async function logIn(setup: Setup, enrollment: string) {
  const login = await setup.identity.logIn(enrollment, studentPassword);
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return { credentials: login.value, cookie: await signedInCookie(login.value) };
}

/** What the account can see and download as its own: the proof-matched entries. */
async function ownEntries(setup: Setup, credentials: string) {
  const record = await setup.identity.accountRecord!(credentials);
  if (!record.ok) throw new Error("no account record");
  const sent = await setup.store.students.sentBy(proofOf(record.value));
  if (!sent.ok) throw new Error("sentBy failed");
  return { verified: record.value.emailVerified, sent: sent.value };
}

let client = 0;
const visit = (cookie?: string) => {
  client += 1;
  return { cookie, headers: { "X-Client-Address": `203.0.113.${client % 250}` } };
};

type Page = {
  state: string;
  token: string;
  account?: { collegeId: string; name: string };
  viewer: string;
  loginPath?: string;
};
const open = async (path: string, cookie?: string) =>
  dataOf<Page>(await verifyEmailLoader(routeArgs(get(path, visit(cookie)))));
const press = (path: string, fields: Record<string, string>, cookie?: string) =>
  caught(verifyEmailAction(routeArgs(post(path, fields, visit(cookie)))));
const messageOf = (result: unknown) => dataOf<{ error: Record<string, string[]> }>(result).error[""]?.[0];

async function runAttacks(setup: Setup) {
  routeIdentity.current = setup.identity;
  const { store } = setup;
  // The victim applied to a club before having any account: phone, enrollment number, date of birth.
  expect(
    await store.applyToCouncil({ ...sampleApplication, email: victimEmail, enrollment: victim.enrollment }),
  ).toEqual({ ok: true });

  // The squatter registers with the victim's address and their own College ID.
  expect(await register(setup, squatter, victimEmail)).toEqual({ ok: true });
  const squatterSession = await logIn(setup, squatter.enrollment);
  const squatterLink = await newestToken(store, victimEmail);
  const path = `/verify-email?token=${squatterLink}`;

  // The victim opens the link signed out: it names the squatter's account and asks them to log in to it first.
  const signedOut = await open(path);
  expect(signedOut).toMatchObject({
    state: "valid",
    account: { collegeId: squatter.enrollment, name: squatter.username },
    viewer: "signed-out",
    loginPath: `/login?redirectTo=${encodeURIComponent(path)}`,
  });
  // Their one press of Confirm, signed out, is refused and links nothing.
  const pressedSignedOut = await press("/verify-email", { token: squatterLink });
  expect(statusOf(pressedSignedOut)).toBe(403);
  expect(messageOf(pressedSignedOut)).toBe(
    "Log in to the account this link is for first, then press Confirm: only that account's holder can confirm its address.",
  );

  // A classmate signed in to their own account who presses it: the link is another account's, refused.
  expect(await register(setup, classmate, classmateEmail)).toEqual({ ok: true });
  const classmateSession = await logIn(setup, classmate.enrollment);
  expect(await open(path, classmateSession.cookie)).toMatchObject({ state: "valid", viewer: "other" });
  const pressedByOther = await press("/verify-email", { token: squatterLink }, classmateSession.cookie);
  expect(statusOf(pressedByOther)).toBe(403);
  expect(messageOf(pressedByOther)).toMatch(/^This link is for another account than the one you are logged in to/);
  expect((await ownEntries(setup, classmateSession.credentials)).verified).toBe(false);

  // The squatter has proven nothing and sees nothing of the victim's application.
  const squatterSees = await ownEntries(setup, squatterSession.credentials);
  expect(squatterSees.verified).toBe(false);
  expect(squatterSees.sent.applications).toEqual([]);
  expect(JSON.stringify(squatterSees.sent)).not.toContain(sampleApplication.phone);

  // The victim registers their own account with their own address: the unconfirmed claim stops nobody.
  expect(await register(setup, victim, victimEmail)).toEqual({ ok: true });
  const victimSession = await logIn(setup, victim.enrollment);
  const victimLink = await newestToken(store, victimEmail);
  expect(victimLink).not.toBe(squatterLink);
  expect(await open(`/verify-email?token=${victimLink}`, victimSession.cookie)).toMatchObject({
    state: "valid",
    account: { collegeId: victim.enrollment, name: victim.username },
    viewer: "holder",
  });
  const confirmed = await press("/verify-email", { token: victimLink }, victimSession.cookie);
  expect(await redirectOf(confirmed, "/userProfile")).toMatchObject({
    location: "/userProfile",
    toast: { message: "Your e-mail address is confirmed." },
  });
  const victimSees = await ownEntries(setup, victimSession.credentials);
  expect(victimSees.verified).toBe(true);
  expect(victimSees.sent.applications).toMatchObject([{ email: victimEmail, enrollment: victim.enrollment }]);

  // Even the squatter's own press of their pending link, signed in to their account, fails plainly now.
  const squatterAgain = await logIn(setup, squatter.enrollment);
  const squatterPress = await press("/verify-email", { token: squatterLink }, squatterAgain.cookie);
  expect(statusOf(squatterPress)).toBeGreaterThanOrEqual(400);
  expect(statusOf(squatterPress)).toBeLessThan(500);
  expect(messageOf(squatterPress)).toBe(setup.takenAnswer);
  expect(await ownEntries(setup, squatterAgain.credentials)).toMatchObject({
    verified: false,
    sent: { applications: [] },
  });
  // A third registration of the confirmed address is refused plainly, without sending anyone to press a link.
  const again = await register(
    setup,
    { enrollment: "0187CS229667", username: "Mallory Again", phone: "+919800000667" },
    victimEmail,
  );
  expect(again).toEqual({
    ok: false,
    reason: "rejected",
    refusal: { code: "emailTaken" },
  });
}

/** The owner registers first; a griefer registering the address after them, again and again, takes nothing. */
async function runGriefer(setup: Setup) {
  routeIdentity.current = setup.identity;
  const { store } = setup;
  expect(await register(setup, victim, victimEmail)).toEqual({ ok: true });
  const victimLink = await newestToken(store, victimEmail);
  for (const [index, griefer] of [
    squatter,
    { ...squatter, enrollment: "0187CS229667", phone: "+919800000667" },
  ].entries()) {
    expect(await register(setup, griefer, victimEmail), `griefer registration ${index + 1}`).toEqual({ ok: true });
  }
  const grieferLink = await newestToken(store, victimEmail);

  // The owner's own account still shows the address, and their first link still confirms it.
  const victimSession = await logIn(setup, victim.enrollment);
  const before = await setup.identity.whoIsSignedIn(victimSession.credentials);
  expect(before).toMatchObject({ status: "signed-in", emailVerified: false, user: { email: victimEmail } });
  const confirmed = await press("/verify-email", { token: victimLink }, victimSession.cookie);
  expect(statusOf(confirmed)).toBe(302);
  expect((await ownEntries(setup, victimSession.credentials)).verified).toBe(true);

  // The griefer's link now fails plainly, and the next registration of the address is refused.
  const grieferSession = await logIn(setup, "0187CS229667");
  const grieferPress = await press("/verify-email", { token: grieferLink }, grieferSession.cookie);
  expect(messageOf(grieferPress)).toBe(setup.takenAnswer);
  expect(await register(setup, { ...squatter, enrollment: "0187CS229668" }, victimEmail)).toEqual({
    ok: false,
    reason: "rejected",
    refusal: { code: "emailTaken" },
  });
}

async function runNotMe(setup: Setup) {
  routeIdentity.current = setup.identity;
  const { store } = setup;
  expect(await register(setup, squatter, victimEmail)).toEqual({ ok: true });
  const squatterLink = await newestToken(store, victimEmail);

  // Opening the link changes nothing; the button, pressed signed out, ends the link and drops the claim.
  for (let opened = 0; opened < 2; opened += 1) {
    expect(await open(`/hi/verify-email?token=${squatterLink}`)).toMatchObject({ state: "valid" });
  }
  const disowned = await press("/hi/verify-email", { token: squatterLink, intent: "not-me" });
  expect(await redirectOf(disowned, "/hi/userProfileRegistration")).toMatchObject({
    location: "/hi/userProfileRegistration",
    toast: {
      message:
        "हो गया: उस अकाउंट का अब आपके पते पर कोई दावा नहीं है, और यह लिंक अब काम नहीं करता। आप इस पते से अपना अकाउंट रजिस्टर कर सकते हैं।",
    },
  });
  expect((await open(`/verify-email?token=${squatterLink}`)).state).not.toBe("valid");
  const squatterAgain = await logIn(setup, squatter.enrollment);
  const late = await press("/verify-email", { token: squatterLink }, squatterAgain.cookie);
  expect(statusOf(late)).toBe(400);
  expect(await ownEntries(setup, squatterAgain.credentials)).toMatchObject({ verified: false });

  // The squatter cannot have another link sent to the address.
  const mailsBefore = await verificationMails(store, victimEmail);
  expect(await setup.identity.emailVerification!.sendLink(squatterAgain.credentials)).toEqual({
    ok: false,
    reason: "rejected",
    refusal: { code: "emailDisowned" },
  });
  expect(await verificationMails(store, victimEmail)).toBe(mailsBefore);

  // The owner registers and confirms the address as their own.
  expect(await register(setup, victim, victimEmail)).toEqual({ ok: true });
  const victimSession = await logIn(setup, victim.enrollment);
  const confirmed = await press(
    "/verify-email",
    { token: await newestToken(store, victimEmail), intent: "confirm" },
    victimSession.cookie,
  );
  expect(statusOf(confirmed)).toBe(302);
  expect((await ownEntries(setup, victimSession.credentials)).verified).toBe(true);
}

describe("a squatted address, on each identity backend", () => {
  it("the built-in identity (SQLite and PostgreSQL): the squatter gets nothing, the victim registers and confirms, a second confirmation fails", async () => {
    for (const setup of await setups()) await runAttacks(setup);
  }, 120_000);

  it("the built-in identity (SQLite and PostgreSQL): 'This was not me' ends the link and frees the address", async () => {
    for (const setup of await setups()) await runNotMe(setup);
  }, 120_000);

  it("Firebase sign-in on the Auth emulator: the squatter gets nothing, the victim registers and confirms, a second confirmation fails", async () => {
    await runAttacks(await firebaseSetup());
  }, 120_000);

  it("the built-in identity (SQLite and PostgreSQL): a griefer registering the owner's address after them takes nothing", async () => {
    for (const setup of await setups()) await runGriefer(setup);
  });

  it("Firebase sign-in on the Auth emulator: a griefer registering the owner's address after them takes nothing", async () => {
    await runGriefer(await firebaseSetup());
  });

  it("Firebase sign-in on the Auth emulator: 'This was not me' ends the link and frees the address", async () => {
    await runNotMe(await firebaseSetup());
  }, 120_000);
});
