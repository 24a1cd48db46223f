import { redirect } from "react-router";
import { loginPathFor, refusal } from "~/inbox/access.server";
import { councilAccessMessages } from "~/inbox/sections";
import { privatePage } from "~/delivery/headers.server";
import { runningApp } from "~/server/app.server";
import { getCredentials, signOut } from "~/server/accounts/session.server";
import { identity, usedBuiltInStore } from "~/server/backend/running-backends.server";
import type { ContentStore } from "~/server/backend/built-in/content-versions.server";
import { type ClubCoordinators, createClubCoordinators } from "./club-coordinators.server";

/** What a signed-in editor may change: every part (a council member), or their clubs' entries (a coordinator). */
export type EditScope = { all: true } | { all: false; clubs: string[] };

export interface ContentEditor {
  content: ContentStore;
  coordinators: ClubCoordinators;
  scope: EditScope;
  /** What their versions are saved by and the log names: the account's key, never a name or an address. */
  by: string;
  /** Shown to them alone, on their own pages. */
  collegeId: string;
}

/** Coordinators' grants in the running app's store. */
export function runningCoordinators(): ClubCoordinators | undefined {
  const store = usedBuiltInStore();
  return store && createClubCoordinators(store.database);
}

/** The not-found answer for everything an editor may not see: nothing says the page exists. */
export const notFound = () => refusal(404, "Not Found");

/**
 * The content editor's door, asked afresh on every request, so a revoked role or grant counts at the next one:
 *
 * - no built-in store (the content is the files in CONTENT_DIR): 404;
 * - not signed in, or a session the identity provider no longer knows: to /login, and back here afterwards;
 * - signed in with the council role: every part; with a club grant only: that club's entry;
 * - signed in with neither: 404, as for any page that is not theirs;
 * - the identity provider cannot answer: 503.
 */
export async function requireContentEditor(request: Request): Promise<ContentEditor> {
  const store = usedBuiltInStore();
  if (!store) throw notFound();
  const credentials = await getCredentials(request);
  if (!credentials) throw redirect(loginPathFor(request), { headers: privatePage });
  const state = await identity.whoIsSignedIn(credentials);
  if (state.status === "signed-out") {
    throw redirect(loginPathFor(request), { headers: { ...privatePage, "Set-Cookie": await signOut(request) } });
  }
  if (state.status === "unavailable") throw refusal(503, councilAccessMessages.unavailable);
  if (!state.collegeId) throw notFound();
  const coordinators = createClubCoordinators(store.database);
  const by = state.accountKey ?? "unknown account";
  const { collegeId } = state;
  if (state.councilMember) return { content: store.content, coordinators, scope: { all: true }, by, collegeId };
  const clubs = await coordinators.clubsOf(collegeId);
  if (clubs.length === 0) throw notFound();
  return { content: store.content, coordinators, scope: { all: false, clubs }, by, collegeId };
}

/** Asks the store for the newest content now, so this replica's pages show a save at once (the others within 2 s). */
export async function publishNow(): Promise<void> {
  await runningApp().contentWatch?.checkNow();
}
