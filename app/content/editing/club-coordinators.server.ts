import { collegeIdKey } from "~/server/accounts/college-id.server";
import type { StoreDatabase } from "~/server/backend/built-in/database.server";
import { now } from "~/server/backend/built-in/guard.server";

/**
 * Club coordinators: a College ID given the right to edit one club's entry of the content (`npm run council -- grant
 * <College ID> --club <slug>`). Kept in the built-in store on both engines (club_coordinators), by the College ID's
 * key, so the grant holds whichever identity provider signs the coordinator in.
 */
export interface ClubCoordinators {
  /** Grants; false when the College ID already had that club. */
  grant(collegeId: string, clubSlug: string): Promise<boolean>;
  /** Revokes; false when there was nothing to revoke. */
  revoke(collegeId: string, clubSlug: string): Promise<boolean>;
  /** The clubs (slugs, lower case) this College ID may edit. */
  clubsOf(collegeId: string): Promise<string[]>;
  /** Every grant, by College ID key then club. */
  list(): Promise<{ collegeIdKey: string; clubSlug: string; grantedAt: string }[]>;
}

/** Slugs are matched without case, as the club pages match them. */
const slugKey = (slug: string) => slug.trim().toLowerCase();

export function createClubCoordinators(store: StoreDatabase): ClubCoordinators {
  return {
    async grant(collegeId, clubSlug) {
      const inserted = await store.write((trx) =>
        trx
          .insertInto("club_coordinators")
          .values({ college_id_key: collegeIdKey(collegeId), club_slug: slugKey(clubSlug), granted_at: now() })
          .onConflict((conflict) => conflict.columns(["college_id_key", "club_slug"]).doNothing())
          .executeTakeFirst(),
      );
      return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async revoke(collegeId, clubSlug) {
      const deleted = await store.write((trx) =>
        trx
          .deleteFrom("club_coordinators")
          .where("college_id_key", "=", collegeIdKey(collegeId))
          .where("club_slug", "=", slugKey(clubSlug))
          .executeTakeFirst(),
      );
      return deleted.numDeletedRows > 0n;
    },

    async clubsOf(collegeId) {
      const rows = await store.read((trx) =>
        trx
          .selectFrom("club_coordinators")
          .select("club_slug")
          .where("college_id_key", "=", collegeIdKey(collegeId))
          .orderBy("club_slug")
          .execute(),
      );
      return rows.map((row) => row.club_slug);
    },

    async list() {
      const rows = await store.read((trx) =>
        trx.selectFrom("club_coordinators").selectAll().orderBy("college_id_key").orderBy("club_slug").execute(),
      );
      return rows.map((row) => ({
        collegeIdKey: row.college_id_key,
        clubSlug: row.club_slug,
        grantedAt: row.granted_at,
      }));
    },
  };
}
