import { collegeIdReservation } from "./college-id-reservations.server";
import type { StoreDatabase } from "./database.server";
import { now } from "./guard.server";
import { recordErasure } from "./students.server";

/** The registration details the site keeps for an account whose identity lives with another provider (Firebase). */
export interface ProfileDetails {
  college: string;
  branch: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
}

/** The key of a Firebase account's entries and e-mails in the store (StudentProof's `accountKey`). */
export const profileAccountKey = (uid: string) => `firebase:${uid}`;

/**
 * The profiles table, for the Firebase identity adapter. A database fault rejects the promise: the adapter turns it
 * into `unavailable` and undoes what it did in Firebase.
 */
export interface ProfileStore {
  /**
   * Saves the details of `uid`, replacing what an earlier, since deleted account of the same uid left. `verifyBy`: the
   * account was registered while the site sends e-mail, and retention removes it unless verified by then.
   */
  saveProfile(
    uid: string,
    details: ProfileDetails & { idCard: { mediaType: string; bytes: Uint8Array }; verifyBy?: string },
  ): Promise<void>;
  /** The details of `uid` (without the ID card), or undefined when the site holds none. */
  profileOf(uid: string): Promise<ProfileDetails | undefined>;
  /**
   * The details with the ID card (or when it was deleted), for the student's download, and whether a council member
   * checked the College ID against the card.
   */
  profileWithIdCard(uid: string): Promise<
    | (ProfileDetails & {
        savedAt: string;
        idCard: { mediaType: string; bytes: Uint8Array } | { deletedAt: string };
        collegeIdChecked: boolean;
      })
    | undefined
  >;
  /** Erases the details, the ID card and the e-mails about the account of `uid` (the account is erased in Firebase). */
  eraseProfile(uid: string): Promise<void>;
  /** The accounts whose verification deadline has passed, with when their details were saved (at registration). */
  pastVerificationDeadline(): Promise<{ uid: string; savedAt: string }[]>;
  /** The account of `uid` has nothing left to prove (verified, or not the account registered here): no deadline. */
  clearVerificationDeadline(uid: string): Promise<void>;
  /**
   * Retention, once the Firebase users are deleted: erases the details, ID cards and e-mails of those of `uids` still
   * past their deadline (a new registration of the same uid in between has a deadline of its own), and records each
   * erasure. Resolves with how many were erased.
   */
  eraseUnverified(uids: readonly string[]): Promise<number>;
  /**
   * Whether a registration of `collegeId` with `email` may create the account: the same check as the built-in
   * store's registration (college-id-reservations.server.ts), asked before the Firebase user is created.
   */
  collegeIdReservation(collegeId: string, email: string): Promise<"free" | "claimant" | "reserved">;
}

export function createProfiles(store: StoreDatabase): ProfileStore {
  return {
    async saveProfile(uid, details) {
      const row = {
        college: details.college,
        branch: details.branch,
        dob: details.dob,
        gender: details.gender,
        id_card_type: details.idCard.mediaType,
        id_card: Buffer.from(details.idCard.bytes),
        saved_at: now(),
        // A new account under the uid of an erased one: its card has not been checked yet.
        college_id_checked_at: null,
        college_id_checked_by: null,
        verify_by: details.verifyBy ?? null,
      };
      await store.write((trx) =>
        trx
          .insertInto("profiles")
          .values({ uid, ...row })
          .onConflict((conflict) => conflict.column("uid").doUpdateSet(row))
          .execute(),
      );
    },
    profileOf(uid) {
      return store.read((trx) =>
        trx
          .selectFrom("profiles")
          .select(["college", "branch", "dob", "gender"])
          .where("uid", "=", uid)
          .executeTakeFirst(),
      );
    },
    async profileWithIdCard(uid) {
      const row = await store.read((trx) =>
        trx.selectFrom("profiles").selectAll().where("uid", "=", uid).executeTakeFirst(),
      );
      if (!row) return undefined;
      const {
        college,
        branch,
        dob,
        gender,
        saved_at,
        id_card_type,
        id_card,
        id_card_deleted_at,
        college_id_checked_at,
      } = row;
      return {
        college,
        branch,
        dob,
        gender,
        savedAt: saved_at,
        idCard: id_card_deleted_at
          ? { deletedAt: id_card_deleted_at }
          : { mediaType: id_card_type, bytes: new Uint8Array(id_card) },
        collegeIdChecked: college_id_checked_at !== null,
      };
    },
    async eraseProfile(uid) {
      await store.write(async (trx) => {
        await trx.deleteFrom("profiles").where("uid", "=", uid).execute();
        await trx.deleteFrom("outbox").where("account_key", "=", profileAccountKey(uid)).execute();
        await recordErasure(trx, { section: "accounts", entry_id: null, what: "account", reason: "student-request" });
      });
      await store.afterErasure();
    },
    async pastVerificationDeadline() {
      const rows = await store.read((trx) =>
        trx
          .selectFrom("profiles")
          .select(["uid", "saved_at"])
          .where("verify_by", "<", now())
          .orderBy("verify_by")
          .execute(),
      );
      return rows.map((row) => ({ uid: row.uid, savedAt: row.saved_at }));
    },
    async clearVerificationDeadline(uid) {
      await store.write((trx) => trx.updateTable("profiles").set({ verify_by: null }).where("uid", "=", uid).execute());
    },
    collegeIdReservation(collegeId, email) {
      return store.read((trx) => collegeIdReservation(trx, collegeId, email));
    },
    async eraseUnverified(uids) {
      if (uids.length === 0) return 0;
      const erased = await store.write(async (trx) => {
        let count = 0;
        for (const uid of uids) {
          const gone = await trx
            .deleteFrom("profiles")
            .where("uid", "=", uid)
            .where("verify_by", "<", now())
            .executeTakeFirst();
          if (Number(gone.numDeletedRows) === 0) continue;
          await trx.deleteFrom("outbox").where("account_key", "=", profileAccountKey(uid)).execute();
          await recordErasure(trx, { section: "accounts", entry_id: null, what: "account", reason: "retention" });
          count += 1;
        }
        return count;
      });
      if (erased > 0) await store.afterErasure();
      return erased;
    },
  };
}
