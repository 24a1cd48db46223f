import { sql } from "kysely";
import type { AccountsAwaitingCheck, OpenClaim } from "../account-checks.server";
import type { Outcome } from "../council-backend.server";
import type { StoreDatabase } from "./database.server";
import { guarded } from "./guard.server";

/**
 * What the council's check pages list of the built-in store's accounts: those whose College ID nobody has checked
 * yet, and the open claims of "This College ID is mine" with the account each names.
 */

/** The search as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function likePattern(search: string | undefined): string | null {
  const text = search?.trim();
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Folds case the engine's way on both sides, so both engines agree. */
const like = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) LIKE lower(${pattern}) ESCAPE '\\'`;

/** Accounts awaiting a check, newest first; `search` finds them by name or College ID. */
export function accountsAwaitingCheck(
  store: StoreDatabase,
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
): Promise<Outcome<AccountsAwaitingCheck>> {
  return guarded<Outcome<AccountsAwaitingCheck>>("list accounts awaiting a check", async () => {
    const pattern = likePattern(search);
    const value = await store.read(async (trx): Promise<AccountsAwaitingCheck> => {
      const waiting = trx
        .selectFrom("accounts")
        .where("college_id_checked_at", "is", null)
        .where(
          pattern === null
            ? sql<boolean>`1 = 1`
            : sql<boolean>`(${like("username", pattern)} OR ${like("enrollment", pattern)})`,
        );
      const counted = await waiting.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
      const total = Number(counted?.count ?? 0);
      const rows = await waiting
        .select([
          "uid",
          "username",
          "enrollment",
          "college",
          "branch",
          "created_at",
          "email_verified_at",
          "id_card_deleted_at",
        ])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        accounts: rows.map((row) => ({
          key: row.uid,
          name: row.username,
          collegeId: row.enrollment,
          college: row.college,
          branch: row.branch,
          createdAt: row.created_at,
          emailVerified: row.email_verified_at !== null,
          idCardKept: row.id_card_deleted_at === null,
        })),
        total,
        page,
        pageCount: Math.max(1, Math.ceil(total / pageSize)),
      };
    });
    return { ok: true, value };
  });
}

/** Open claims, oldest first, at most `limit`, and how many are open in all. */
export function openClaims(
  store: StoreDatabase,
  limit: number,
): Promise<Outcome<{ claims: OpenClaim[]; total: number }>> {
  return guarded<Outcome<{ claims: OpenClaim[]; total: number }>>("list College ID claims", async () => {
    const value = await store.read(async (trx) => {
      const open = trx.selectFrom("college_id_claims as c").where("c.resolved_at", "is", null);
      const counted = await open.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
      // The account is matched as registration matches College IDs: ignoring letter case.
      const rows = await open
        .leftJoin("accounts as a", (join) => join.on(sql<boolean>`lower(a.enrollment) = lower(c.enrollment)`))
        .select([
          "c.id",
          "c.enrollment",
          "c.username",
          "c.email",
          "c.created_at",
          "a.uid",
          "a.username as account_name",
          "a.college",
          "a.branch",
          "a.created_at as account_created_at",
          "a.college_id_checked_at",
          "a.id_card_deleted_at",
        ])
        .orderBy("c.id")
        .limit(limit)
        .execute();
      const claims = rows.map((row): OpenClaim => ({
        id: row.id,
        collegeId: row.enrollment,
        claimant: { name: row.username, email: row.email },
        createdAt: row.created_at,
        account:
          row.uid === null
            ? undefined
            : {
                key: row.uid,
                name: row.account_name ?? "",
                college: row.college ?? "",
                branch: row.branch ?? "",
                createdAt: row.account_created_at ?? "",
                collegeIdChecked: row.college_id_checked_at !== null,
                idCardKept: row.id_card_deleted_at === null,
              },
      }));
      return { claims, total: Number(counted?.count ?? 0) };
    });
    return { ok: true, value };
  });
}
