import type { UserRecord } from "firebase-admin/auth";
import { sql } from "kysely";
import { collegeIdKey } from "../accounts/college-id.server";
import type { AccountChecks } from "./account-checks.server";
import type { StoreDatabase } from "./built-in/database.server";
import { guarded, now, Rejection } from "./built-in/guard.server";
import type { MailQueue } from "./built-in/mail-queue.server";
import { removeProfile } from "./built-in/profile-keys.server";
import {
  type ClaimHolders,
  councilChecks,
  holdForClaimant,
  keepClaim,
  tellIn,
} from "./built-in/college-id-claims.server";
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

  const tell = tellIn(mail?.storeMail);

  const claimHolders: ClaimHolders<UserRecord> = {
    async holderOf(trx, claim) {
      const uid = uidFromCollegeId(claim.enrollment);
      await store.lock(trx, `account-check:${uid}`);
      return uid ? await userOf(uid) : undefined;
    },
    collegeIdOf: (holder) => holder.uid,
    async uphold(trx, claim, holder, by) {
      const uid = uidFromCollegeId(claim.enrollment);
      const holderName = holder?.displayName ?? "";
      let told = true;
      if (holder) {
        // Firebase first: if the store then fails, the decision rolls back with the user gone, and a member
        // pressing again completes it (below); the other order could leave a Firebase user holding the College ID.
        const typed = await trx.selectFrom("profiles").select("email").where("uid", "=", holder.uid).executeTakeFirst();
        await deleteUser(holder.uid);
        told = await tell(trx, accountAddress(holder, typed?.email), {
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
      if (!holder && !profile) return { told, erased: false };
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
      return { removedAccount: holder ? holderName : undefined, told, erased: true };
    },
  };

  const lists = firebaseCheckLists({ auth, store, timeoutMs });

  return {
    awaiting: lists.awaiting,
    openClaims: lists.openClaims,

    ...councilChecks(store, tell, {
      accounts: {
        async toCheck(trx, accountKey) {
          const uid = await uidOfPageKey(trx, accountKey);
          const profile = uid
            ? await trx.selectFrom("profiles").selectAll().where("uid", "=", uid).executeTakeFirst()
            : undefined;
          const user = uid && (await userOf(uid));
          if (!uid || !profile || !user) return undefined;
          return {
            account: { uid, profile, user },
            name: user.displayName ?? "",
            collegeId: uid,
            checked: profile.college_id_checked_at !== null,
            idCardDeleted: profile.id_card_deleted_at !== null,
            email: accountAddress(user, profile.email),
            locale: "en",
          };
        },
        async idCard(trx, accountKey) {
          const uid = await uidOfPageKey(trx, accountKey);
          if (!uid) return undefined;
          return trx
            .selectFrom("profiles")
            .select(["id_card_type", "id_card", "id_card_deleted_at"])
            .where("uid", "=", uid)
            .executeTakeFirst();
        },
        async confirm(trx, { uid }, by) {
          await trx
            .updateTable("profiles")
            .set({ college_id_checked_at: now(), college_id_checked_by: by })
            .where("uid", "=", uid)
            .execute();
        },
        // As an upheld claim removes its holder: Firebase first, then the site's copy and the account's key.
        async remove(trx, { uid, user, profile }, by) {
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
        },
      },
      holders: claimHolders,
    }),

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
