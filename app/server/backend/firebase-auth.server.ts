import { createRequire } from "node:module";
import type * as FirebaseApp from "firebase-admin/app";
import type * as FirebaseAdminAuth from "firebase-admin/auth";
import type { Auth } from "firebase-admin/auth";
import type { FirebaseSettings } from "../ops/firebase-settings.server";
import { log } from "../ops/log.server";
import { sharedMetrics } from "../ops/metrics.server";
import { collegeIdKey } from "../accounts/college-id.server";

const requireHere = createRequire(import.meta.url);

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
  | "getUsers"
  | "getUserByEmail"
  | "updateUser"
  | "generateEmailVerificationLink"
  | "createSessionCookie"
  | "verifySessionCookie"
  | "revokeRefreshTokens"
  | "setCustomUserClaims"
  | "listUsers"
>;

/**
 * The one rule linking a College ID to a Firebase user, for accounts registered on the site and for those the
 * council creates with firebase-admin: uid = the College ID's key (trimmed, NFKC, case-folded to upper case), the key
 * the login lockout counts by. For the enrollment numbers students have (ASCII), the same as trimmed and upper-cased.
 */
export function uidFromCollegeId(collegeId: string): string {
  return collegeIdKey(collegeId);
}

/** A uid the College ID rule gives: a user the site can sign in (Firebase's own uids, made by its REST sign-up, are not). */
export const isCollegeIdUid = (uid: string) => uid !== "" && uidFromCollegeId(uid) === uid;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until Date.now() reaches `epochMs`, giving up `reserveMs` before the deadline. A timer can fire before
 * Date.now() reaches its time (up to 1 ms early, measured over 240 timers), so the clock is read again after each wait.
 */
export async function sleepUntil(epochMs: number, deadline: { remainingMs(): number }, reserveMs: number) {
  for (let waitMs = epochMs - Date.now(); waitMs > 0; waitMs = epochMs - Date.now()) {
    const budgetMs = deadline.remainingMs() - reserveMs;
    if (budgetMs <= 0) return;
    await sleep(Math.min(waitMs, budgetMs));
  }
}

type Deadline = ReturnType<typeof startDeadline>;

/** One error line for a step that failed; the visitor hears that the service is unavailable. */
export function logFirebaseFailure(action: string, error: unknown): void {
  log.error(`Firebase sign-in: could not ${action} (${describeError(error)})`);
}

/**
 * Firebase Auth's REST API (Identity Toolkit), for what firebase-admin does not do: the password sign-in and the
 * action codes of e-mail links. The emulator serves it under its own host.
 */
export interface IdentityToolkit {
  /** Where `accounts:<method>` is answered, with the API key (never logged: the URL holds it). */
  url(method: string): string;
  fetch: typeof fetch;
}

export function identityToolkit(options: { apiKey: string; emulatorHost?: string; fetch?: typeof fetch }) {
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com`
    : "https://identitytoolkit.googleapis.com";
  return {
    url: (method: string) => `${base}/v1/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`,
    fetch: options.fetch ?? fetch,
  } satisfies IdentityToolkit;
}

/** A REST call's answer: the body, or Firebase's error code ("CODE" of "CODE : explanation") with the status. */
export type ToolkitAnswer =
  { ok: true; body: Record<string, unknown> } | { ok: false; status: number; code: string | undefined };

/** POSTs `body` to `accounts:<method>` within the deadline; a network failure or timeout rejects. */
export async function callIdentityToolkit(
  toolkit: IdentityToolkit,
  method: string,
  body: Record<string, unknown>,
  deadline: Deadline,
): Promise<ToolkitAnswer> {
  const step = `accounts:${method}`;
  const response = await deadline.race(
    step,
    toolkit.fetch(toolkit.url(method), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(Math.max(1, deadline.remainingMs())),
    }),
  );
  const answer = (await deadline.race(step, response.json())) as Record<string, unknown> & {
    error?: { message?: unknown };
  };
  if (response.ok) return { ok: true, body: answer };
  const message = answer.error?.message;
  return {
    ok: false,
    status: response.status,
    code: typeof message === "string" ? message.split(/[\s:]/, 1)[0] || undefined : undefined,
  };
}

/** An answer none of the caller's cases covers: its status and code only, for the log. */
export function unexpectedAnswer(method: string, answer: { status: number; code: string | undefined }): Error {
  return new Error(`accounts:${method} answered ${answer.status} ${answer.code ?? "without an error code"}`);
}

/** The REST sign-in: an ID token for e-mail and password, "rejected" for a wrong password or a disabled user. */
export async function exchangePassword(
  toolkit: IdentityToolkit,
  email: string,
  password: string,
  deadline: Deadline,
): Promise<{ idToken: string; uid: string } | "rejected"> {
  const answer = await callIdentityToolkit(
    toolkit,
    "signInWithPassword",
    { email, password, returnSecureToken: true },
    deadline,
  );
  if (answer.ok) {
    const { idToken, localId } = answer.body;
    if (typeof idToken === "string" && typeof localId === "string") return { idToken, uid: localId };
    throw new Error("accounts:signInWithPassword answered 200 without an ID token");
  }
  if (answer.status === 400 && passwordRefusals.has(answer.code ?? "")) return "rejected";
  // TOO_MANY_ATTEMPTS_TRY_LATER, a wrong API key, a 5xx: nothing the visitor's password can change.
  throw unexpectedAnswer("signInWithPassword", answer);
}

/**
 * firebase-admin's Auth for the site: with the service account's key (FIREBASE_SERVICE_ACCOUNT), Google's default
 * credentials (GOOGLE_APPLICATION_CREDENTIALS), or none under the Auth emulator — firebase-admin itself reads
 * FIREBASE_AUTH_EMULATOR_HOST from the environment, where `settings.emulatorHost` comes from.
 */
export function connectFirebaseAuth(settings: FirebaseSettings): Auth {
  // Loaded here, when the site signs in with Firebase, not with this module: firebase-admin is about 300 modules and
  // a third of a second of CPU, which every other start (the server on its own store, each `npm run council`) skips.
  // Its ESM entry re-exports this same CommonJS instance, so firebase-admin's own apps list is one.
  const { applicationDefault, cert, getApps, initializeApp } = requireHere("firebase-admin/app") as typeof FirebaseApp;
  const { getAuth } = requireHere("firebase-admin/auth") as typeof FirebaseAdminAuth;
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
