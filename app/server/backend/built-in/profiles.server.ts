import { sameEmail } from "./account-rows.server";
import { collegeIdReservation } from "./college-id-reservations.server";
import type { StoreDatabase } from "./database.server";
import { now } from "./guard.server";
import type { StoreMail } from "./store.server";
import { newAccountKey, profileAccountKey, removeProfile, retireAccountKey } from "./profile-keys.server";
import type { ProfileStore } from "./profile-store.server";

export type { FirebaseUserIdentity, ProfileDetails, ProfileStore } from "./profile-store.server";

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
