import type { z } from "zod";

/**
 * Firebase sign-in's part of the environment (docs/decisions/0007): both of FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN
 * or neither, a project ID, and in production credentials for firebase-admin (unless the Auth emulator is used).
 */

/** Firebase's own rule for project IDs: 6 to 30 lower-case letters, digits and hyphens, starting with a letter. */
export const firebaseProjectId = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

/** What the Firebase identity adapter needs, or undefined when Firebase sign-in is off. */
export interface FirebaseSettings {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Set: every call goes to the Auth emulator at this host:port, without credentials. */
  emulatorHost?: string;
  /** firebase-admin's credentials; undefined under the emulator (or, outside production, Google's defaults). */
  credentials?: { serviceAccount: Record<string, unknown> } | { keyFile: string };
  timeoutMs: number;
}

export function firebaseSettings(
  env: {
    NODE_ENV: string;
    FIREBASE_API_KEY?: string;
    FIREBASE_AUTH_DOMAIN?: string;
    FIREBASE_PROJECT_ID?: string;
    FIREBASE_SERVICE_ACCOUNT?: Record<string, unknown>;
    GOOGLE_APPLICATION_CREDENTIALS?: string;
    FIREBASE_AUTH_EMULATOR_HOST?: string;
    FIREBASE_TIMEOUT_MS: number;
  },
  ctx: z.RefinementCtx,
): FirebaseSettings | undefined | "invalid" {
  const apiKey = env.FIREBASE_API_KEY;
  const authDomain = env.FIREBASE_AUTH_DOMAIN;
  if (!apiKey && !authDomain) return undefined;
  // Half a configuration is a mistake, not "off": stop and name what is missing.
  if (!apiKey || !authDomain) {
    const [missing, given] = apiKey
      ? ["FIREBASE_AUTH_DOMAIN", "FIREBASE_API_KEY"]
      : ["FIREBASE_API_KEY", "FIREBASE_AUTH_DOMAIN"];
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: `is required when ${given} is set (Firebase sign-in needs both, or neither)`,
    });
    return "invalid";
  }
  const projectId = env.FIREBASE_PROJECT_ID ?? authDomain.split(".")[0] ?? "";
  if (!firebaseProjectId.test(projectId)) {
    ctx.addIssue({
      code: "custom",
      path: ["FIREBASE_PROJECT_ID"],
      message: `is required: the auth domain's first label (${projectId}) is not a Firebase project ID`,
    });
    return "invalid";
  }
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  const credentials = env.FIREBASE_SERVICE_ACCOUNT
    ? { serviceAccount: env.FIREBASE_SERVICE_ACCOUNT }
    : env.GOOGLE_APPLICATION_CREDENTIALS
      ? { keyFile: env.GOOGLE_APPLICATION_CREDENTIALS }
      : undefined;
  if (env.NODE_ENV === "production" && !emulatorHost && !credentials) {
    ctx.addIssue({
      code: "custom",
      path: ["FIREBASE_SERVICE_ACCOUNT"],
      message:
        "or GOOGLE_APPLICATION_CREDENTIALS is required in production for Firebase sign-in (unless FIREBASE_AUTH_EMULATOR_HOST is set)",
    });
    return "invalid";
  }
  return { apiKey, authDomain, projectId, emulatorHost, credentials, timeoutMs: env.FIREBASE_TIMEOUT_MS };
}
