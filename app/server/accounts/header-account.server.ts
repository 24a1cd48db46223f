import { identity } from "../backend/running-backends.server";
import type { SignedInState } from "../backend/council-backend.server";
import { getCredentials, signOut } from "./session.server";
import type { HeaderAccount } from "~/types/accounts";

/** How long a page waits for the backend to say who is signed in; after that its header says "My profile". */
const headerAccountBudgetMs = 2_000;

/**
 * What the header shows of the visitor, asked of the backend on every page a signed-in visitor loads. The name comes
 * from a session the backend still knows, never from the cookie: a copy of the cookie kept after logging out (or a
 * session the council ended) shows "Log in", and the stale cookie is dropped (`clearSession`). Visitors without our
 * session cookie cost nothing: the public page cache serves them without a backend call.
 */
export async function headerAccount(request: Request): Promise<{ account: HeaderAccount; clearSession?: string }> {
  if (!request.headers.has("Cookie")) return { account: null };
  const credentials = await getCredentials(request);
  if (!credentials) return { account: null };
  const state = await withinBudget(identity.whoIsSignedIn(credentials));
  if (state.status === "signed-out") return { account: null, clearSession: await signOut(request) };
  // A backend that cannot answer in time: signed in as far as we know, but no name to show.
  if (state.status === "unavailable") return { account: { firstName: null } };
  return { account: { firstName: state.user.username?.trim().split(/\s+/)[0] || null } };
}

/** The backend's answer, or "unavailable" when it takes longer than the budget or fails outright. */
async function withinBudget(asking: Promise<SignedInState>): Promise<SignedInState> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<SignedInState>((resolve) => {
    timer = setTimeout(() => resolve({ status: "unavailable" }), headerAccountBudgetMs);
  });
  try {
    return await Promise.race([asking.catch((): SignedInState => ({ status: "unavailable" })), late]);
  } finally {
    clearTimeout(timer);
  }
}
