import type { UserRecord } from "firebase-admin/auth";
import type { CouncilMember, CouncilRoleChange, IdentityProvider, Outcome } from "./council-backend.server";
import { type FirebaseAuth, firebaseCode, logFirebaseFailure, uidFromCollegeId } from "./firebase-auth.server";

type CouncilRole = Pick<IdentityProvider, "grantCouncilRole" | "revokeCouncilRole" | "listCouncilMembers">;

/**
 * The council role with Firebase: the custom claim `council: true` (other claims are kept), granted and revoked by
 * `npm run council`. Sessions are not revoked: the member stays signed in, and whoIsSignedIn reads the claim afresh
 * on the next page view.
 */
export function firebaseCouncilRole(auth: FirebaseAuth): CouncilRole {
  async function changeCouncilRole(collegeId: string, grant: boolean): Promise<Outcome<CouncilRoleChange>> {
    const uid = uidFromCollegeId(collegeId);
    try {
      let record: UserRecord;
      try {
        record = await auth.getUser(uid);
      } catch (error) {
        if (firebaseCode(error) === "auth/user-not-found" || firebaseCode(error) === "auth/invalid-uid") {
          return {
            ok: false,
            reason: "rejected",
            refusal: { code: "noAccountWithCollegeId", collegeId: uid, provider: "firebase" },
          };
        }
        throw error;
      }
      const { council: was, ...otherClaims } = record.customClaims ?? {};
      const changed = (was === true) !== grant;
      if (changed) await auth.setCustomUserClaims(uid, grant ? { ...otherClaims, council: true } : otherClaims);
      return { ok: true, value: { member: { collegeId: uid, name: record.displayName }, changed } };
    } catch (error) {
      logFirebaseFailure(grant ? "grant the council role" : "revoke the council role", error);
      return { ok: false, reason: "unavailable" };
    }
  }

  return {
    grantCouncilRole: (collegeId: string) => changeCouncilRole(collegeId, true),
    revokeCouncilRole: (collegeId: string) => changeCouncilRole(collegeId, false),

    async listCouncilMembers(): Promise<Outcome<CouncilMember[]>> {
      const members: CouncilMember[] = [];
      try {
        let pageToken: string | undefined;
        do {
          const page = await auth.listUsers(1000, pageToken);
          for (const user of page.users) {
            if (user.customClaims?.council === true) members.push({ collegeId: user.uid, name: user.displayName });
          }
          pageToken = page.pageToken;
        } while (pageToken);
      } catch (error) {
        logFirebaseFailure("list the council members", error);
        return { ok: false, reason: "unavailable" };
      }
      return { ok: true, value: members.sort((a, b) => a.collegeId.localeCompare(b.collegeId)) };
    },
  };
}
