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
  /** Saves the details of `uid`, replacing what an earlier, since deleted account of the same uid left. */
  saveProfile(
    uid: string,
    details: ProfileDetails & { idCard: { mediaType: string; bytes: Uint8Array } },
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
  };
}
