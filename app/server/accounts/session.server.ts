import { createCookieSessionStorage, type Session } from "react-router";
import type { BackendCredentials } from "../backend/council-backend.server";
import { env } from "../ops/env.server";

type SessionData = {
  /** The council API's cookies, or the built-in store's session token (see BackendCredentials). */
  credentials: BackendCredentials;
};

// Signed (not readable-and-forgeable) with SESSION_SECRET; the first secret signs, the others still verify.
const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: "__session",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    secrets: env.sessionSecrets,
    maxAge: 60 * 60 * 24 * 7,
  },
});

type CouncilSession = Session<SessionData>;

export function getSession(request: Request): Promise<CouncilSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The credentials of the signed-in visitor, or undefined for a visitor who never signed in. */
export async function getCredentials(request: Request): Promise<BackendCredentials | undefined> {
  return (await getSession(request)).get("credentials");
}

/**
 * Set-Cookie header value that signs the visitor in with the backend's credentials. The cookie is signed, not
 * encrypted: it holds nothing about the person (the header asks the backend for the name, header-account.server.ts).
 */
export async function signIn(_request: Request, credentials: BackendCredentials): Promise<string> {
  // A new session: nothing of an earlier one (which held the first name) is carried over.
  const session = await sessionStorage.getSession();
  session.set("credentials", credentials);
  return sessionStorage.commitSession(session);
}

/** Set-Cookie header value that removes our session cookie. */
export async function signOut(request: Request): Promise<string> {
  return sessionStorage.destroySession(await getSession(request));
}
