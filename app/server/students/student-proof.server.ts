import type { AccountRecord, StudentProof } from "../backend/council-backend.server";

/**
 * The one place that says what an account proves (docs/decisions/0017): its own key always, its e-mail only once
 * verified, its College ID only once the council checked the ID card. "What you sent", "Download my data" and
 * "Delete my account" all take their proof from here, so they always agree.
 */
export function proofOf(record: AccountRecord): StudentProof {
  return {
    accountKey: record.accountKey,
    verifiedEmail: record.emailVerified ? record.details.email : undefined,
    checkedCollegeId: record.collegeIdChecked ? record.collegeId : undefined,
  };
}
