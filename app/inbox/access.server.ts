import { redirect } from "react-router";
import { councilAccessMessages } from "~/inbox/sections";
import { identity, inbox } from "~/server/backend/running-backends.server";
import type { CouncilInbox } from "./inbox-store.server";
import { privatePage } from "~/delivery/headers.server";
import { getCredentials, signOut } from "~/server/accounts/session.server";

/** Where a visitor who is not signed in goes: the login page, and back here afterwards. */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/**
 * The council inbox's door, asked afresh on every request (page, triage, CSV), so a revoked role counts at the
 * member's very next request without signing out. Returns the inbox and the member's College ID (recorded with
 * every change they make), or throws the answer for everyone else:
 *
 * - no inbox (the council API owns the entries): 404, as if /council did not exist;
 * - not signed in, or a session the identity provider no longer knows: to /login, and back here after signing in;
 * - signed in without the council role: 403 with a short explanation and nothing from the inbox;
 * - the identity provider cannot answer: 503.
 */
export async function requireCouncilMember(
  request: Request,
): Promise<{ inbox: CouncilInbox; collegeId: string; accountKey?: string }> {
  if (!inbox) throw refusal(404, "Not Found");

  const credentials = await getCredentials(request);
  if (!credentials) throw redirect(loginPathFor(request), { headers: privatePage });
  const state = await identity.whoIsSignedIn(credentials);
  if (state.status === "signed-out") {
    throw redirect(loginPathFor(request), { headers: { ...privatePage, "Set-Cookie": await signOut(request) } });
  }
  if (state.status === "unavailable") {
    throw refusal(503, councilAccessMessages.unavailable);
  }
  if (!state.councilMember || !state.collegeId) {
    throw refusal(403, councilAccessMessages.notMember);
  }
  // The account key names the member in the log and the content's versions: it is no personal data.
  return { inbox, collegeId: state.collegeId, accountKey: state.accountKey };
}

/** A refusal with its reason as plain text: the page's error boundary shows it, a CSV download gets it as is. */
export function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: { ...privatePage, "Content-Type": "text/plain; charset=utf-8" } });
}
