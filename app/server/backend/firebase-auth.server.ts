import { applicationDefault, cert, getApps, initializeApp } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import type { FirebaseSettings } from "../env.server";
import { log } from "../log.server";
import { sharedMetrics } from "../metrics.server";

/**
 * Reaching Firebase Authentication: the connection, the rule from a College ID to a Firebase user, one deadline for
 * all calls of a visitor's request, the REST password sign-in, and how Firebase's errors read in the log (codes and
 * steps only: never names, e-mails, phones, dates of birth, passwords or tokens).
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

/**
 * The one rule linking a College ID to a Firebase user, for accounts registered on the site and for those the
 * council creates with firebase-admin: uid = the enrollment number, trimmed and upper-cased.
 */
export function uidFromCollegeId(collegeId: string): string {
  return collegeId.trim().toUpperCase();
}

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

export class FirebaseTimeout extends Error {
  constructor(
    readonly step: string,
    readonly afterMs: number,
  ) {
    super(`${step}: no answer within ${afterMs} ms`);
  }
}

/** One visitor's request: every Firebase call in it races the same end time. */
export function startDeadline(timeoutMs: number) {
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
export function firebaseCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** A secret-free cause for the log. Messages of auth/* errors may quote what was sent, so only their code is kept. */
export function describeError(error: unknown): string {
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

export function isSignedOutError(error: unknown): boolean {
  const code = firebaseCode(error);
  return (
    code !== undefined && signedOutCodes.has(code) && !(code === "auth/argument-error" && isKeyFetchFailure(error))
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Deadline = ReturnType<typeof startDeadline>;

/** One error line for a step that failed; the visitor hears that the service is unavailable. */
export function logFirebaseFailure(action: string, error: unknown): void {
  log.error(`Firebase sign-in: could not ${action} (${describeError(error)})`);
}

/** The REST sign-in: an ID token for e-mail and password, "rejected" for a wrong password or a disabled user. */
export async function exchangePassword(
  { signInUrl, fetch: fetchImpl }: { signInUrl: string; fetch: typeof fetch },
  email: string,
  password: string,
  deadline: Deadline,
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
      ? cert(settings.credentials.serviceAccount)
      : applicationDefault()
    : undefined;
  return getAuth(
    existing ?? initializeApp({ projectId: settings.projectId, ...(credential ? { credential } : {}) }, name),
  );
}
