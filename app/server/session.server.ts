import { createCookieSessionStorage, type Session } from "react-router";
import type { BackendCredentials } from "./backend/council-backend.server";
import { env } from "./env.server";

type SessionData = {
  /** The council API's cookies, or the built-in store's session token (see BackendCredentials). */
  credentials: BackendCredentials;
  /** The visitor's first name, learnt once at login, so the header can greet them without asking the backend. */
  firstName?: string;
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

export type CouncilSession = Session<SessionData>;

export function getSession(request: Request): Promise<CouncilSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The credentials of the signed-in visitor, or undefined for a visitor who never signed in. */
export async function getCredentials(request: Request): Promise<BackendCredentials | undefined> {
  return (await getSession(request)).get("credentials");
}

/**
 * Set-Cookie header value that signs the visitor in with the backend's credentials. `name` is the visitor's name as
 * the backend knows it (the profile's username); only its first word is kept, for the header's account link.
 */
export async function signIn(request: Request, credentials: BackendCredentials, { name }: { name?: string } = {}): Promise<string> {
  const session = await getSession(request);
  session.set("credentials", credentials);
  const firstName = name?.trim().split(/\s+/)[0];
  if (firstName) session.set("firstName", firstName);
  else session.unset("firstName");
  return sessionStorage.commitSession(session);
}

/** What the header shows of the visitor: signed out (null), or signed in with the first name when it is known. */
export type HeaderAccount = { firstName: string | null } | null;

/** Read from our signed cookie alone: no backend call on a page view. A visitor without the cookie is signed out. */
export async function headerAccount(request: Request): Promise<HeaderAccount> {
  if (!request.headers.has("Cookie")) return null;
  const session = await getSession(request);
  if (!session.has("credentials")) return null;
  return { firstName: session.get("firstName") ?? null };
}

/** Set-Cookie header value that removes our session cookie. */
export async function signOut(request: Request): Promise<string> {
  return sessionStorage.destroySession(await getSession(request));
}
