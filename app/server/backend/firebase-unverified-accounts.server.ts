import type { UserRecord } from "firebase-admin/auth";
import { log } from "../ops/log.server";
import { reason } from "./built-in/errors.server";
import type { ProfileStore } from "./built-in/profiles.server";
import type { IdentityProvider, UnverifiedAccountsRemoval } from "./council-backend.server";
import { describeError, type FirebaseAuth, firebaseCode, startDeadline } from "./firebase-auth.server";

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
 */

/** firebase-admin's getUsers looks up at most 100 users a call. */
const lookupBatch = 100;

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
            } else if (user.emailVerified || !registeredHere(user, savedAt)) {
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
      return { removed, complete };
    },
  };
}
