import { applicationDefault, cert, getApps, initializeApp, type ServiceAccount } from "firebase-admin/app";
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from "firebase-admin/auth";
import type { FirebaseSettings } from "../env.server";
import { log } from "../log.server";
import { sharedMetrics } from "../metrics.server";
import { passwordFromDateOfBirth } from "../passwords.server";
import type { ProfileStore } from "./built-in/profiles.server";
import type {
  AccountRecord,
  AccountRegistration,
  BackendCredentials,
  CouncilMember,
  CouncilRoleChange,
  Failure,
  IdentityProvider,
  Outcome,
  SignedInState,
  StudentKey,
} from "./council-backend.server";
import type { CouncilUser } from "~/types/accounts";

/**
 * Firebase Authentication as the identity provider (docs/decisions/0007), entirely on the server, so it works
 * without JavaScript:
 *
 * - register: firebase-admin creates the user (uid = the enrollment number trimmed and upper-cased, password = the
 *   date of birth as DDMMYYYY); the form's other details and the ID card go to the built-in store's profiles table.
 * - log in: College ID → uid → the user's e-mail → Firebase's REST `accounts:signInWithPassword` → an ID token →
 *   a firebase-admin session cookie, which travels inside our own signed session cookie (BackendCredentials).
 * - who is signed in: `verifySessionCookie(cookie, true)` on every request (revoked, expired, disabled: signed out).
 * - log out: `revokeRefreshTokens(uid)`, so a copy of the cookie taken before opens nothing afterwards.
 *
 * All Firebase calls of one visitor's request share one deadline (`timeoutMs`, below 8 s): past it the answer is
 * `unavailable` and the visitor hears the specification's network message. No method throws, and logs carry error
 * codes and steps only: never names, e-mails, phones, dates of birth, passwords or tokens.
 */

/** The part of firebase-admin's Auth the adapter uses (tests may pass a stand-in). */
export type FirebaseAuth = Pick<
  Auth,
  | "createUser"
  | "deleteUser"
  | "getUser"
  | "createSessionCookie"
  | "verifySessionCookie"
  | "revokeRefreshTokens"
  | "setCustomUserClaims"
  | "listUsers"
>;

export interface FirebaseIdentityOptions {
  auth: FirebaseAuth;
  /** Where the registration details Firebase does not hold are kept (the built-in store's profiles table). */
  profiles: ProfileStore;
  /** The web API key: the REST sign-in needs it (FIREBASE_API_KEY). */
  apiKey: string;
  /** Named in the start-up log line. */
  projectId: string;
  /** host:port of the Auth emulator; the REST sign-in goes there instead of identitytoolkit.googleapis.com. */
  emulatorHost?: string;
  /** How long the Firebase calls of one login, registration, profile or logout may take together. */
  timeoutMs: number;
  /** How long a session cookie lasts (Firebase allows 5 minutes to 2 weeks); our session cookie's lifetime. */
  sessionLifetimeMs?: number;
  fetch?: typeof fetch;
}

/** whoIsSignedIn, plus what a later council role needs: the Firebase uid and the user's custom claims. */
export type FirebaseAccountState =
  | { status: "signed-in"; uid: string; user: CouncilUser; customClaims: Record<string, unknown> }
  | { status: "signed-out" }
  | { status: "unavailable" };

export interface FirebaseIdentity extends IdentityProvider {
  accountOf(credentials: BackendCredentials): Promise<FirebaseAccountState>;
}

/**
 * The one rule linking a College ID to a Firebase user, for accounts registered on the site and for those the
 * council creates with firebase-admin: uid = the enrollment number, trimmed and upper-cased.
 */
export function uidFromCollegeId(collegeId: string): string {
  return collegeId.trim().toUpperCase();
}

const sevenDaysMs = 7 * 24 * 60 * 60 * 1000;

/** Firebase's answers to createUser that mean "someone already has this": the visitor is told which. */
const duplicateMessages: Record<string, string> = {
  "auth/uid-already-exists": "An account with this Enrollment Number already exists.",
  "auth/email-already-exists": "An account with this email already exists.",
  "auth/phone-number-already-exists": "An account with this phone number already exists.",
};

/** Firebase's refusals of what the form let through (its rules are stricter in places). */
const invalidMessages: Record<string, string> = {
  "auth/invalid-uid": "This Enrollment Number cannot be used as a College ID.",
  "auth/invalid-email": "Invalid email address.",
  "auth/invalid-phone-number": "Phone number must be 10 digits.",
  "auth/invalid-display-name": "Please enter your full name.",
  "auth/invalid-password": "Date of birth must be a valid date.",
};

/** verifySessionCookie's and getUser's answers that mean "this session no longer opens anything". */
const signedOutCodes = new Set([
  "auth/session-cookie-revoked",
  "auth/session-cookie-expired",
  "auth/user-disabled",
  "auth/user-not-found",
  "auth/invalid-uid",
  "auth/argument-error",
]);

/** The REST sign-in's refusals of the College ID and password (with e-mail enumeration protection: the last one). */
const passwordRefusals = new Set([
  "EMAIL_NOT_FOUND",
  "INVALID_PASSWORD",
  "USER_DISABLED",
  "INVALID_EMAIL",
  "INVALID_LOGIN_CREDENTIALS",
]);

class FirebaseTimeout extends Error {
  constructor(
    readonly step: string,
    readonly afterMs: number,
  ) {
    super(`${step}: no answer within ${afterMs} ms`);
  }
}

/** One visitor's request: every Firebase call in it races the same end time. */
function startDeadline(timeoutMs: number) {
  const endsAt = Date.now() + timeoutMs;
  return {
    remainingMs: () => Math.max(0, endsAt - Date.now()),
    /** `work`'s result, or a FirebaseTimeout once the deadline passes; `work` itself keeps running. */
    race<T>(step: string, work: Promise<T>): Promise<T> {
      // A late rejection of work that lost the race must not surface as an unhandled rejection.
      work.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new FirebaseTimeout(step, timeoutMs)), Math.max(0, endsAt - Date.now()));
      });
      // Every call of a visitor's request to Firebase passes here: one timing per step, by how it ended.
      const stop = sharedMetrics().outsideCalls.startTimer({ service: "firebase", operation: step });
      return Promise.race([work, timeout])
        .then(
          (result) => {
            stop({ outcome: "ok" });
            return result;
          },
          (error: unknown) => {
            stop({ outcome: error instanceof FirebaseTimeout ? "timeout" : "error" });
            throw error;
          },
        )
        .finally(() => clearTimeout(timer));
    },
  };
}

/** firebase-admin's error code (`auth/user-not-found`, `app/network-error` ...), when it gave one. */
function firebaseCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** A secret-free cause for the log. Messages of auth/* errors may quote what was sent, so only their code is kept. */
function describeError(error: unknown): string {
  if (error instanceof FirebaseTimeout) return error.message;
  const code = firebaseCode(error);
  if (code?.startsWith("auth/")) return code;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && error.name === "TimeoutError") return "no answer in time";
  return (code ? `${code}: ${message}` : message).slice(0, 300);
}

/**
 * Outside the emulator, verifySessionCookie fetches Google's public keys; when that fails, firebase-admin reports
 * it as auth/argument-error like a forged cookie. That is Firebase being unreachable, not the visitor signing out.
 */
function isKeyFetchFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /public keys|making request|ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket/i.test(error.message)
  );
}

function isSignedOutError(error: unknown): boolean {
  const code = firebaseCode(error);
  return (
    code !== undefined && signedOutCodes.has(code) && !(code === "auth/argument-error" && isKeyFetchFailure(error))
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createFirebaseIdentity(options: FirebaseIdentityOptions): FirebaseIdentity {
  const { auth, profiles, apiKey, emulatorHost, timeoutMs } = options;
  const sessionLifetimeMs = options.sessionLifetimeMs ?? sevenDaysMs;
  const fetchImpl = options.fetch ?? fetch;
  const signInUrl = `${
    emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com` : "https://identitytoolkit.googleapis.com"
  }/v1/accounts:signInWithPassword?key=${encodeURIComponent(apiKey)}`;
  const unavailable: Failure = { ok: false, reason: "unavailable" };

  function logFailure(action: string, error: unknown) {
    log.error(`Firebase sign-in: could not ${action} (${describeError(error)})`);
  }

  /** Deletes a user this adapter created, in the background when the visitor's deadline is gone. */
  function undoCreation(uid: string, why: string): Promise<void> {
    return auth.deleteUser(uid).then(
      () => log.error(`Firebase sign-in: deleted a user again (${why}), so nothing stays half-registered`),
      (error: unknown) =>
        // No uid: it is an enrollment number, and the log holds no personal data. The time finds the user in the
        // console (users list by creation time) for an administrator to delete by hand.
        log.error(
          `Firebase sign-in: could not delete a user it had just created, after ${why} (${describeError(error)}); ` +
            `in the Firebase console it is the user created at about ${new Date().toISOString()}: delete it there`,
        ),
    );
  }

  /** The REST sign-in: an ID token for e-mail and password, "rejected" for a wrong password or a disabled user. */
  async function exchangePassword(
    email: string,
    password: string,
    deadline: ReturnType<typeof startDeadline>,
  ): Promise<{ idToken: string; uid: string } | "rejected"> {
    const response = await deadline.race(
      "accounts:signInWithPassword",
      fetchImpl(signInUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
        redirect: "manual",
        signal: AbortSignal.timeout(Math.max(1, deadline.remainingMs())),
      }),
    );
    const body = (await deadline.race("accounts:signInWithPassword", response.json())) as {
      idToken?: unknown;
      localId?: unknown;
      error?: { message?: unknown };
    };
    if (response.ok && typeof body.idToken === "string" && typeof body.localId === "string") {
      return { idToken: body.idToken, uid: body.localId };
    }
    // Firebase writes "CODE" or "CODE : explanation"; only the code is kept (the URL holds the API key: not logged).
    const code = typeof body.error?.message === "string" ? (body.error.message.split(/[\s:]/, 1)[0] ?? "") : "";
    if (response.status === 400 && passwordRefusals.has(code)) return "rejected";
    // TOO_MANY_ATTEMPTS_TRY_LATER, a wrong API key, a 5xx: nothing the visitor's password can change.
    throw new Error(`accounts:signInWithPassword answered ${response.status} ${code || "without an error code"}`);
  }

  async function accountOf(credentials: BackendCredentials): Promise<FirebaseAccountState> {
    if (!credentials) return { status: "signed-out" };
    const deadline = startDeadline(timeoutMs);
    let decoded: DecodedIdToken;
    let record: UserRecord;
    try {
      decoded = await deadline.race("verifySessionCookie", auth.verifySessionCookie(credentials, true));
      record = await deadline.race("getUser", auth.getUser(decoded.uid));
    } catch (error) {
      if (isSignedOutError(error)) {
        // Section 8, "Profile fetch not ok": the route logs 'Failed to fetch user profile' and sends to /login.
        log.error(`Firebase sign-in: the session no longer opens a profile (${describeError(error)})`);
        return { status: "signed-out" };
      }
      logFailure("look up the signed-in user", error);
      return { status: "unavailable" };
    }
    let details;
    try {
      details = await profiles.profileOf(record.uid);
    } catch (error) {
      logFailure("read the profile details", error);
      return { status: "unavailable" };
    }
    // An account the council created in Firebase has no details here: the profile card shows its fallbacks.
    const user: CouncilUser = { ...details };
    if (record.displayName) user.username = record.displayName;
    if (record.email) user.email = record.email;
    if (record.phoneNumber) user.phone = record.phoneNumber;
    return { status: "signed-in", uid: record.uid, user, customClaims: { ...record.customClaims } };
  }

  /**
   * The council role is the custom claim `council: true` (other claims are kept). Sessions are not revoked: the
   * member stays signed in, and whoIsSignedIn reads the claim afresh on the next page view.
   */
  async function changeCouncilRole(collegeId: string, grant: boolean): Promise<Outcome<CouncilRoleChange>> {
    const uid = uidFromCollegeId(collegeId);
    try {
      let record: UserRecord;
      try {
        record = await auth.getUser(uid);
      } catch (error) {
        if (firebaseCode(error) === "auth/user-not-found" || firebaseCode(error) === "auth/invalid-uid") {
          return {
            ok: false,
            reason: "rejected",
            message: `No Firebase user has the College ID "${uid}". The person must first register on the site (/userProfileRegistration).`,
          };
        }
        throw error;
      }
      const { council: was, ...otherClaims } = record.customClaims ?? {};
      const changed = (was === true) !== grant;
      if (changed) await auth.setCustomUserClaims(uid, grant ? { ...otherClaims, council: true } : otherClaims);
      return { ok: true, value: { member: { collegeId: uid, name: record.displayName }, changed } };
    } catch (error) {
      logFailure(grant ? "grant the council role" : "revoke the council role", error);
      return unavailable;
    }
  }

  return {
    description: `Firebase Authentication (project ${options.projectId}${emulatorHost ? `, Auth emulator at ${emulatorHost}` : ""})`,

    async registerAccount(registration: AccountRegistration): Promise<Outcome> {
      const uid = uidFromCollegeId(registration.enrollment);
      const password = passwordFromDateOfBirth(registration.dob);
      if (!password) return { ok: false, reason: "rejected", message: "Date of birth must be a valid date." };
      const deadline = startDeadline(timeoutMs);

      const creation = auth.createUser({
        uid,
        email: registration.email.trim(),
        password,
        displayName: registration.username.trim(),
        phoneNumber: registration.phone,
      });
      try {
        await deadline.race("createUser", creation);
      } catch (error) {
        if (error instanceof FirebaseTimeout) {
          // The visitor is told it failed; if Firebase still creates the user, delete it: nothing half-written.
          creation.then(
            () => undoCreation(uid, "a createUser that answered after the deadline"),
            () => undefined,
          );
          logFailure("register an account", error);
          return unavailable;
        }
        const code = firebaseCode(error) ?? "";
        const message = duplicateMessages[code] ?? invalidMessages[code];
        if (message) return { ok: false, reason: "rejected", message };
        logFailure("register an account", error);
        return unavailable;
      }

      try {
        await profiles.saveProfile(uid, {
          college: registration.college,
          branch: registration.branch,
          dob: registration.dob.trim(),
          gender: registration.gender,
          idCard: registration.idCard,
        });
      } catch (error) {
        logFailure("save the profile details of a new account", error);
        await deadline
          .race("deleteUser", undoCreation(uid, "its profile details could not be saved"))
          .catch(() => undefined);
        return unavailable;
      }
      return { ok: true };
    },

    async logIn(collegeId: string, password: string): Promise<Outcome<BackendCredentials>> {
      const uid = uidFromCollegeId(collegeId);
      // No message on refusals: the route shows the specified 'Invalid College ID or Password.' for all alike.
      const rejected: Failure = { ok: false, reason: "rejected" };
      if (!uid || uid.length > 128) return rejected;
      const deadline = startDeadline(timeoutMs);
      try {
        let record: UserRecord;
        try {
          record = await deadline.race("getUser", auth.getUser(uid));
        } catch (error) {
          if (firebaseCode(error) === "auth/user-not-found" || firebaseCode(error) === "auth/invalid-uid")
            return rejected;
          throw error;
        }
        if (record.disabled || !record.email) return rejected;
        const exchanged = await exchangePassword(record.email, password, deadline);
        if (exchanged === "rejected" || exchanged.uid !== uid) return rejected;
        const cookie = await deadline.race(
          "createSessionCookie",
          auth.createSessionCookie(exchanged.idToken, { expiresIn: sessionLifetimeMs }),
        );
        return { ok: true, value: cookie };
      } catch (error) {
        logFailure("log in", error);
        return unavailable;
      }
    },

    async whoIsSignedIn(credentials: BackendCredentials): Promise<SignedInState> {
      const state = await accountOf(credentials);
      if (state.status !== "signed-in") return state;
      // The role comes from the user record read on this request (getUser), not from the session cookie's claims,
      // which are those of the moment of signing in: a revoke counts at the member's next page view.
      return {
        status: "signed-in",
        user: state.user,
        collegeId: state.uid,
        councilMember: state.customClaims.council === true,
      };
    },

    grantCouncilRole: (collegeId: string) => changeCouncilRole(collegeId, true),
    revokeCouncilRole: (collegeId: string) => changeCouncilRole(collegeId, false),

    async listCouncilMembers(): Promise<Outcome<CouncilMember[]>> {
      const members: CouncilMember[] = [];
      try {
        let pageToken: string | undefined;
        do {
          const page = await auth.listUsers(1000, pageToken);
          for (const user of page.users) {
            if (user.customClaims?.council === true) members.push({ collegeId: user.uid, name: user.displayName });
          }
          pageToken = page.pageToken;
        } while (pageToken);
      } catch (error) {
        logFailure("list the council members", error);
        return unavailable;
      }
      return { ok: true, value: members.sort((a, b) => a.collegeId.localeCompare(b.collegeId)) };
    },

    accountOf,

    async accountRecord(credentials: BackendCredentials): Promise<Outcome<AccountRecord>> {
      const state = await accountOf(credentials);
      if (state.status === "signed-out") return { ok: false, reason: "rejected", message: "You are not signed in." };
      if (state.status !== "signed-in") return unavailable;
      let profile;
      try {
        profile = await profiles.profileWithIdCard(state.uid);
      } catch (error) {
        logFailure("read the profile details", error);
        return unavailable;
      }
      const details = Object.fromEntries(
        Object.entries(state.user).filter(([, value]) => typeof value === "string"),
      ) as Record<string, string>;
      const idCard = !profile
        ? null
        : "deletedAt" in profile.idCard
          ? profile.idCard
          : { ...profile.idCard, sentAt: profile.savedAt };
      return { ok: true, value: { collegeId: state.uid, details, createdAt: profile?.savedAt, idCard } };
    },

    async eraseAccount(credentials: BackendCredentials): Promise<Outcome<StudentKey>> {
      const state = await accountOf(credentials);
      if (state.status === "signed-out") return { ok: false, reason: "rejected", message: "You are not signed in." };
      if (state.status !== "signed-in") return unavailable;
      // The site's copy first: if Firebase then fails, the student can still sign in and ask again.
      try {
        await profiles.eraseProfile(state.uid);
      } catch (error) {
        logFailure("erase the profile details", error);
        return unavailable;
      }
      const deadline = startDeadline(timeoutMs);
      try {
        // Deleting the user also ends every session it had: their cookies no longer verify.
        await deadline.race("deleteUser", auth.deleteUser(state.uid));
      } catch (error) {
        logFailure("erase an account", error);
        return unavailable;
      }
      return { ok: true, value: { enrollment: state.uid, email: state.user.email } };
    },

    async logOut(credentials: BackendCredentials): Promise<Outcome> {
      if (!credentials) return { ok: true };
      const deadline = startDeadline(timeoutMs);
      let decoded: DecodedIdToken;
      try {
        decoded = await deadline.race("verifySessionCookie", auth.verifySessionCookie(credentials));
      } catch (error) {
        // Already revoked, expired or never valid: nothing left to revoke.
        if (isSignedOutError(error)) return { ok: true };
        logFailure("log out", error);
        return unavailable;
      }
      try {
        // Firebase compares whole seconds: a session signed in during the second of the revocation would outlive
        // it. Waiting until our clock has passed the session's auth_time second (at most a second, plus any clock
        // difference to Firebase) makes the revocation cover this session.
        const waitMs = (decoded.auth_time + 1) * 1000 - Date.now();
        if (waitMs > 0) await sleep(Math.min(waitMs, Math.max(0, deadline.remainingMs() - 1000)));
        await deadline.race("revokeRefreshTokens", auth.revokeRefreshTokens(decoded.uid));
        return { ok: true };
      } catch (error) {
        logFailure("log out", error);
        return unavailable;
      }
    },
  };
}

/**
 * firebase-admin's Auth for the site: with the service account's key (FIREBASE_SERVICE_ACCOUNT), Google's default
 * credentials (GOOGLE_APPLICATION_CREDENTIALS), or none under the Auth emulator — firebase-admin itself reads
 * FIREBASE_AUTH_EMULATOR_HOST from the environment, where `settings.emulatorHost` comes from.
 */
export function connectFirebaseAuth(settings: FirebaseSettings): Auth {
  const name = "student-council-site";
  const existing = getApps().find((app) => app.name === name);
  const credential = settings.credentials
    ? "serviceAccount" in settings.credentials
      ? cert(settings.credentials.serviceAccount as ServiceAccount)
      : applicationDefault()
    : undefined;
  return getAuth(
    existing ?? initializeApp({ projectId: settings.projectId, ...(credential ? { credential } : {}) }, name),
  );
}
