import { createHash } from "node:crypto";
import { sql } from "kysely";
import { collegeIdKey } from "../../accounts/college-id.server";
import type { Db } from "./database.server";
import { recordErasure } from "./student-records.server";
import type { ErasuresTable } from "./tables.server";

/**
 * How the store finds a built-in account (by a session's token, its College ID, its address) and how an account's
 * row goes, whoever removes it: the student, a council decision.
 */

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The account a live session token belongs to (no row for an unknown or expired token). */
export const bySession = (trx: Db, token: string) =>
  trx
    .selectFrom("sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .where("s.token_hash", "=", hashToken(token))
    .where("s.expires_at", ">", Date.now());

/**
 * College IDs are matched by their key (collegeIdKey: NFKC and case folding, the login lockout's key), kept beside
 * each account, the same way on both engines. Rows from before whose College ID is not printable ASCII have no key
 * and are found as before, ignoring ASCII letter case.
 */
export const sameEnrollment = (enrollment: string) =>
  sql<boolean>`(enrollment_key = ${collegeIdKey(enrollment)} OR (enrollment_key IS NULL AND lower(enrollment) = ${enrollment.trim().toLowerCase()}))`;

export const sameEmail = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

/**
 * Inside a write transaction: removes an account's row. Its sessions, links and council role go with it (ON DELETE
 * CASCADE), the e-mails queued or sent about it too; the erasure is recorded without its data.
 */
export async function removeAccountRow(
  trx: Db,
  account: { id: number; uid: string },
  erasure: Pick<ErasuresTable, "reason"> & { by?: string },
): Promise<void> {
  await trx.deleteFrom("accounts").where("id", "=", account.id).execute();
  await trx.deleteFrom("outbox").where("account_key", "=", account.uid).execute();
  await recordErasure(trx, {
    section: "accounts",
    entry_id: null,
    what: "account",
    reason: erasure.reason,
    by_college_id: erasure.by,
  });
}
