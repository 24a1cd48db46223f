import type { UserRecord } from "firebase-admin/auth";
import { sql } from "kysely";
import { collegeIdKey } from "../accounts/college-id.server";
import type { AccountChecks, CheckedAccount, IdCardImage, ResolvedClaim } from "./account-checks.server";
import type { Db, StoreDatabase } from "./built-in/database.server";
import { guarded, now, Rejection } from "./built-in/guard.server";
import type { StoreEvent } from "./built-in/mail-events.server";
import type { MailQueue } from "./built-in/mail-queue.server";
import { removeProfile } from "./built-in/profile-keys.server";
import {
  accountIdCardOf,
  claimIdCard,
  claimToResolve,
  closeClaim,
  holdForClaimant,
  keepClaim,
  sameMember,
} from "./built-in/college-id-claims.server";
import { rowLocale } from "./built-in/tables.server";
import type { Outcome } from "./council-backend.server";
import { type FirebaseAuth, firebaseCode, startDeadline, uidFromCollegeId } from "./firebase-auth.server";
import { firebaseCheckLists, uidOfPageKey } from "./firebase-check-lists.server";
import { accountAddress, addressVerified } from "./firebase-addresses.server";

/**
 * The council's checks of College IDs and "This College ID is mine" with Firebase sign-in, as the built-in store
 * offers them for its own accounts (built-in/store-account-checks.server.ts): the claims, the checks and the ID cards live
 * in the store (college_id_claims, profiles), the names and addresses in Firebase. Removing an account (a rejection,
 * an upheld claim) deletes the Firebase user first, then the site's copy and the account's key, in the transaction
 * that records the decision and queues its e-mails; the transaction holds the claim's or the account's lock
 * throughout, so two members deciding at once decide one after the other.
 * The lists the pages show are firebase-check-lists.server.ts.
 */

export function firebaseAccountChecks(options: {
  auth: FirebaseAuth;
  database: StoreDatabase;
  mail: MailQueue | undefined;
  timeoutMs: number;
}): AccountChecks {
  const { auth, database: store, mail, timeoutMs } = options;

  /** The Firebase user of `uid`, or undefined when there is none. */
  async function userOf(uid: string): Promise<UserRecord | undefined> {
    try {
      return await startDeadline(timeoutMs).race("getUser", auth.getUser(uid));
    } catch (error) {
      const code = firebaseCode(error);
      if (code === "auth/user-not-found" || code === "auth/invalid-uid") return undefined;
      throw error;
    }
  }

  async function deleteUser(uid: string): Promise<void> {
    await startDeadline(timeoutMs)
      .race("deleteUser", auth.deleteUser(uid))
      .catch((error: unknown) => {
        // Deleted meanwhile (retention, the console): what was wanted.
        if (firebaseCode(error) !== "auth/user-not-found") throw error;
      });
  }

  async function tell(trx: Db, to: string | undefined, event: StoreEvent): Promise<boolean> {
    if (!mail || !to) return false;
    await mail.queueIn(trx, { event, to });
    return true;
  }

  /**
   * The account a check button names, locked for the decision: its uid, profile and Firebase user, refused when any is
   * gone or a member already checked it (both buttons share this; each adds its own refusals).
   */
  async function accountToCheck(trx: Db, accountKey: string) {
    await store.lock(trx, `account-check:${accountKey}`);
    const uid = await uidOfPageKey(trx, accountKey);
    const profile = uid
      ? await trx.selectFrom("profiles").selectAll().where("uid", "=", uid).executeTakeFirst()
      : undefined;
    const user = uid && (await userOf(uid));
    if (!uid || !profile || !user) throw new Rejection({ code: "unknownAccount" });
    if (profile.college_id_checked_at !== null) throw new Rejection({ code: "alreadyChecked" });
    return { uid, profile, user };
  }

  const lists = firebaseCheckLists({ auth, store, timeoutMs });

  return {
    awaiting: lists.awaiting,
    openClaims: lists.openClaims,

    accountIdCard(accountKey) {
      return guarded<Outcome<IdCardImage>>("read an account's ID card", async () => {
        const row = await store.read(async (trx) => {
          const uid = await uidOfPageKey(trx, accountKey);
          if (!uid) return undefined;
          return trx
            .selectFrom("profiles")
            .select(["id_card_type", "id_card", "id_card_deleted_at"])
            .where("uid", "=", uid)
            .executeTakeFirst();
        });
        return accountIdCardOf(row);
      });
    },

    claimIdCard: (claimId) => claimIdCard(store, claimId),

    confirmCollegeId(accountKey, by) {
      return guarded<Outcome<CheckedAccount>>("confirm a College ID", async () => {
        const value = await store.write(async (trx): Promise<CheckedAccount> => {
          const { uid, profile, user } = await accountToCheck(trx, accountKey);
          if (profile.id_card_deleted_at !== null) throw new Rejection({ code: "idCardDeleted" });
          if (sameMember(uid, by)) throw new Rejection({ code: "ownAccount" });
          await trx
            .updateTable("profiles")
            .set({ college_id_checked_at: now(), college_id_checked_by: by })
            .where("uid", "=", uid)
            .execute();
          return { name: user.displayName ?? "", collegeId: uid, told: false };
        });
        return { ok: true, value };
      });
    },

    rejectAccount(accountKey, by) {
      return guarded<Outcome<CheckedAccount>>("reject a Firebase account", async () => {
        const value = await store.write(async (trx): Promise<CheckedAccount> => {
          const { uid, user, profile } = await accountToCheck(trx, accountKey);
          if (sameMember(uid, by)) throw new Rejection({ code: "ownAccount" });
          await deleteUser(uid);
          await removeProfile(
            trx,
            uid,
            { reason: "council-request", by },
            {
              mail: mail?.storeMail,
              verifiedEmail: addressVerified(user) ? accountAddress(user, profile.email) : undefined,
            },
          );
          const name = user.displayName ?? "";
          const told = await tell(trx, accountAddress(user, profile.email), {
            kind: "account-rejected",
            name,
            collegeId: uid,
            locale: "en",
          });
          return { name, collegeId: uid, told };
        });
        await store.afterErasure();
        return { ok: true, value };
      });
    },

    resolveClaim(claimId, resolution, by) {
      return guarded<Outcome<ResolvedClaim>>("resolve a College ID claim", async () => {
        let removed = false;
        const value = await store.write(async (trx): Promise<ResolvedClaim> => {
          const claim = await claimToResolve(store, trx, claimId);
          const uid = uidFromCollegeId(claim.enrollment);
          await store.lock(trx, `account-check:${uid}`);
          const holder = uid ? await userOf(uid) : undefined;
          // Whoever holds the College ID may not decide whose it is.
          if (holder && sameMember(holder.uid, by)) throw new Rejection({ code: "ownAccount" });

          await closeClaim(trx, claim.id, resolution, by);
          const student = { name: claim.username, collegeId: claim.enrollment };
          if (resolution === "account") {
            const told = await tell(trx, claim.email, {
              kind: "college-id-claim-declined",
              ...student,
              locale: rowLocale(claim.locale),
            });
            return { collegeId: claim.enrollment, claimant: claim.username, told };
          }
          let toldHolder = true;
          const holderName = holder?.displayName ?? "";
          if (holder) {
            // Firebase first: if the store then fails, the decision rolls back with the user gone, and a member
            // pressing again completes it (below); the other order could leave a Firebase user holding the College ID.
            const typed = await trx
              .selectFrom("profiles")
              .select("email")
              .where("uid", "=", holder.uid)
              .executeTakeFirst();
            await deleteUser(holder.uid);
            toldHolder = await tell(trx, accountAddress(holder, typed?.email), {
              kind: "account-claimed",
              name: holderName,
              collegeId: holder.uid,
              locale: "en",
            });
          }
          // The College ID stays the claimant's for a while, as with the built-in store's accounts: the removed user
          // cannot register it again at once (registration asks the same reservation before creating a user). Locked
          // before the holder's teams are dealt with, whose notices take the e-mail caps' lock last.
          await holdForClaimant(store, trx, claim);
          const profile = await trx
            .selectFrom("profiles")
            .select(["uid", "email"])
            .where("uid", "=", uid)
            .executeTakeFirst();
          if (holder || profile) {
            await removeProfile(
              trx,
              uid,
              { reason: "council-request", by },
              // The address the holder confirmed: the typed one behind a placeholder (firebase-addresses.server.ts).
              {
                mail: mail?.storeMail,
                verifiedEmail: holder && addressVerified(holder) ? accountAddress(holder, profile?.email) : undefined,
              },
            );
            removed = true;
          }
          const toldClaimant = await tell(trx, claim.email, {
            kind: "college-id-claim-upheld",
            ...student,
            locale: rowLocale(claim.locale),
          });
          return {
            collegeId: claim.enrollment,
            claimant: claim.username,
            removedAccount: holder ? holderName : undefined,
            told: toldHolder && toldClaimant,
          };
        });
        if (removed) await store.afterErasure();
        return { ok: true, value };
      });
    },

    submitClaim(claim, locale = "en") {
      return guarded<Outcome>("keep a College ID claim", async () => {
        const enrollment = claim.enrollment.trim();
        const email = claim.email.trim();
        const key = collegeIdKey(enrollment);
        if (!key || !(await userOf(uidFromCollegeId(enrollment)))) throw new Rejection({ code: "noAccountToClaim" });
        await store.write(async (trx) => {
          // One open claim per College ID and address: a second press of Send adds nothing.
          await store.lock(trx, `college-id-claim:${key}`);
          const open = await trx
            .selectFrom("college_id_claims")
            .select(["enrollment"])
            .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
            .where("resolved_at", "is", null)
            .execute();
          if (open.some((row) => collegeIdKey(row.enrollment) === key)) throw new Rejection({ code: "claimPending" });
          await keepClaim(trx, { ...claim, enrollment, email }, locale);
          await tell(trx, email, { kind: "college-id-claim", name: claim.username, collegeId: enrollment, locale });
        });
        return { ok: true };
      });
    },
  };
}
