import { createHash } from "node:crypto";
import type { UserRecord } from "firebase-admin/auth";
import type { AccountAwaitingCheck, AccountChecks, OpenClaim } from "./account-checks.server";
import type { Db, StoreDatabase } from "./built-in/database.server";
import { guarded } from "./built-in/guard.server";
import type { Outcome } from "./council-backend.server";
import { type FirebaseAuth, startDeadline, uidFromCollegeId } from "./firebase-auth.server";
import { addressVerified } from "./firebase-addresses.server";

/**
 * What the council's check pages list of the Firebase accounts: those whose College ID nobody has checked yet, and
 * the open claims of "This College ID is mine" with the account each names. The profiles and claims are in the
 * built-in store, the names and addresses in Firebase, asked for a page at a time.
 *
 * The pages name an account by 32 hex digits (their address and forms take no other shape): here the first 32 of
 * the SHA-256 of its key (account_keys), which changes with the account as the key does.
 */

export const pageKey = (accountKey: string) => createHash("sha256").update(accountKey).digest("hex").slice(0, 32);

/** firebase-admin's getUsers looks up at most 100 users a call. */
const lookupBatch = 100;

/** The search found anywhere in the text, ignoring letter case. */
function matches(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.toLowerCase());
}

export /** The live accounts' keys with their uids, for finding an account by the key its page shows. */
async function uidOfPageKey(trx: Db, key: string): Promise<string | undefined> {
  const rows = await trx
    .selectFrom("account_keys")
    .innerJoin("profiles", "profiles.uid", "account_keys.uid")
    .select(["account_keys.account_key", "account_keys.uid"])
    .where("account_keys.retired_at", "is", null)
    .execute();
  return rows.find((row) => pageKey(row.account_key) === key)?.uid;
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

export function firebaseCheckLists(options: {
  auth: FirebaseAuth;
  store: StoreDatabase;
  timeoutMs: number;
}): Pick<AccountChecks, "awaiting" | "openClaims"> {
  const { auth, store, timeoutMs } = options;

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
                emailVerified: addressVerified(user),
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
  };
}
