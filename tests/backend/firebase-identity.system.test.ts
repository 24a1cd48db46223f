import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { profileCardText } from "~/components/account/profile-card";
import { en } from "~/i18n/catalogue/en";
import { action as loginAction } from "~/routes/login";
import { loader as profileLoader } from "~/routes/user-profile";
import { openBuiltInStore, type BuiltInStore, type ProfileStore } from "~/server/backend/built-in/store.server";
import type { AccountRegistration, IdentityProvider } from "~/server/backend/council-backend.server";
import type {
  FirebaseAuth,
  FirebaseIdentity,
  FirebaseIdentityOptions,
} from "~/server/backend/firebase-identity.server";
import { parseEnv } from "~/server/ops/env.server";
import { limits } from "~/server/requests/limits.server";
import {
  adminAuthFor,
  firebaseAt,
  startDelayingProxy,
  startSilentServer,
  testApiKey,
  useFirebaseTestbed,
} from "../support/firebase-emulator";
import { useLoggedLines } from "../support/logs";
import { routeIdentity } from "../support/route-identity";
import { describeIdentityContract } from "./contract";
import { get, post, routeArgs, signedInCookie } from "../support/routes";
import { sampleAccount, sampleStudent as student, studentPassword, tinyPng } from "./samples";

/**
 * The Firebase identity adapter against the real Firebase Auth emulator (firebase-tools, started on free ports for
 * this file and stopped after): the identity contract every adapter passes, then what only Firebase does —
 * the uid rule, duplicates, accounts the council made, disabled users, revoked sessions, logout, and Firebase slow,
 * late or stopped.
 */

// The routes this file calls (login, profile) use whatever identity the test puts in routeIdentity.
vi.mock("~/server/backend/running-backends.server", async () => {
  const { routeBackend, signInMembers } = await import("../support/route-identity");
  return routeBackend(signInMembers);
});

const apiKey = testApiKey;
/** The configured default, as the site would run with only the two required variables set. */
const defaultTimeoutMs = parseEnv({ FIREBASE_API_KEY: apiKey, FIREBASE_AUTH_DOMAIN: "demo-council.firebaseapp.com" })
  .firebase!.timeoutMs;

const testbed = useFirebaseTestbed();
/** Everything the adapter and the routes log during a test, checked for personal data after it. */
const logged = useLoggedLines();
let directory: string;
let store: BuiltInStore;

beforeEach(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "council-firebase-"));
  store = openBuiltInStore(path.join(directory, "council.sqlite"));
  await limits.reset();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
  const personal = [
    student.email,
    student.enrollment,
    student.username,
    student.phone.slice(3),
    student.dob,
    studentPassword,
    "eyJ",
  ];
  for (const line of logged) {
    for (const secret of personal) expect(line, "logs carry no personal data or tokens").not.toContain(secret);
  }
});

/** This site's adapter: no e-mail (the store sends none here), the configured default deadline. */
function firebaseIdentity(overrides: Partial<FirebaseIdentityOptions> = {}): FirebaseIdentity {
  return testbed.identity(store, { timeoutMs: defaultTimeoutMs, ...overrides });
}

/** A registration refused with `code`. */
const refused = (code: string) => ({ ok: false, reason: "rejected", refusal: { code } });

async function register(identity: IdentityProvider, account = sampleAccount) {
  const outcome = await identity.registerAccount(account);
  if (!outcome.ok) throw new Error(`registration failed: ${JSON.stringify(outcome)}`);
}

async function logIn(
  identity: IdentityProvider,
  collegeId: string = student.enrollment,
  password: string = studentPassword,
) {
  const outcome = await identity.logIn(collegeId, password);
  if (!outcome.ok) throw new Error(`login failed: ${JSON.stringify(outcome)}`);
  return outcome.value;
}

/** Firebase keeps whole seconds: a revocation counts for sessions signed in before its second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));

/** Registers the sample student, then a second account: the sample with `changes`; the second's outcome. */
async function registerAfterTheSample(changes: Partial<AccountRegistration>) {
  const identity = firebaseIdentity();
  await register(identity);
  return identity.registerAccount({ ...sampleAccount, ...changes });
}

async function expectNoFirebaseUser(uid: string) {
  await expect(testbed.auth.getUser(uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
}

const loginRequest = (collegeId: string, password: string) => post("/login", { collegeId, password });

describeIdentityContract("Firebase Authentication (Auth emulator)", () => {
  const identity = firebaseIdentity();
  return Promise.resolve({
    identity,
    async seedAccount(account) {
      await register(identity, { ...account, idCard: { mediaType: "image/png", bytes: tinyPng } });
    },
    close: () => Promise.resolve(),
  });
});

describe("registering with Firebase", () => {
  /** A profile store that cannot save: the disk is full. */
  const failingProfiles: ProfileStore = {
    saveProfile() {
      return Promise.reject(new Error("SQLITE_FULL: database or disk is full"));
    },
    profileOf: () => Promise.resolve(undefined),
    profileWithIdCard: () => Promise.resolve(undefined),
    eraseProfile: () => Promise.resolve(),
    pastVerificationDeadline: () => Promise.resolve([]),
    clearVerificationDeadline: () => Promise.resolve(),
    eraseUnverified: () => Promise.resolve(0),
    collegeIdReservation: () => Promise.resolve("free"),
    accountKeyOf: () => Promise.resolve("firebase-account:0"),
    withProfiles: () => Promise.resolve(new Map()),
    noticeAddress: () => Promise.resolve(false),
    uidsWithAddress: () => Promise.resolve([]),
    underAddressLock: (_email, work) => work([]),
  };

  it("creates the Firebase user under the enrollment number upper-cased, with a placeholder address until confirmed, name, no phone and the DDMMYYYY password", async () => {
    await register(firebaseIdentity(), { ...sampleAccount, enrollment: "  0187cs221042 " });

    const user = await testbed.auth.getUser("0187CS221042");
    expect(user).toMatchObject({
      uid: "0187CS221042",
      email: expect.stringMatching(/^[0-9a-f]{24}@unconfirmed\.invalid$/) as string,
      emailVerified: false,
      displayName: student.username,
      disabled: false,
    });
    // The phone number stays on the site (Firebase would keep it unique: a squatter could block its owner).
    expect(user.phoneNumber).toBeUndefined();
    // The password works against Firebase itself (the emulator's REST sign-in).
    const signIn = await fetch(
      `${testbed.emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: user.email, password: studentPassword, returnSecureToken: true }),
      },
    );
    expect(signIn.status).toBe(200);
  });

  it("keeps college, branch, date of birth, gender, phone and the ID card in the built-in store, keyed by uid", async () => {
    await register(firebaseIdentity());
    expect(await store.profiles.profileOf("0187CS221042")).toEqual({
      college: student.college,
      branch: student.branch,
      dob: student.dob,
      gender: student.gender,
      phone: student.phone,
    });
  });

  it("the registered student logs in with the College ID in any letter case and sees every detail on the profile", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const credentials = await logIn(identity, " 0187cs221042 ");

    expect(await identity.whoIsSignedIn(credentials)).toEqual({
      status: "signed-in",
      user: {
        username: student.username,
        email: student.email,
        phone: student.phone,
        college: student.college,
        branch: student.branch,
        dob: student.dob,
        gender: student.gender,
      },
      collegeId: "0187CS221042",
      councilMember: false,
      // Random, so no later account of the College ID gets it.
      accountKey: expect.stringMatching(/^firebase-account:[0-9a-f]{32}$/) as string,
      emailVerified: false,
    });
  });

  it("refuses a second registration with the same enrollment number in other letter case, leaving the first as it was", async () => {
    const second = await registerAfterTheSample({
      enrollment: "0187cs221042",
      email: "someone.else@example.org",
      phone: "+919123456789",
      branch: "IT",
    });
    expect(second).toEqual(refused("collegeIdTaken"));
    expect((await store.profiles.withProfiles(["0187CS221042"])).get("0187CS221042")?.email).toBe(student.email);
    expect((await store.profiles.profileOf("0187CS221042"))?.branch).toBe(student.branch);
    await expect(testbed.auth.getUserByEmail("someone.else@example.org")).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
  });

  it("refuses a second registration with an address confirmed on another account, writing nothing for it", async () => {
    await register(firebaseIdentity());
    // What confirming does: Firebase's flag on the user, whose typed address is the profile's.
    await testbed.auth.updateUser("0187CS221042", { emailVerified: true });
    const second = await firebaseIdentity().registerAccount({
      ...sampleAccount,
      enrollment: "0187CS229999",
      phone: "+919123456789",
    });
    expect(second).toEqual(refused("emailTaken"));
    await expectNoFirebaseUser("0187CS229999");
    expect(await store.profiles.profileOf("0187CS229999")).toBeUndefined();
    expect(await store.profiles.uidsWithAddress(student.email)).toEqual(["0187CS221042"]);
  });

  it("an address the first account never confirmed stops nobody, and takes it from nobody: both accounts keep it, unconfirmed", async () => {
    const identity = firebaseIdentity();
    const second = await registerAfterTheSample({ enrollment: "0187CS229999", phone: "+919123456789" });
    expect(second).toEqual({ ok: true });
    // Neither Firebase user holds the typed address: the first to confirm it makes it theirs.
    await expect(testbed.auth.getUserByEmail(student.email)).rejects.toMatchObject({ code: "auth/user-not-found" });
    for (const [collegeId, password] of [
      [student.enrollment, studentPassword],
      ["0187CS229999", studentPassword],
    ] as const) {
      const state = await identity.whoIsSignedIn(await logIn(identity, collegeId, password));
      expect(state, collegeId).toMatchObject({
        status: "signed-in",
        emailVerified: false,
        user: { email: student.email },
      });
    }
  });

  it("an address held by an account the council made in Firebase (no profile here) is refused, not taken", async () => {
    await testbed.auth.createUser({ uid: "0187ME220311", email: "made.by.council@example.org", password: "12345678" });
    const outcome = await firebaseIdentity().registerAccount({
      ...sampleAccount,
      email: "made.by.council@example.org",
    });
    expect(outcome).toMatchObject({ ok: false, reason: "rejected" });
    expect((await testbed.auth.getUserByEmail("made.by.council@example.org")).uid).toBe("0187ME220311");
    await expectNoFirebaseUser(student.enrollment);
  });

  it("a phone number blocks nobody: a second registration with the same number succeeds, and each profile shows it", async () => {
    // A squatter registering with a classmate's number first (or two siblings giving a parent's).
    const second = await registerAfterTheSample({ enrollment: "0187CS229999", email: "other@example.org" });
    expect(second).toEqual({ ok: true });
    const identity = firebaseIdentity();
    for (const collegeId of [student.enrollment, "0187CS229999"]) {
      const state = await identity.whoIsSignedIn(await logIn(identity, collegeId));
      expect(state, collegeId).toMatchObject({ status: "signed-in", user: { phone: student.phone } });
      expect((await testbed.auth.getUser(collegeId)).phoneNumber, collegeId).toBeUndefined();
    }
    // No refusal says which numbers are registered: its words are gone from both catalogues.
    expect(Object.keys(en.forms.refusals)).not.toContain("phoneTaken");
    expect(JSON.stringify(en)).not.toContain("An account with this phone number already exists.");
  });

  it("deletes the Firebase user again when its details cannot be saved, so nothing is half-written", async () => {
    const outcome = await firebaseIdentity({ profiles: failingProfiles }).registerAccount(sampleAccount);

    expect(outcome).toEqual({ ok: false, reason: "unavailable" });
    await expectNoFirebaseUser("0187CS221042");
    // The student can simply try again once the store works.
    await register(firebaseIdentity());
  });

  it("when that deletion fails too, the log tells the administrator which user to delete, without naming the student", async () => {
    // firebase-admin's Auth with only deleteUser failing; every other call reaches the emulator.
    const auth = new Proxy(testbed.auth, {
      get: (target, property, receiver) =>
        property === "deleteUser"
          ? () => Promise.reject(new Error("auth/internal-error"))
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const outcome = await firebaseIdentity({ auth, profiles: failingProfiles }).registerAccount(sampleAccount);

    expect(outcome).toEqual({ ok: false, reason: "unavailable" });
    expect((await testbed.auth.getUser("0187CS221042")).uid, "the user stays in Firebase").toBe("0187CS221042");
    expect(logged.join("\n")).toMatch(
      /could not delete a user it had just created, after its profile details could not be saved \(.*\); in the Firebase console it is the user created at about \d{4}-\d\d-\d\dT/,
    );
    // afterEach checks that no line names the enrollment number, e-mail, name, phone or date of birth.
  });
});

describe("accounts the council creates in Firebase, outside the site", () => {
  it("sign in with the same uid rule, and the profile shows the specified fallbacks for details the site does not hold", async () => {
    await testbed.auth.createUser({
      uid: "0187ME201234",
      email: "council.made@example.org",
      password: "15082003",
      displayName: "Council Made",
    });
    const identity = firebaseIdentity();
    const credentials = await logIn(identity, "0187me201234", "15082003");

    const state = await identity.whoIsSignedIn(credentials);
    expect(state).toEqual({
      status: "signed-in",
      user: { username: "Council Made", email: "council.made@example.org" },
      collegeId: "0187ME201234",
      councilMember: false,
      accountKey: "firebase:0187ME201234",
      emailVerified: false,
    });
    if (state.status !== "signed-in") throw new Error("not signed in");
    expect(profileCardText(state.user)).toMatchObject({
      branchAndCollege: "Branch N/A | College N/A",
      dobAndGender: "DOB N/A | Gender N/A",
      college: "Not Provided",
      bio: "No bio provided.",
    });
  });

  it("one made with a phone number shows it on the profile and in the data download (the site holds none for it)", async () => {
    await testbed.auth.createUser({
      uid: "0187ME201235",
      email: "council.phone@example.org",
      password: "15082003",
      phoneNumber: "+919812345678",
    });
    const identity = firebaseIdentity();
    const credentials = await logIn(identity, "0187ME201235", "15082003");

    const state = await identity.whoIsSignedIn(credentials);
    expect(state).toMatchObject({ status: "signed-in", user: { phone: "+919812345678" } });
    if (state.status !== "signed-in") throw new Error("not signed in");
    expect(profileCardText(state.user).phone).toBe("+91 98123 45678");
    const record = await identity.accountRecord!(credentials);
    expect(record).toMatchObject({ ok: true, value: { details: { phone: "+919812345678" } } });
  });

  it("a user's custom claims can be read with the session", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    await testbed.auth.setCustomUserClaims("0187CS221042", { council: true, other: "kept" });
    const credentials = await logIn(identity);

    expect(await identity.accountOf(credentials)).toMatchObject({
      status: "signed-in",
      uid: "0187CS221042",
      customClaims: { council: true },
    });
  });
});

describe("the council role in Firebase (the custom claim council: true)", () => {
  it("granting an unknown College ID is refused by name, and nothing is created", async () => {
    const outcome = await firebaseIdentity().grantCouncilRole("0101xx000000");
    expect(outcome).toMatchObject({
      ok: false,
      reason: "rejected",
      refusal: { code: "noAccountWithCollegeId", collegeId: "0101XX000000", provider: "firebase" },
    });
    await expectNoFirebaseUser("0101XX000000");
  });

  it("grant and revoke count at the member's next request, without signing out; other claims are kept", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    await testbed.auth.setCustomUserClaims("0187CS221042", { other: "kept" });
    const credentials = await logIn(identity);
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({
      collegeId: "0187CS221042",
      councilMember: false,
    });

    expect(await identity.grantCouncilRole(" 0187cs221042 ")).toEqual({
      ok: true,
      value: { member: { collegeId: "0187CS221042", name: student.username }, changed: true },
    });
    // The same session cookie, signed in before the grant: the claim is read from the user record each time.
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ status: "signed-in", councilMember: true });
    expect(
      (await identity.grantCouncilRole("0187CS221042")).ok && (await identity.grantCouncilRole("0187CS221042")),
    ).toMatchObject({
      value: { changed: false },
    });
    expect(await identity.listCouncilMembers()).toEqual({
      ok: true,
      value: [{ collegeId: "0187CS221042", name: student.username }],
    });

    expect(await identity.revokeCouncilRole("0187CS221042")).toMatchObject({ ok: true, value: { changed: true } });
    expect(await identity.whoIsSignedIn(credentials)).toMatchObject({ status: "signed-in", councilMember: false });
    expect((await testbed.auth.getUser("0187CS221042")).customClaims).toEqual({ other: "kept" });
    expect(await identity.listCouncilMembers()).toEqual({ ok: true, value: [] });
  });
});

describe("sessions ended by Firebase", () => {
  it("a disabled user cannot log in, and their open session is signed out", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const credentials = await logIn(identity);

    await testbed.auth.updateUser("0187CS221042", { disabled: true });
    expect(await identity.logIn(student.enrollment, studentPassword)).toEqual({ ok: false, reason: "rejected" });
    expect(await identity.whoIsSignedIn(credentials)).toEqual({ status: "signed-out" });
  });

  it("a session revoked by the council (revokeRefreshTokens) is signed out", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const credentials = await logIn(identity);
    expect((await identity.whoIsSignedIn(credentials)).status).toBe("signed-in");

    await nextSecond();
    await testbed.auth.revokeRefreshTokens("0187CS221042");
    expect(await identity.whoIsSignedIn(credentials)).toEqual({ status: "signed-out" });
  });

  it("a deleted user's session is signed out", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const credentials = await logIn(identity);

    await testbed.auth.deleteUser("0187CS221042");
    expect(await identity.whoIsSignedIn(credentials)).toEqual({ status: "signed-out" });
  });

  it("an expired session is signed out", async () => {
    const identity = firebaseIdentity({ sessionLifetimeMs: 5 * 60 * 1000 });
    await register(identity);
    const credentials = await logIn(identity);

    vi.useFakeTimers({ now: Date.now() + 6 * 60 * 1000, toFake: ["Date"] });
    try {
      expect(await identity.whoIsSignedIn(credentials)).toEqual({ status: "signed-out" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("logging out of Firebase", () => {
  it("revokes the session at once: a copy of the credentials taken before logout opens nothing, even in the same second", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const credentials = await logIn(identity);
    const copy = `${credentials}`;

    expect(await identity.logOut(credentials)).toEqual({ ok: true });
    expect(await identity.whoIsSignedIn(copy)).toEqual({ status: "signed-out" });
    expect(await identity.logOut(copy), "logging out twice is still fine").toEqual({ ok: true });
  });

  it("a new login after logging out works again", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    await identity.logOut(await logIn(identity));

    const again = await logIn(identity);
    expect((await identity.whoIsSignedIn(again)).status).toBe("signed-in");
  });
});

describe("Firebase slow or late", () => {
  it("hanging: login answers 'Unable to connect to the server. Try again later.' (503) within 8 s", async () => {
    const silent = await startSilentServer();
    try {
      const hangingAuth = adminAuthFor(silent.host, testbed.emulator.projectId);
      routeIdentity.current = firebaseIdentity({ auth: hangingAuth, emulatorHost: silent.host });

      const started = Date.now();
      const result = await loginAction(routeArgs(loginRequest(student.enrollment, studentPassword)));
      const elapsed = Date.now() - started;

      expect(elapsed).toBeLessThan(8000);
      expect(elapsed).toBeGreaterThanOrEqual(defaultTimeoutMs - 50);
      if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
      expect(result.init?.status).toBe(503);
      expect((result.data as { error?: Record<string, string[]> }).error?.[""]).toEqual([
        "Unable to connect to the server. Try again later.",
      ]);
      expect(logged.join("\n")).toMatch(/could not log in \(getUser: no answer within \d+ ms\)/);
    } finally {
      await silent.close();
    }
  }, 20_000);

  it("hanging: registration, profile and logout answer unavailable by the deadline", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const credentials = await logIn(identity);
    const silent = await startSilentServer();
    try {
      const hanging = firebaseIdentity(firebaseAt(silent.host, testbed.emulator.projectId));

      for (const [call, work] of [
        [
          "registerAccount",
          () =>
            hanging.registerAccount({
              ...sampleAccount,
              enrollment: "0187CS229999",
              email: "x@example.org",
              phone: "+919123456789",
            }),
        ],
        ["whoIsSignedIn", () => hanging.whoIsSignedIn(credentials)],
        ["logOut", () => hanging.logOut(credentials)],
      ] as const) {
        const started = Date.now();
        const outcome = await work();
        expect(Date.now() - started, call).toBeLessThan(1500);
        expect(outcome, call).toMatchObject(
          "status" in outcome ? { status: "unavailable" } : { ok: false, reason: "unavailable" },
        );
      }
      expect(await store.profiles.profileOf("0187CS229999")).toBeUndefined();
    } finally {
      await silent.close();
    }
  });

  it("late: a user Firebase creates after the visitor was told it failed is deleted again", async () => {
    const proxy = await startDelayingProxy(testbed.emulator.host, /\/accounts(\?|$)/, 1500);
    try {
      const late = firebaseIdentity(firebaseAt(proxy.host, testbed.emulator.projectId, 500));

      expect(await late.registerAccount(sampleAccount)).toEqual({ ok: false, reason: "unavailable" });
      // The emulator has it for now; the late answer then triggers the deletion.
      expect((await testbed.auth.getUser("0187CS221042")).uid).toBe("0187CS221042");
      await expect
        .poll(
          () =>
            testbed.auth.getUser("0187CS221042").then(
              () => "exists",
              (error: { code?: string }) => error.code,
            ),
          {
            timeout: 5000,
          },
        )
        .toBe("auth/user-not-found");
      expect(await store.profiles.profileOf("0187CS221042")).toBeUndefined();
      // The log line follows deleteUser's answer, so the emulator can show the deletion a moment before it.
      await expect
        .poll(() => logged.join("\n"), { timeout: 2000 })
        .toMatch(/deleted a user again \(a createUser that answered after the deadline\)/);
    } finally {
      await proxy.close();
    }
  });
});

describe("the login page with Firebase", () => {
  it("after five wrong passwords the sixth attempt is refused as too many without asking Firebase", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    let asked = 0;
    routeIdentity.current = {
      ...identity,
      logIn: (collegeId, password) => ((asked += 1), identity.logIn(collegeId, password)),
    };

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const result = await loginAction(routeArgs(loginRequest(student.enrollment, `0101200${attempt}`)));
      expect(result instanceof Response ? result.status : result.init?.status, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await loginAction(routeArgs(loginRequest(student.enrollment, studentPassword)));
    expect(sixth instanceof Response ? sixth.status : sixth.init?.status).toBe(429);
    expect(asked).toBe(5);
  });
});

describe("logging in through Firebase, timed", () => {
  it("20 logins: the median is printed, for comparing backends", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const durations: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const started = performance.now();
      await logIn(identity);
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    const median = (durations[9]! + durations[10]!) / 2;
    console.log(
      `Firebase login through the adapter against the Auth emulator, 20 logins: median ${median.toFixed(1)} ms, ` +
        `fastest ${durations[0]!.toFixed(1)} ms, slowest ${durations[19]!.toFixed(1)} ms`,
    );
    expect(median).toBeLessThan(2000);
  });
});

describe("answers the emulator never gives", () => {
  /** firebase-admin stand-in: only the calls a test names answer. */
  function stubAuth(calls: Partial<Record<keyof FirebaseAuth, (...args: never[]) => Promise<unknown>>>): FirebaseAuth {
    return calls as unknown as FirebaseAuth;
  }
  const restAnswer =
    (status: number, body: unknown): typeof fetch =>
    () =>
      Promise.resolve(Response.json(body, { status }));
  const knownUser = {
    getUser: () => Promise.resolve({ uid: "0187CS221042", email: student.email, disabled: false }),
  };

  it("Google's public keys out of reach is 'unavailable', while a forged session is signed out", async () => {
    const keysUnreachable = Object.assign(
      new Error("Error fetching public keys for Google certs: getaddrinfo ENOTFOUND"),
      {
        code: "auth/argument-error",
      },
    );
    const forged = Object.assign(new Error("Firebase session cookie has invalid signature."), {
      code: "auth/argument-error",
    });

    const offline = firebaseIdentity({
      auth: stubAuth({ verifySessionCookie: () => Promise.reject(keysUnreachable) }),
    });
    expect(await offline.whoIsSignedIn("a-session-cookie")).toEqual({ status: "unavailable" });
    const forgery = firebaseIdentity({ auth: stubAuth({ verifySessionCookie: () => Promise.reject(forged) }) });
    expect(await forgery.whoIsSignedIn("a-session-cookie")).toEqual({ status: "signed-out" });
  });

  it("with e-mail enumeration protection on, INVALID_LOGIN_CREDENTIALS is a wrong password", async () => {
    const identity = firebaseIdentity({
      auth: stubAuth(knownUser),
      fetch: restAnswer(400, { error: { code: 400, message: "INVALID_LOGIN_CREDENTIALS" } }),
    });
    expect(await identity.logIn(student.enrollment, studentPassword)).toEqual({ ok: false, reason: "rejected" });
  });

  it("Firebase's own lockout, a wrong API key or an answer that is not JSON say nothing about the password: unavailable", async () => {
    for (const fetchStub of [
      restAnswer(400, {
        error: {
          code: 400,
          message: "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled",
        },
      }),
      restAnswer(400, { error: { code: 400, message: "API key not valid. Please pass a valid API key." } }),
      (() => Promise.resolve(new Response("<html>Bad gateway</html>", { status: 502 }))) as typeof fetch,
    ]) {
      const identity = firebaseIdentity({ auth: stubAuth(knownUser), fetch: fetchStub });
      expect(await identity.logIn(student.enrollment, studentPassword)).toEqual({ ok: false, reason: "unavailable" });
    }
    expect(logged.join("\n")).toMatch(/answered 400 TOO_MANY_ATTEMPTS_TRY_LATER\)/);
    expect(logged.join("\n"), "the API key travels in the URL: never logged").not.toContain(apiKey);
  });
});

// Last: stops the file's emulator.
describe("a student's data with Firebase sign-in", () => {
  it("gives the account's record with the ID card kept by the site, never a password", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const record = await identity.accountRecord!(await logIn(identity));
    if (!record.ok) throw new Error(`not ok: ${JSON.stringify(record)}`);
    expect(record.value).toMatchObject({
      collegeId: student.enrollment,
      details: { username: student.username, email: student.email, branch: student.branch, phone: student.phone },
      idCard: { mediaType: "image/png", sentAt: expect.any(String) as string },
    });
    expect(Buffer.from((record.value.idCard as { bytes: Uint8Array }).bytes).equals(tinyPng)).toBe(true);
    expect(JSON.stringify(record.value)).not.toMatch(/password|09032004/i);
  });

  it("erasing the account deletes the Firebase user and the site's details, and the session no longer opens anything", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const session = await logIn(identity);
    expect(await identity.eraseAccount!(session)).toEqual({
      ok: true,
      value: { enrollment: student.enrollment, email: student.email },
    });
    await expectNoFirebaseUser(student.enrollment);
    expect(await store.profiles.profileOf(student.enrollment)).toBeUndefined();
    // The phone number went with the profile: no row of the store keeps it.
    expect(await store.database.read((trx) => trx.selectFrom("profiles").select("phone").execute())).toEqual([]);
    expect((await identity.whoIsSignedIn(session)).status).toBe("signed-out");
    expect(await identity.accountRecord!(session)).toMatchObject({ ok: false, reason: "rejected" });
  });
});

describe("Firebase stopped mid-test", () => {
  it("every call answers unavailable quickly, the login page says 'Unable to connect to the server. Try again later.' and the profile goes to /auth/login, never a 500", async () => {
    const identity = firebaseIdentity();
    await register(identity);
    const credentials = await logIn(identity);
    await testbed.stop();
    routeIdentity.current = identity;

    const started = Date.now();
    expect(await identity.logIn(student.enrollment, studentPassword)).toEqual({ ok: false, reason: "unavailable" });
    expect(await identity.registerAccount({ ...sampleAccount, enrollment: "0187CS229999" })).toEqual({
      ok: false,
      reason: "unavailable",
    });
    expect(await identity.whoIsSignedIn(credentials)).toEqual({ status: "unavailable" });
    expect(await identity.logOut(credentials)).toEqual({ ok: false, reason: "unavailable" });
    expect(Date.now() - started).toBeLessThan(8000);

    const login = await loginAction(routeArgs(loginRequest(student.enrollment, studentPassword)));
    if (login instanceof Response) throw new Error(`expected data, got a ${login.status} response`);
    expect(login.init?.status).toBe(503);
    expect((login.data as { error?: Record<string, string[]> }).error?.[""]).toEqual([
      "Unable to connect to the server. Try again later.",
    ]);

    const cookie = await signedInCookie(credentials);
    const profile = await profileLoader(routeArgs(get("/userProfile", { cookie }))).then(
      (value) => value,
      (thrown: unknown) => thrown,
    );
    expect(profile).toBeInstanceOf(Response);
    expect((profile as Response).status).toBe(302);
    expect((profile as Response).headers.get("Location")).toBe("/auth/login");
  });
});
