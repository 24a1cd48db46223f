import { redirect } from "react-router";
import { localeOf, localizedPath } from "~/i18n/locale";
import type { BackendCredentials } from "../backend/council-backend.server";
import { identity } from "../backend/running-backends.server";
import { getCredentials, signOut } from "./session.server";

/**
 * The pages only a signed-in student opens: whoever is not signed in goes to the login page in the page's language,
 * whose sign-in lapsed is signed out on the way, and when the identity backend cannot answer now, to the page that
 * says so.
 */

/** The signed-in visitor's credentials; one who is not signed in is sent to the login page in the page's language. */
export async function signedInCredentials(request: Request): Promise<BackendCredentials> {
  return (await signedInAccount(request)).credentials;
}

/**
 * The same, with the key the account's own rate limits count under: the account, not the session, since a new login
 * must not bring a fresh allowance.
 */
export async function signedInAccount(
  request: Request,
): Promise<{ credentials: BackendCredentials; collegeId?: string; limitKey: string }> {
  const locale = localeOf(new URL(request.url).pathname);
  const login = localizedPath(locale, "/login");
  const credentials = await getCredentials(request);
  if (!credentials) throw redirect(login);
  const state = await identity.whoIsSignedIn(credentials);
  if (state.status === "signed-out") throw redirect(login, { headers: { "Set-Cookie": await signOut(request) } });
  if (state.status === "unavailable") throw redirect(localizedPath(locale, "/auth/login"));
  return { credentials, collegeId: state.collegeId, limitKey: state.accountKey ?? state.collegeId ?? credentials };
}
