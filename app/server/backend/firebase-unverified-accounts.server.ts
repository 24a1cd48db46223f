import type { UserRecord } from "firebase-admin/auth";
import { log } from "../ops/log.server";
import { reason } from "./built-in/errors.server";
import type { ProfileStore } from "./built-in/profiles.server";
import type { IdentityProvider, UnverifiedAccountsRemoval } from "./council-backend.server";
import { unverifiedAccountDays } from "./built-in/mail-events.server";
import { addressVerified, isReleasedAddress, isPlaceholder } from "./firebase-addresses.server";
import { describeError, type FirebaseAuth, firebaseCode, isCollegeIdUid, startDeadline } from "./firebase-auth.server";

/**
 * Retention of Firebase accounts that never proved their address (docs/decisions/0017), as the built-in store's own
 * retention does for its accounts. An account registered on the site while it sends e-mail has a deadline beside its
 * details (`profiles.verify_by`, 7 days after registering). Once it has passed, the Firebase user is deleted if
 * Firebase still says its e-mail is unverified, and then the details, the ID card and the e-mails the site keeps
 * about it are erased, which frees the College ID and the address. A user verified by then keeps its account and
 * loses the deadline.
 *
 * Firebase first, then the site's copy: if the store fails after a deletion, the next run finds the user gone and
 * erases the rest, whereas the other order could leave a Firebase user without a deadline, never removed. Every call
 * to Firebase races a deadline of its own (`timeoutMs`); at the first failure the run stops, so a Firebase that is
 * down is not asked once per account, and what is left waits for the next run. Logs name the step and the error
 * code, never a uid (an enrollment number) or an address.
 *
 * Firebase's own REST API, with the project's public Web API key, makes users the site never registered, and changes
 * addresses: both would hold an address past any deadline. So the run then walks every Firebase user:
 * - a user without a profile here whose uid the College ID rule cannot give (Firebase's own uids, made by its REST
 *   sign-up) cannot sign in to the site; with its address unproven 7 days after its creation, it is deleted. Users
 *   under the College ID rule without a profile are the council's own (created outside the site) and stay, as do
 *   users with a proven address or a sign-in provider other than e-mail and password (another app of the project).
 * - a user with a profile whose address is not the one the site knows, and unproven, gets the deadline of a new
 *   registration from this run on: removed 7 days later unless the new address is confirmed.
 */

/** firebase-admin's getUsers looks up at most 100 users a call. */
const lookupBatch = 100;

/** listUsers returns at most 1000 users a page. */
const listPage = 1000;

const dayMs = 24 * 60 * 60 * 1000;

/** Made with an e-mail and password only: not a user another sign-in method made. */
const passwordOnly = (user: UserRecord) => user.providerData.every((provider) => provider.providerId === "password");

/**
 * The details are saved right after Firebase creates the user. A user created well after them is not the one
 * registered here (the council deleted that one in the console and created another under the same uid): it is not
 * the site's to remove. The margin absorbs the difference between Firebase's clock and ours.
 */
const laterCreationMs = 10 * 60 * 1000;

function registeredHere(user: UserRecord, savedAt: string): boolean {
  const created = Date.parse(user.metadata.creationTime);
  return Number.isNaN(created) || created <= Date.parse(savedAt) + laterCreationMs;
}

/** A failure that ends the run: which step, and why in words safe for the log. */
class StoppedAt extends Error {}

export function firebaseUnverifiedAccounts(options: {
  auth: FirebaseAuth;
  profiles: ProfileStore;
  timeoutMs: number;
}): Required<Pick<IdentityProvider, "removeUnverifiedAccounts">> {
  const { auth, profiles, timeoutMs } = options;

  async function inFirebase<T>(step: string, work: () => Promise<T>): Promise<T> {
    try {
      return await startDeadline(timeoutMs).race(step, work());
    } catch (error) {
      throw new StoppedAt(`Firebase's ${step} failed (${describeError(error)})`);
    }
  }

  async function inStore<T>(action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new StoppedAt(`the store could not ${action} (${reason(error)})`);
    }
  }

  /** Every Firebase user, page by page: those the site never made are deleted, changed addresses noticed. */
  async function sweepUsers(): Promise<number> {
    const startedAt = Date.now();
    const deadline = new Date(startedAt + unverifiedAccountDays * dayMs).toISOString();
    let removed = 0;
    let pageToken: string | undefined;
    do {
      const page = await inFirebase("listUsers", () => auth.listUsers(listPage, pageToken));
      pageToken = page.pageToken;
      const known = await inStore("read the profiles of Firebase users", () =>
        profiles.withProfiles(page.users.map((user) => user.uid)),
      );
      for (const user of page.users) {
        const profile = known.get(user.uid);
        if (profile) {
          // A placeholder or a released address is the site's own doing: the typed address stays in the profile.
          if (user.email === undefined || isPlaceholder(user.email) || isReleasedAddress(user.email)) continue;
          if (profile.email?.toLowerCase() === user.email.toLowerCase()) continue;
          const given = await inStore("note an address changed in Firebase", () =>
            profiles.noticeAddress(user.uid, user.email, user.emailVerified, deadline),
          );
          if (given) log.warn("Retention: an account's address was changed outside the site; it has 7 days to confirm");
          continue;
        }
        const created = Date.parse(user.metadata.creationTime);
        const old = !Number.isNaN(created) && created < startedAt - unverifiedAccountDays * dayMs;
        // Holding no address (an anonymous user of another app), it squats nothing: not the site's to remove.
        const holdsAddress = user.email !== undefined;
        if (isCollegeIdUid(user.uid) || user.emailVerified || !passwordOnly(user) || !holdsAddress || !old) continue;
        await inFirebase("deleteUser", () =>
          auth.deleteUser(user.uid).catch((error: unknown) => {
            if (firebaseCode(error) !== "auth/user-not-found") throw error;
          }),
        );
        removed += 1;
      }
    } while (pageToken);
    if (removed > 0) log.info(`Retention: deleted ${removed} Firebase users the site never registered, unconfirmed`);
    return removed;
  }

  return {
    async removeUnverifiedAccounts(): Promise<UnverifiedAccountsRemoval> {
      // Deleted in Firebase (now, by an earlier run, or in the console): the site's copy goes next.
      const deleted: string[] = [];
      let complete = true;
      const stopped = (error: unknown) => {
        complete = false;
        const why = error instanceof StoppedAt ? error.message : `of an unexpected error (${describeError(error)})`;
        log.error(
          `Retention: stopped removing Firebase accounts whose e-mail was never confirmed, because ${why}; ` +
            "the rest waits for the next run",
        );
      };
      try {
        const due = await inStore("read the accounts past their deadline", () => profiles.pastVerificationDeadline());
        for (let start = 0; start < due.length; start += lookupBatch) {
          const batch = due.slice(start, start + lookupBatch);
          const found = await inFirebase("getUsers", () => auth.getUsers(batch.map(({ uid }) => ({ uid }))));
          const users = new Map(found.users.map((user) => [user.uid, user]));
          for (const { uid, savedAt } of batch) {
            const user = users.get(uid);
            if (!user) {
              deleted.push(uid);
            } else if (addressVerified(user) || !registeredHere(user, savedAt)) {
              await inStore("clear a deadline", () => profiles.clearVerificationDeadline(uid));
            } else {
              await inFirebase("deleteUser", () =>
                auth.deleteUser(uid).catch((error: unknown) => {
                  // Deleted since the lookup (another replica's retention): what was wanted.
                  if (firebaseCode(error) !== "auth/user-not-found") throw error;
                }),
              );
              deleted.push(uid);
            }
          }
        }
      } catch (error) {
        stopped(error);
      }
      let removed = 0;
      try {
        removed = await inStore("erase the details of deleted accounts", () => profiles.eraseUnverified(deleted));
      } catch (error) {
        stopped(error);
      }
      if (complete) {
        try {
          removed += await sweepUsers();
        } catch (error) {
          stopped(error);
        }
      }
      return { removed, complete };
    },
  };
}
