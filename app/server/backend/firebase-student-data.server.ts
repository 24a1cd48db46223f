import type { ProfileStore } from "./built-in/profiles.server";
import type {
  AccountRecord,
  BackendCredentials,
  IdentityProvider,
  Outcome,
  StudentKey,
} from "./council-backend.server";
import { type FirebaseAuth, logFirebaseFailure, startDeadline } from "./firebase-auth.server";
import type { FirebaseAccountState } from "./firebase-identity.server";

type StudentData = Required<Pick<IdentityProvider, "accountRecord" | "eraseAccount">>;

/**
 * A student's own account with Firebase, for the profile's download and erasure: what Firebase holds of the user
 * and the details and ID card the site keeps beside it (the built-in store's profiles table).
 */
export function firebaseStudentData(options: {
  auth: FirebaseAuth;
  profiles: ProfileStore;
  timeoutMs: number;
  accountOf: (credentials: BackendCredentials) => Promise<FirebaseAccountState>;
}): StudentData {
  const { auth, profiles, timeoutMs, accountOf } = options;

  return {
    async accountRecord(credentials: BackendCredentials): Promise<Outcome<AccountRecord>> {
      const state = await accountOf(credentials);
      if (state.status === "signed-out") return { ok: false, reason: "rejected", refusal: { code: "notSignedIn" } };
      if (state.status !== "signed-in") return { ok: false, reason: "unavailable" };
      let profile;
      try {
        profile = await profiles.profileWithIdCard(state.uid);
      } catch (error) {
        logFirebaseFailure("read the profile details", error);
        return { ok: false, reason: "unavailable" };
      }
      const details = Object.fromEntries(
        Object.entries(state.user).filter(([, value]) => typeof value === "string"),
      ) as Record<string, string>;
      const idCard = !profile
        ? null
        : "deletedAt" in profile.idCard
          ? profile.idCard
          : { ...profile.idCard, sentAt: profile.savedAt };
      return {
        ok: true,
        value: {
          collegeId: state.uid,
          details,
          createdAt: profile?.savedAt,
          idCard,
          accountKey: state.accountKey,
          // Firebase's own flag, read from the user record on this request; the check of the card is the council's.
          emailVerified: state.emailVerified,
          collegeIdChecked: profile?.collegeIdChecked ?? false,
        },
      };
    },

    async eraseAccount(credentials: BackendCredentials): Promise<Outcome<StudentKey>> {
      const state = await accountOf(credentials);
      if (state.status === "signed-out") return { ok: false, reason: "rejected", refusal: { code: "notSignedIn" } };
      if (state.status !== "signed-in") return { ok: false, reason: "unavailable" };
      // The site's copy first: if Firebase then fails, the student can still sign in and ask again.
      try {
        await profiles.eraseProfile(state.uid);
      } catch (error) {
        logFirebaseFailure("erase the profile details", error);
        return { ok: false, reason: "unavailable" };
      }
      const deadline = startDeadline(timeoutMs);
      try {
        // Deleting the user also ends every session it had: their cookies no longer verify.
        await deadline.race("deleteUser", auth.deleteUser(state.uid));
      } catch (error) {
        logFirebaseFailure("erase an account", error);
        return { ok: false, reason: "unavailable" };
      }
      return { ok: true, value: { enrollment: state.uid, email: state.user.email } };
    },
  };
}
