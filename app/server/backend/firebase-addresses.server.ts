import { randomBytes } from "node:crypto";
import type { UserRecord } from "firebase-admin/auth";
import type { ProfileStore } from "./built-in/profiles.server";
import { type FirebaseAuth, firebaseCode, type startDeadline } from "./firebase-auth.server";

/**
 * Which e-mail address a Firebase account has (docs/decisions/0017). Firebase keeps one user per address, whereas the
 * site lets several unconfirmed accounts name one address and gives it to the first that confirms it. So an account
 * registered on the site gets a placeholder in Firebase (a unique address at `unconfirmed.invalid`, a domain that
 * never receives mail), which it signs in with (the login finds it by the College ID), and its typed address is kept
 * in its profile here. Firebase's `emailVerified` on that user says the typed address is confirmed; the site, not
 * Firebase, keeps it to one confirmed account per address, under the store's lock of the address, as for the
 * built-in store's accounts. The typed address is never moved onto the Firebase user: changing a user's address in
 * Firebase ends its sessions, and the student pressing Confirm would be signed out.
 *
 * Accounts the council made in the console, and accounts registered before placeholders, hold their address in
 * Firebase: it counts as theirs, and as another's once they confirmed it.
 */

type Deadline = ReturnType<typeof startDeadline>;

const unconfirmedDomain = "unconfirmed.invalid";

/** Where a released address goes ("This was not me"): the account keeps signing in and holds nobody's address. */
const releasedDomain = "released.invalid";

const placeholderAt = (domain: string) => `${randomBytes(12).toString("hex")}@${domain}`;

/** A fresh placeholder for an account registered on the site. */
export const unconfirmedPlaceholder = () => placeholderAt(unconfirmedDomain);

const endsWithDomain = (email: string | undefined, domain: string) =>
  email?.toLowerCase().endsWith(`@${domain}`) ?? false;

export const isPlaceholder = (email: string | undefined): boolean => endsWithDomain(email, unconfirmedDomain);

export const isReleasedAddress = (email: string | undefined): boolean => endsWithDomain(email, releasedDomain);

/** The address the account is known by: the typed one behind a placeholder, none once released, else Firebase's. */
export function accountAddress(user: Pick<UserRecord, "email">, typed: string | null | undefined): string | undefined {
  if (isReleasedAddress(user.email)) return undefined;
  if (isPlaceholder(user.email)) return typed ?? undefined;
  return user.email;
}

/** Whether the account's address is proven: Firebase's flag, unless the address was released. */
export const addressVerified = (user: Pick<UserRecord, "email" | "emailVerified">): boolean =>
  user.emailVerified && user.email !== undefined && !isReleasedAddress(user.email);

/** Drops the claim of the Firebase user `uid` to its address: the address is free for its owner's own account. */
export async function releaseAddress(auth: FirebaseAuth, uid: string, deadline: Deadline): Promise<void> {
  await deadline.race(
    "updateUser",
    auth.updateUser(uid, { email: placeholderAt(releasedDomain), emailVerified: false }),
  );
}

/**
 * Whether `email` is another account's than `uid`'s for good: an account confirmed it (behind a placeholder, or held
 * in Firebase), or a Firebase user holds it without having registered here (an account the council made in the
 * console). Accounts that only name it, unconfirmed, stop nobody.
 */
export async function addressTaken(
  auth: FirebaseAuth,
  profiles: Pick<ProfileStore, "profileOf">,
  email: string,
  namedBy: readonly string[],
  deadline: Deadline,
  uid?: string,
): Promise<boolean> {
  let holder: UserRecord | undefined;
  try {
    holder = await deadline.race("getUserByEmail", auth.getUserByEmail(email));
  } catch (error) {
    if (firebaseCode(error) !== "auth/user-not-found") throw error;
  }
  if (holder && holder.uid !== uid && (holder.emailVerified || !(await profiles.profileOf(holder.uid)))) return true;
  const others = namedBy.filter((other) => other !== uid && other !== holder?.uid);
  for (let start = 0; start < others.length; start += 100) {
    const batch = others.slice(start, start + 100).map((other) => ({ uid: other }));
    const { users } = await deadline.race("getUsers", auth.getUsers(batch));
    // Behind a placeholder the flag is the typed address's; an account that moved to another address has left it.
    if (users.some((user) => isPlaceholder(user.email) && addressVerified(user))) return true;
  }
  return false;
}
