import type { CouncilMember, CouncilRoleChange, IdentityProvider, Outcome } from "../council-backend.server";
import { sameEnrollment } from "./account-rows.server";
import type { StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";

/** The council role of built-in accounts, granted and revoked from the command line only. */
export function createRoles(
  store: StoreDatabase,
): Pick<IdentityProvider, "grantCouncilRole" | "revokeCouncilRole" | "listCouncilMembers"> {
  /** Grants or revokes in one transaction; an unknown College ID is refused by name. */
  const changeRole = (collegeId: string, grant: boolean) =>
    store.write(async (trx): Promise<CouncilRoleChange> => {
      const wanted = collegeId.trim();
      await store.lock(trx, `council-role:${wanted.toLowerCase()}`);
      const account = await trx
        .selectFrom("accounts as a")
        .leftJoin("council_members as c", "c.account_id", "a.id")
        .select(["a.id", "a.enrollment as collegeId", "a.username as name", "c.granted_at as grantedAt"])
        .where(sameEnrollment(wanted))
        .executeTakeFirst();
      if (!account) {
        throw new Rejection({ code: "noAccountWithCollegeId", collegeId: wanted, provider: "store" });
      }
      const grantedAt = now();
      const changed = grant
        ? (
            await trx
              .insertInto("council_members")
              .values({ account_id: account.id, granted_at: grantedAt })
              .onConflict((conflict) => conflict.column("account_id").doNothing())
              .executeTakeFirst()
          ).numInsertedOrUpdatedRows! > 0n
        : (await trx.deleteFrom("council_members").where("account_id", "=", account.id).executeTakeFirst())
            .numDeletedRows > 0n;
      const member: CouncilMember = { collegeId: account.collegeId, name: account.name };
      const since = grant ? (changed ? grantedAt : account.grantedAt) : null;
      if (since) member.grantedAt = since;
      return { member, changed };
    });

  return {
    grantCouncilRole(collegeId: string) {
      return guarded<Outcome<CouncilRoleChange>>("grant the council role", async () => ({
        ok: true,
        value: await changeRole(collegeId, true),
      }));
    },

    revokeCouncilRole(collegeId: string) {
      return guarded<Outcome<CouncilRoleChange>>("revoke the council role", async () => ({
        ok: true,
        value: await changeRole(collegeId, false),
      }));
    },

    listCouncilMembers() {
      return guarded<Outcome<CouncilMember[]>>("list council members", async () => {
        const rows = await store.read((trx) =>
          trx
            .selectFrom("council_members as c")
            .innerJoin("accounts as a", "a.id", "c.account_id")
            .select(["a.enrollment as collegeId", "a.username as name", "c.granted_at as grantedAt"])
            .orderBy("c.granted_at")
            .orderBy("a.enrollment")
            .execute(),
        );
        return { ok: true, value: rows };
      });
    },
  };
}
