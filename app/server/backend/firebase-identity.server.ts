import type { DecodedIdToken, UserRecord } from "firebase-admin/auth";
import type { CouncilUser } from "~/types/accounts";
import { log } from "../ops/log.server";
import type { AccountChecks } from "./account-checks.server";
import type { StoreDatabase } from "./built-in/database.server";
import type { MailQueue } from "./built-in/mail-queue.server";
import type { ProfileStore } from "./built-in/profiles.server";
import { firebaseAccountChecks } from "./firebase-account-checks.server";
import type { BackendCredentials, Failure, IdentityProvider, Outcome, SignedInState } from "./council-backend.server";
import {
  describeError,
  exchangePassword,
  type FirebaseAuth,
  firebaseCode,
  identityToolkit,
  isCollegeIdUid,
  isSignedOutError,
  logFirebaseFailure,
  sleepUntil,
  startDeadline,
  uidFromCollegeId,
} from "./firebase-auth.server";
import { firebaseCouncilRole } from "./firebase-council-role.server";
import { accountAddress, addressVerified, isReleasedAddress } from "./firebase-addresses.server";
import { firebaseEmailVerification } from "./firebase-email-verification.server";
import { firebaseRegistration } from "./firebase-registration.server";
import { firebaseStudentData } from "./firebase-student-data.server";
import { firebaseUnverifiedAccounts } from "./firebase-unverified-accounts.server";

/**
 * Firebase Authentication as the identity provider (docs/decisions/0007), entirely on the server, so it works
 * without JavaScript:
 *
 * - register: firebase-admin creates the user (uid = the College ID's key, for an enrollment number trimmed and
 *   upper-cased; password = the date of birth as DDMMYYYY); the form's other details and the ID card go to the
 *   built-in store's profiles table, and the account gets a random key for its entries (account_keys)
 *   (firebase-registration.server.ts).
 * - log in: College ID → uid → the user's e-mail → Firebase's REST `accounts:signInWithPassword` → an ID token →
 *   a firebase-admin session cookie, which travels inside our own signed session cookie (BackendCredentials).
 * - who is signed in: `verifySessionCookie(cookie, true)` on every request (revoked, expired, disabled: signed out).
 * - log out: `revokeRefreshTokens(uid)`, so a copy of the cookie taken before opens nothing afterwards.
 * - the e-mail address: the Firebase user holds a placeholder, the profile the typed address, proven by Firebase's own
 *   `emailVerified` (firebase-addresses.server.ts), set through a link to the site's own page
 *   (firebase-email-verification.server.ts), queued in the built-in store's outbox after registration. An account
 *   registered while the site sends e-mail and not verified within 7 days is removed by retention
 *   (firebase-unverified-accounts.server.ts).
 *
 * All Firebase calls of one visitor's request share one deadline (`timeoutMs`, below 8 s): past it the answer is
 * `unavailable` and the visitor hears the specification's network message. No method throws, and logs carry error
 * codes and steps only: never names, e-mails, phones, dates of birth, passwords or tokens.
 */

// The options name the part of firebase-admin the adapter uses; tests pass a stand-in for it.
export type { FirebaseAuth } from "./firebase-auth.server";

export interface FirebaseIdentityOptions {
  auth: FirebaseAuth;
  /** Where the registration details Firebase does not hold are kept (the built-in store's profiles table). */
  profiles: ProfileStore;
  /** Where verification e-mails are queued (the built-in store's outbox); unset when the site sends no e-mail. */
  mail?: MailQueue;
  /**
   * The built-in store's database, where the council's checks and "This College ID is mine" claims are kept; unset,
   * neither is offered.
   */
  database?: StoreDatabase;
  /** The web API key: the REST sign-in needs it (FIREBASE_API_KEY). */
  apiKey: string;
  /** Named in the start-up log line. */
  projectId: string;
  /** host:port of the Auth emulator; the REST calls go there instead of identitytoolkit.googleapis.com. */
  emulatorHost?: string;
  /** How long the Firebase calls of one login, registration, profile or logout may take together. */
  timeoutMs: number;
  /** How long a session cookie lasts (Firebase allows 5 minutes to 2 weeks); our session cookie's lifetime. */
  sessionLifetimeMs?: number;
  fetch?: typeof fetch;
}

/** whoIsSignedIn with the Firebase uid and the user's custom claims (where the council role is kept). */
export type FirebaseAccountState =
  | {
      status: "signed-in";
      uid: string;
      /** The key of the account's entries (account_keys): given to this Firebase user, never to a later one. */
      accountKey: string;
      user: CouncilUser;
      customClaims: Record<string, unknown>;
      /** Firebase's own flag: the address was proven through a verification link (or set so by the council). */
      emailVerified: boolean;
      /** The address the Firebase user holds (a placeholder for the typed one): its links' codes name it. */
      firebaseEmail: string | undefined;
      /** The account's address was released ("This was not me", or its owner registered it): it holds none. */
      emailReleased: boolean;
    }
  | { status: "signed-out" }
  | { status: "unavailable" };

export interface FirebaseIdentity extends IdentityProvider {
  accountOf(credentials: BackendCredentials): Promise<FirebaseAccountState>;
  /** The council's checks of College IDs and the claims, as the built-in store offers them for its accounts. */
  accountChecks?: AccountChecks;
}

const dayMs = 24 * 60 * 60 * 1000;
const sevenDaysMs = 7 * dayMs;

export function createFirebaseIdentity(options: FirebaseIdentityOptions): FirebaseIdentity {
  const { auth, profiles, apiKey, emulatorHost, timeoutMs } = options;
  const sessionLifetimeMs = options.sessionLifetimeMs ?? sevenDaysMs;
  const toolkit = identityToolkit({ apiKey, emulatorHost, fetch: options.fetch });
  const unavailable: Failure = { ok: false, reason: "unavailable" };

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
        // Signed out: the route logs 'Failed to fetch user profile' and sends the visitor to /login.
        log.error(`Firebase sign-in: the session no longer opens a profile (${describeError(error)})`);
        return { status: "signed-out" };
      }
      logFirebaseFailure("look up the signed-in user", error);
      return { status: "unavailable" };
    }
    let details;
    let typedEmail: string | null | undefined;
    let accountKey: string;
    try {
      details = await profiles.profileOf(record.uid);
      typedEmail = details && (await profiles.withProfiles([record.uid])).get(record.uid)?.email;
      accountKey = await profiles.accountKeyOf({ uid: record.uid, createdAt: record.metadata.creationTime });
    } catch (error) {
      logFirebaseFailure("read the profile details", error);
      return { status: "unavailable" };
    }
    // An account the council created in Firebase has no details here: the profile card shows its fallbacks.
    const user: CouncilUser = { ...details };
    if (record.displayName) user.username = record.displayName;
    const emailReleased = isReleasedAddress(record.email);
    const email = accountAddress(record, typedEmail);
    if (email) user.email = email;
    // The profile's number; an account the council made in the console may carry one on the Firebase user instead.
    if (!user.phone && record.phoneNumber) user.phone = record.phoneNumber;
    return {
      status: "signed-in",
      uid: record.uid,
      accountKey,
      user,
      customClaims: { ...record.customClaims },
      emailVerified: addressVerified(record),
      firebaseEmail: record.email,
      emailReleased,
    };
  }

  const { emailVerification, sendVerificationMail } = firebaseEmailVerification({
    auth,
    toolkit,
    mail: options.mail,
    profiles,
    timeoutMs,
    accountOf,
    accountKeyOf: (user) => profiles.accountKeyOf({ uid: user.uid, createdAt: user.metadata.creationTime }),
  });

  return {
    ...firebaseCouncilRole(auth),
    ...firebaseStudentData({ auth, profiles, timeoutMs, accountOf }),
    ...firebaseUnverifiedAccounts({ auth, profiles, timeoutMs }),
    accountOf,
    emailVerification,
    accountChecks:
      options.database && firebaseAccountChecks({ auth, database: options.database, mail: options.mail, timeoutMs }),

    ...firebaseRegistration({ auth, profiles, mail: options.mail, timeoutMs, sendVerificationMail }),

    description: `Firebase Authentication (project ${options.projectId}${emulatorHost ? `, Auth emulator at ${emulatorHost}` : ""})`,

    async logIn(collegeId: string, password: string): Promise<Outcome<BackendCredentials>> {
      const uid = uidFromCollegeId(collegeId);
      // No message on refusals: the route shows the specified 'Invalid College ID or Password.' for all alike.
      const rejected: Failure = { ok: false, reason: "rejected" };
      if (!isCollegeIdUid(uid) || uid.length > 128) return rejected;
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
        const exchanged = await exchangePassword(toolkit, record.email, password, deadline);
        if (exchanged === "rejected" || exchanged.uid !== uid) return rejected;
        const cookie = await deadline.race(
          "createSessionCookie",
          auth.createSessionCookie(exchanged.idToken, { expiresIn: sessionLifetimeMs }),
        );
        return { ok: true, value: cookie };
      } catch (error) {
        logFirebaseFailure("log in", error);
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
        accountKey: state.accountKey,
        emailVerified: state.emailVerified,
      };
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
        logFirebaseFailure("log out", error);
        return unavailable;
      }
      try {
        // Firebase compares whole seconds: a session signed in during the second of the revocation would outlive
        // it. Waiting until our clock has passed the session's auth_time second (at most a second, plus any clock
        // difference to Firebase) makes the revocation cover this session.
        await sleepUntil((decoded.auth_time + 1) * 1000, deadline, 1000);
        await deadline.race("revokeRefreshTokens", auth.revokeRefreshTokens(decoded.uid));
        return { ok: true };
      } catch (error) {
        logFirebaseFailure("log out", error);
        return unavailable;
      }
    },
  };
}
