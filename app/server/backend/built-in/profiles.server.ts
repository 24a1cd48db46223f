import { sameEmail } from "./account-rows.server";
import { collegeIdReservation } from "./college-id-reservations.server";
import type { StoreDatabase } from "./database.server";
import { now } from "./guard.server";
import type { StoreMail } from "./store.server";
import { newAccountKey, profileAccountKey, removeProfile, retireAccountKey } from "./profile-keys.server";

/** The registration details the site keeps for an account whose identity lives with another provider (Firebase). */
export interface ProfileDetails {
  college: string;
  branch: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
  /**
   * The phone number typed at registration (E.164). Kept here, not on the Firebase user: Firebase keeps phone numbers
   * unique, and a number proves nothing (siblings may give a parent's). Absent for profiles from before.
   */
  phone?: string;
}

/** The Firebase user a key belongs to: its uid and Firebase's creation time (a later user under the uid differs). */
export interface FirebaseUserIdentity {
  uid: string;
  createdAt: string;
}

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
    user: FirebaseUserIdentity,
    details: ProfileDetails & { idCard: { mediaType: string; bytes: Uint8Array }; verifyBy?: string; email: string },
  ): Promise<void>;
  /**
   * The key of the Firebase user's entries, given on first sight: a user from before keeps `firebase:<uid>` unless
   * that key was retired; a later user under a uid (created at another time) never gets its predecessor's.
   */
  accountKeyOf(user: FirebaseUserIdentity): Promise<string>;
  /**
   * Of the uids asked about, those with a profile, with the address the site knows and the deadline (retention's look
   * for Firebase users the site never made, and for addresses changed outside it).
   */
  withProfiles(uids: readonly string[]): Promise<Map<string, { email: string | null; verifyBy: string | null }>>;
  /**
   * Retention's look at a user's address: the address the site knows is recorded the first time; when Firebase holds
   * another one, unproven, the account gets a deadline from now, as a new registration would (`verifyBy`). Resolves
   * with whether a deadline was set.
   */
  noticeAddress(uid: string, email: string | undefined, verified: boolean, verifyBy: string): Promise<boolean>;
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
  /** The uids whose profile names `email` (ignoring letter case): accounts that may have confirmed it. */
  uidsWithAddress(email: string): Promise<string[]>;
  /**
   * Runs `work` under the lock of the lower-cased address, as the built-in store confirms its accounts' addresses:
   * one confirmation of an address at a time, across replicas. `work` gets the uids whose profile names the address.
   */
  underAddressLock<T>(email: string, work: (uids: string[]) => Promise<T>): Promise<T>;
}

export function createProfiles(store: StoreDatabase, mail?: StoreMail): ProfileStore {
  return {
    async saveProfile({ uid, createdAt }, details) {
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
        email: details.email,
        phone: details.phone ?? null,
      };
      await store.write(async (trx) => {
        await store.lock(trx, `account-key:${uid}`);
        await trx
          .insertInto("profiles")
          .values({ uid, ...row })
          .onConflict((conflict) => conflict.column("uid").doUpdateSet(row))
          .execute();
        // A new account: whatever key an earlier user of this uid had is not its own.
        await retireAccountKey(trx, uid);
        await trx
          .insertInto("account_keys")
          .values({ account_key: newAccountKey(), uid, user_created_at: createdAt, retired_at: null })
          .execute();
      });
    },
    async accountKeyOf({ uid, createdAt }) {
      const live = () =>
        store.read((trx) =>
          trx
            .selectFrom("account_keys")
            .select(["account_key", "user_created_at"])
            .where("uid", "=", uid)
            .where("retired_at", "is", null)
            .executeTakeFirst(),
        );
      const found = await live();
      if (found && found.user_created_at === createdAt) return found.account_key;
      return store.write(async (trx) => {
        await store.lock(trx, `account-key:${uid}`);
        const current = await trx
          .selectFrom("account_keys")
          .select(["account_key", "user_created_at"])
          .where("uid", "=", uid)
          .where("retired_at", "is", null)
          .executeTakeFirst();
        if (current?.user_created_at === createdAt) return current.account_key;
        if (current && current.user_created_at === null) {
          // A key from before creation times were kept: the user holding the uid now is taken to be its own.
          await trx
            .updateTable("account_keys")
            .set({ user_created_at: createdAt })
            .where("account_key", "=", current.account_key)
            .execute();
          return current.account_key;
        }
        // Another user under this uid than the one the key was given to (deleted and made again in the console).
        if (current) await retireAccountKey(trx, uid);
        const legacy = profileAccountKey(uid);
        const legacyGiven = await trx
          .selectFrom("account_keys")
          .select("account_key")
          .where("account_key", "=", legacy)
          .executeTakeFirst();
        const accountKey = current || legacyGiven ? newAccountKey() : legacy;
        await trx
          .insertInto("account_keys")
          .values({ account_key: accountKey, uid, user_created_at: createdAt, retired_at: null })
          .execute();
        return accountKey;
      });
    },
    async withProfiles(uids) {
      if (uids.length === 0) return new Map();
      const rows = await store.read((trx) =>
        trx
          .selectFrom("profiles")
          .select(["uid", "email", "verify_by"])
          .where("uid", "in", [...uids])
          .execute(),
      );
      return new Map(rows.map((row) => [row.uid, { email: row.email, verifyBy: row.verify_by }]));
    },
    async noticeAddress(uid, email, verified, verifyBy) {
      return store.write(async (trx) => {
        const profile = await trx
          .selectFrom("profiles")
          .select(["email", "verify_by"])
          .where("uid", "=", uid)
          .executeTakeFirst();
        if (!profile || email === undefined) return false;
        const known = profile.email;
        const changed = known !== null && known.toLowerCase() !== email.toLowerCase();
        if (known === null || (changed && verified)) {
          await trx.updateTable("profiles").set({ email }).where("uid", "=", uid).execute();
          return false;
        }
        if (!changed) return false;
        // A deadline already running (a new registration's) stays when it is the sooner one.
        const deadline = profile.verify_by !== null && profile.verify_by < verifyBy ? profile.verify_by : verifyBy;
        await trx.updateTable("profiles").set({ email, verify_by: deadline }).where("uid", "=", uid).execute();
        return true;
      });
    },
    async profileOf(uid) {
      const row = await store.read((trx) =>
        trx
          .selectFrom("profiles")
          .select(["college", "branch", "dob", "gender", "phone"])
          .where("uid", "=", uid)
          .executeTakeFirst(),
      );
      if (!row) return undefined;
      const { phone, ...details } = row;
      return phone === null ? details : { ...details, phone };
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
        phone,
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
        ...(phone === null ? {} : { phone }),
        savedAt: saved_at,
        idCard: id_card_deleted_at
          ? { deletedAt: id_card_deleted_at }
          : { mediaType: id_card_type, bytes: new Uint8Array(id_card) },
        collegeIdChecked: college_id_checked_at !== null,
      };
    },
    async eraseProfile(uid) {
      // The student's own erasure has already dealt with their teams, with their confirmed address as proof.
      await store.write((trx) => removeProfile(trx, uid, { reason: "student-request" }, { mail }));
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
    async uidsWithAddress(email) {
      const rows = await store.read((trx) =>
        trx.selectFrom("profiles").select("uid").where(sameEmail(email)).execute(),
      );
      return rows.map((row) => row.uid);
    },
    underAddressLock(email, work) {
      return store.write(async (trx) => {
        await store.lock(trx, `account-email:${email.trim().toLowerCase()}`);
        const rows = await trx.selectFrom("profiles").select("uid").where(sameEmail(email)).execute();
        return work(rows.map((row) => row.uid));
      });
    },
    async eraseUnverified(uids) {
      if (uids.length === 0) return 0;
      const erased = await store.write(async (trx) => {
        let count = 0;
        for (const uid of uids) {
          const due = await trx
            .selectFrom("profiles")
            .select("uid")
            .where("uid", "=", uid)
            .where("verify_by", "<", now())
            .executeTakeFirst();
          if (!due) continue;
          // Never confirmed: proven to lead only the teams it sent.
          await removeProfile(trx, uid, { reason: "retention" }, { mail });
          count += 1;
        }
        return count;
      });
      if (erased > 0) await store.afterErasure();
      return erased;
    },
  };
}
