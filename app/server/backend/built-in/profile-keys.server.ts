import { randomBytes } from "node:crypto";
import type { Db } from "./database.server";
import { now } from "./guard.server";
import type { StoreMail } from "./store.server";
import { recordErasure, removeAccountFromTeams } from "./student-records.server";

/**
 * The keys a Firebase account's entries are recorded under (account_keys), and the removal of an account's profile,
 * which retires its key so no later account under the same uid is given its entries.
 */

/**
 * The key every Firebase account had before keys were kept in `account_keys`: what the accounts from before still
 * carry, and what their verification e-mails in the outbox are filed under.
 */
export const profileAccountKey = (uid: string) => `firebase:${uid}`;

/** A new account's key: random, so no later account can be given it (StudentProof's `accountKey`). */
export const newAccountKey = () => `firebase-account:${randomBytes(16).toString("hex")}`;

/** Inside a write transaction: the key of `uid` matches no account from now on. */
export async function retireAccountKey(trx: Db, uid: string): Promise<void> {
  await trx
    .updateTable("account_keys")
    .set({ retired_at: now() })
    .where("uid", "=", uid)
    .where("retired_at", "is", null)
    .execute();
}

/** Inside a write transaction: the e-mails queued about the account of `uid` (its key, and the older form). */
async function dropQueuedMail(trx: Db, uid: string): Promise<void> {
  const keys = await trx.selectFrom("account_keys").select("account_key").where("uid", "=", uid).execute();
  const accountKeys = [profileAccountKey(uid), ...keys.map((row) => row.account_key)];
  await trx.deleteFrom("outbox").where("account_key", "in", accountKeys).execute();
}

/**
 * Inside a write transaction: everything the site keeps about the Firebase account of `uid` goes (details, ID card,
 * queued e-mails), its teams as every removal treats them (`removeAccountFromTeams`; `verifiedEmail`: the address
 * Firebase says the user confirmed), and its key is retired; the erasure is recorded without its data. For a removal
 * by the council, retention, or the student. Resolves with whether there was a profile.
 */
export async function removeProfile(
  trx: Db,
  uid: string,
  erasure: { reason: "student-request" | "retention" | "council-request"; by?: string },
  teams: { mail: StoreMail | undefined; verifiedEmail?: string },
): Promise<boolean> {
  const live = await trx
    .selectFrom("account_keys")
    .select("account_key")
    .where("uid", "=", uid)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  if (live) {
    await removeAccountFromTeams(
      trx,
      teams.mail,
      { accountKey: live.account_key, verifiedEmail: teams.verifiedEmail },
      erasure,
    );
  }
  const gone = await trx.deleteFrom("profiles").where("uid", "=", uid).executeTakeFirst();
  await dropQueuedMail(trx, uid);
  await retireAccountKey(trx, uid);
  await recordErasure(trx, {
    section: "accounts",
    entry_id: null,
    what: "account",
    reason: erasure.reason,
    ...(erasure.by ? { by_college_id: erasure.by } : {}),
  });
  return Number(gone.numDeletedRows) > 0;
}
