import { createHash } from "node:crypto";
import type { UserRecord } from "firebase-admin/auth";
import { sql } from "kysely";
import { collegeIdKey } from "../accounts/college-id.server";
import type {
  AccountAwaitingCheck,
  AccountChecks,
  CheckedAccount,
  IdCardImage,
  OpenClaim,
  ResolvedClaim,
} from "./built-in/account-checks.server";
import type { Db, StoreDatabase } from "./built-in/database.server";
import { guarded, now, Rejection } from "./built-in/guard.server";
import type { StoreEvent } from "./built-in/mail-events.server";
import type { MailQueue } from "./built-in/mail-queue.server";
import { removeProfile } from "./built-in/profiles.server";
import { reserveCollegeId } from "./built-in/college-id-reservations.server";
import { rowLocale, storedLocale } from "./built-in/tables.server";
import type { Outcome } from "./council-backend.server";
import { type FirebaseAuth, firebaseCode, startDeadline, uidFromCollegeId } from "./firebase-auth.server";

/**
 * The council's checks of College IDs and "This College ID is mine" with Firebase sign-in, as the built-in store
 * offers them for its own accounts (built-in/account-checks.server.ts): the claims, the checks and the ID cards live
 * in the store (college_id_claims, profiles), the names and addresses in Firebase. Removing an account (a rejection,
 * an upheld claim) deletes the Firebase user first, then the site's copy and the account's key, in the transaction
 * that records the decision and queues its e-mails; the transaction holds the claim's or the account's lock
 * throughout, so two members deciding at once decide one after the other.
 *
 * The pages name an account by 32 hex digits (their address and forms take no other shape): here the first 32 of
 * the SHA-256 of its key (account_keys), which changes with the account as the key does.
 */

const pageKey = (accountKey: string) => createHash("sha256").update(accountKey).digest("hex").slice(0, 32);

/** firebase-admin's getUsers looks up at most 100 users a call. */
const lookupBatch = 100;

/** The same person: College IDs compared by their key. */
const sameMember = (collegeId: string, by: string) => collegeIdKey(collegeId) === collegeIdKey(by);

/** The search found anywhere in the text, ignoring letter case. */
function matches(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.toLowerCase());
}

export function firebaseAccountChecks(options: {
  auth: FirebaseAuth;
  database: StoreDatabase;
  mail: MailQueue | undefined;
  timeoutMs: number;
}): AccountChecks {
  const { auth, database: store, mail, timeoutMs } = options;

  /** Firebase's users of `uids` (those that exist), by uid. */
  async function usersOf(uids: readonly string[]): Promise<Map<string, UserRecord>> {
    const users = new Map<string, UserRecord>();
    for (let start = 0; start < uids.length; start += lookupBatch) {
      const batch = uids.slice(start, start + lookupBatch).map((uid) => ({ uid }));
      const found = await startDeadline(timeoutMs).race("getUsers", auth.getUsers(batch));
      for (const user of found.users) users.set(user.uid, user);
    }
    return users;
  }

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

  /** The live accounts' keys with their uids, for finding an account by the key its page shows. */
  async function uidOfPageKey(trx: Db, key: string): Promise<string | undefined> {
    const rows = await trx
      .selectFrom("account_keys")
      .innerJoin("profiles", "profiles.uid", "account_keys.uid")
      .select(["account_keys.account_key", "account_keys.uid"])
      .where("account_keys.retired_at", "is", null)
      .execute();
    return rows.find((row) => pageKey(row.account_key) === key)?.uid;
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

  /** The profile of `uid` as the check pages need it, with the page key of its live account key. */
  const profileRows = (trx: Db) =>
    trx
      .selectFrom("profiles as p")
      .leftJoin("account_keys as k", (join) => join.onRef("k.uid", "=", "p.uid").on("k.retired_at", "is", null))
      .select([
        "p.uid",
        "p.college",
        "p.branch",
        "p.saved_at",
        "p.id_card_deleted_at",
        "p.college_id_checked_at",
        "k.account_key",
      ]);

  return {
    awaiting({ page, pageSize, search }) {
      return guarded<Outcome<{ accounts: AccountAwaitingCheck[]; total: number; page: number; pageCount: number }>>(
        "list Firebase accounts awaiting a check",
        async () => {
          const rows = await store.read((trx) =>
            profileRows(trx)
              .where("p.college_id_checked_at", "is", null)
              .orderBy("p.saved_at", "desc")
              .orderBy("p.uid", "desc")
              .execute(),
          );
          const text = search?.trim() ?? "";
          // Names live in Firebase: without a search only the page's users are asked for, with one every account's.
          const wanted = text ? rows : rows.slice((page - 1) * pageSize, page * pageSize);
          const users = await usersOf(wanted.map((row) => row.uid));
          const accounts = wanted.flatMap((row): AccountAwaitingCheck[] => {
            const user = users.get(row.uid);
            if (!user || !row.account_key) return [];
            const name = user.displayName ?? "";
            if (text && !matches(name, text) && !matches(row.uid, text)) return [];
            return [
              {
                key: pageKey(row.account_key),
                name,
                collegeId: row.uid,
                college: row.college,
                branch: row.branch,
                createdAt: row.saved_at,
                emailVerified: user.emailVerified,
                idCardKept: row.id_card_deleted_at === null,
              },
            ];
          });
          const total = text ? accounts.length : rows.length;
          return {
            ok: true,
            value: {
              accounts: text ? accounts.slice((page - 1) * pageSize, page * pageSize) : accounts,
              total,
              page,
              pageCount: Math.max(1, Math.ceil(total / pageSize)),
            },
          };
        },
      );
    },

    openClaims(limit) {
      return guarded<Outcome<{ claims: OpenClaim[]; total: number }>>("list College ID claims", async () => {
        const { rows, total } = await store.read(async (trx) => {
          const open = trx.selectFrom("college_id_claims").where("resolved_at", "is", null);
          const counted = await open.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
          const rows = await open
            .select(["id", "enrollment", "username", "email", "created_at"])
            .orderBy("id")
            .limit(limit)
            .execute();
          return { rows, total: Number(counted?.count ?? 0) };
        });
        const uids = [...new Set(rows.map((row) => uidFromCollegeId(row.enrollment)))].filter(Boolean);
        const users = await usersOf(uids);
        const profiles = await store.read((trx) =>
          uids.length === 0 ? Promise.resolve([]) : profileRows(trx).where("p.uid", "in", uids).execute(),
        );
        const profileOf = new Map(profiles.map((row) => [row.uid, row]));
        const claims = rows.map((row): OpenClaim => {
          const uid = uidFromCollegeId(row.enrollment);
          const user = users.get(uid);
          const profile = profileOf.get(uid);
          return {
            id: row.id,
            collegeId: row.enrollment,
            claimant: { name: row.username, email: row.email },
            createdAt: row.created_at,
            account: user && {
              key: pageKey(profile?.account_key ?? uid),
              name: user.displayName ?? "",
              college: profile?.college ?? "",
              branch: profile?.branch ?? "",
              createdAt: profile?.saved_at ?? new Date(user.metadata.creationTime).toISOString(),
              collegeIdChecked: (profile?.college_id_checked_at ?? null) !== null,
              idCardKept: profile !== undefined && profile.id_card_deleted_at === null,
            },
          };
        });
        return { ok: true, value: { claims, total } };
      });
    },

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
        if (!row) return { ok: false, reason: "rejected", refusal: { code: "unknownAccount" } };
        if (row.id_card_deleted_at !== null || row.id_card.length === 0)
          return { ok: false, reason: "rejected", refusal: { code: "idCardDeleted" } };
        return { ok: true, value: { mediaType: row.id_card_type, bytes: new Uint8Array(row.id_card) } };
      });
    },

    claimIdCard(claimId) {
      return guarded<Outcome<IdCardImage>>("read a claim's ID card", async () => {
        const row = await store.read((trx) =>
          trx
            .selectFrom("college_id_claims")
            .select(["id_card_type", "id_card"])
            .where("id", "=", claimId)
            .executeTakeFirst(),
        );
        if (!row) return { ok: false, reason: "rejected", refusal: { code: "unknownClaim" } };
        return { ok: true, value: { mediaType: row.id_card_type, bytes: new Uint8Array(row.id_card) } };
      });
    },

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
          const { uid, user } = await accountToCheck(trx, accountKey);
          if (sameMember(uid, by)) throw new Rejection({ code: "ownAccount" });
          await deleteUser(uid);
          await removeProfile(
            trx,
            uid,
            { reason: "council-request", by },
            { mail: mail?.storeMail, verifiedEmail: user.emailVerified ? user.email : undefined },
          );
          const name = user.displayName ?? "";
          const told = await tell(trx, user.email, { kind: "account-rejected", name, collegeId: uid, locale: "en" });
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
          await store.lock(trx, `college-id-claim:${claimId}`);
          const claim = await trx
            .selectFrom("college_id_claims")
            .select(["id", "enrollment", "username", "email", "resolved_at", "locale"])
            .where("id", "=", claimId)
            .executeTakeFirst();
          if (!claim) throw new Rejection({ code: "unknownClaim" });
          if (claim.resolved_at !== null) throw new Rejection({ code: "claimResolved" });
          const uid = uidFromCollegeId(claim.enrollment);
          await store.lock(trx, `account-check:${uid}`);
          const holder = uid ? await userOf(uid) : undefined;
          // Whoever holds the College ID may not decide whose it is.
          if (holder && sameMember(holder.uid, by)) throw new Rejection({ code: "ownAccount" });

          await trx
            .updateTable("college_id_claims")
            .set({ resolved_at: now(), resolution, resolved_by: by })
            .where("id", "=", claim.id)
            .execute();
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
            await deleteUser(holder.uid);
            toldHolder = await tell(trx, holder.email, {
              kind: "account-claimed",
              name: holderName,
              collegeId: holder.uid,
              locale: "en",
            });
          }
          // The College ID stays the claimant's for a while, as with the built-in store's accounts: the removed user
          // cannot register it again at once (registration asks the same reservation before creating a user). Locked
          // before the holder's teams are dealt with, whose notices take the e-mail caps' lock last.
          await store.lock(trx, `college-id:${collegeIdKey(claim.enrollment)}`);
          await reserveCollegeId(trx, { collegeId: claim.enrollment, email: claim.email, claimId: claim.id });
          const profile = await trx.selectFrom("profiles").select("uid").where("uid", "=", uid).executeTakeFirst();
          if (holder || profile) {
            await removeProfile(
              trx,
              uid,
              { reason: "council-request", by },
              { mail: mail?.storeMail, verifiedEmail: holder?.emailVerified ? holder.email : undefined },
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
          await trx
            .insertInto("college_id_claims")
            .values({
              enrollment,
              username: claim.username,
              email,
              id_card_type: claim.idCard.mediaType,
              id_card: Buffer.from(claim.idCard.bytes),
              created_at: now(),
              resolved_at: null,
              resolution: null,
              resolved_by: null,
              locale: storedLocale(locale),
            })
            .execute();
          await tell(trx, email, { kind: "college-id-claim", name: claim.username, collegeId: enrollment, locale });
        });
        return { ok: true };
      });
    },
  };
}
