import { sql } from "kysely";
import { collegeIdKey } from "../../accounts/college-id.server";
import type { Db } from "./database.server";
import { now } from "./guard.server";

/**
 * College IDs kept for a claimant (docs/students-data.md). When the council upholds "This College ID is mine", the
 * account that held the College ID is removed; without more, whoever held it could register it again at once and the
 * claimant would be refused. So the College ID is reserved for the claim's address: until the period below passes,
 * only a registration with that address (letter case aside, as the store compares addresses) may take it. Both
 * identity backends ask `collegeIdReservation` before they create an account: the built-in store inside its
 * registration's transaction, Firebase sign-in through the profile store before it creates the Firebase user.
 */

/**
 * How long an upheld claim keeps the College ID for the claimant: 30 days. The claimant hears by e-mail and may be
 * away (a term break, an inbox read once a week); a month is ample to register, yet a College ID its owner never
 * registers is not kept from everyone for ever.
 */
export const collegeIdReservationDays = 30;

const dayMs = 24 * 60 * 60 * 1000;
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Inside the transaction that upholds a claim: keeps `collegeId` for `email` from now for the period above. A later
 * upheld claim for the same College ID replaces an earlier one: the council's latest decision counts.
 */
export async function reserveCollegeId(
  trx: Db,
  claim: { collegeId: string; email: string; claimId: number },
): Promise<void> {
  const row = {
    college_id: claim.collegeId.trim(),
    email: claim.email.trim(),
    claim_id: claim.claimId,
    reserved_at: now(),
    reserved_until: new Date(Date.now() + collegeIdReservationDays * dayMs).toISOString(),
  };
  await trx
    .insertInto("college_id_reservations")
    .values({ college_id_key: collegeIdKey(claim.collegeId), ...row })
    .onConflict((conflict) => conflict.column("college_id_key").doUpdateSet(row))
    .execute();
}

/**
 * Whether a registration of `collegeId` with `email` may go ahead: `free` (nothing reserved, or the period has
 * passed), `claimant` (reserved for this very address), or `reserved` (for someone else: refuse it).
 *
 * A registration with the claim's address does not end the reservation by itself: whoever knows the claimant's
 * address could register with it (the account then waits for a confirmation only the claimant can give, and is
 * removed after 7 days), and the College ID must still be the claimant's afterwards. It ends once the claimant's
 * account has confirmed the address (`deleteEndedReservations`), or when its period passes.
 */
export async function collegeIdReservation(
  trx: Db,
  collegeId: string,
  email: string,
): Promise<"free" | "claimant" | "reserved"> {
  const row = await trx
    .selectFrom("college_id_reservations")
    .select(["email", "reserved_until"])
    .where("college_id_key", "=", collegeIdKey(collegeId))
    .where("reserved_until", ">", now())
    .executeTakeFirst();
  if (!row) return "free";
  return sameAddress(row.email, email) ? "claimant" : "reserved";
}

/**
 * Retention: the reservations whose period has passed, and those the claimant has used: the College ID belongs to an
 * account of the built-in store with the claim's address, confirmed (the claim's address is then kept no longer than
 * needed). Resolves with how many were deleted.
 */
export async function deleteEndedReservations(trx: Db): Promise<number> {
  const result = await trx
    .deleteFrom("college_id_reservations as r")
    .where((where) =>
      where.or([
        where("r.reserved_until", "<=", now()),
        where.exists(
          where
            .selectFrom("accounts as a")
            .select("a.id")
            .where("a.email_verified_at", "is not", null)
            .where(sql<boolean>`lower(a.enrollment) = lower(r.college_id)`)
            .where(sql<boolean>`lower(a.email) = lower(r.email)`),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
