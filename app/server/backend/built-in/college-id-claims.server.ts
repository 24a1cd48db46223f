import type { Locale } from "~/i18n/locale";
import { collegeIdKey } from "../../accounts/college-id.server";
import type { ClaimResolution, CollegeIdClaim, IdCardImage } from "../account-checks.server";
import type { Outcome } from "../council-backend.server";
import type { Db, StoreDatabase } from "./database.server";
import { reserveCollegeId } from "./college-id-reservations.server";
import { guarded, now, Rejection } from "./guard.server";
import { storedLocale } from "./tables.server";

/**
 * What the council's account checks share whoever holds the accounts (the built-in store, Firebase): the claims of
 * "This College ID is mine" live in the store (college_id_claims) either way, and a member never decides about the
 * account that holds their own College ID.
 */

/** The same person: College IDs compared by their key. */
export const sameMember = (collegeId: string, by: string) => collegeIdKey(collegeId) === collegeIdKey(by);

/** An account's ID card as the check page shows it; refused when there is no such account or the image was deleted. */
export function accountIdCardOf(
  row: { id_card_type: string; id_card: Uint8Array; id_card_deleted_at: string | null } | undefined,
): Outcome<IdCardImage> {
  if (!row) return { ok: false, reason: "rejected", refusal: { code: "unknownAccount" } };
  if (row.id_card_deleted_at !== null || row.id_card.length === 0)
    return { ok: false, reason: "rejected", refusal: { code: "idCardDeleted" } };
  return { ok: true, value: { mediaType: row.id_card_type, bytes: new Uint8Array(row.id_card) } };
}

/** The ID card a claimant sent; rejected when there is no such claim. */
export function claimIdCard(store: StoreDatabase, claimId: number): Promise<Outcome<IdCardImage>> {
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
}

/**
 * Inside a write transaction: the claim a member decides on, locked for the decision, so two members deciding at once
 * decide one after the other; refused when it is unknown or already resolved.
 */
export async function claimToResolve(store: StoreDatabase, trx: Db, claimId: number) {
  await store.lock(trx, `college-id-claim:${claimId}`);
  const claim = await trx
    .selectFrom("college_id_claims")
    .select(["id", "enrollment", "username", "email", "resolved_at", "locale"])
    .where("id", "=", claimId)
    .executeTakeFirst();
  if (!claim) throw new Rejection({ code: "unknownClaim" });
  if (claim.resolved_at !== null) throw new Rejection({ code: "claimResolved" });
  return claim;
}

/** Inside the decision's transaction: records whom the College ID was found to belong to, and who decided. */
export async function closeClaim(trx: Db, claimId: number, resolution: ClaimResolution, by: string): Promise<void> {
  await trx
    .updateTable("college_id_claims")
    .set({ resolved_at: now(), resolution, resolved_by: by })
    .where("id", "=", claimId)
    .execute();
}

/** Inside a write transaction: keeps a claim for the council, in the language of the page it was sent from. */
export async function keepClaim(trx: Db, claim: CollegeIdClaim, locale: Locale): Promise<void> {
  await trx
    .insertInto("college_id_claims")
    .values({
      enrollment: claim.enrollment,
      username: claim.username,
      email: claim.email,
      id_card_type: claim.idCard.mediaType,
      id_card: Buffer.from(claim.idCard.bytes),
      created_at: now(),
      resolved_at: null,
      resolution: null,
      resolved_by: null,
      locale: storedLocale(locale),
    })
    .execute();
}

/**
 * Inside an upheld claim's transaction: the College ID stays the claimant's for a while, so the removed account
 * cannot register it again at once (registration asks the same reservation, under the same lock).
 */
export async function holdForClaimant(
  store: StoreDatabase,
  trx: Db,
  claim: { id: number; enrollment: string; email: string },
): Promise<void> {
  await store.lock(trx, `college-id:${collegeIdKey(claim.enrollment)}`);
  await reserveCollegeId(trx, { collegeId: claim.enrollment, email: claim.email, claimId: claim.id });
}
