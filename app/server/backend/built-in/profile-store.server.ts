/**
 * What the site keeps for an account whose identity lives with another provider (Firebase): its details, and the store
 * of them (profiles.server.ts makes it).
 */

/** The registration details the site keeps for an account whose identity lives with another provider (Firebase). */
export interface ProfileDetails {
  college: string;
  branch: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: string;
  /**
   * The phone number typed at registration (E.164). Kept here, not on the Firebase user: Firebase keeps phone numbers
   * unique, and a number proves nothing (siblings may give a parent's). Absent for profiles from before.
   */
  phone?: string;
}

/** The Firebase user a key belongs to: its uid and Firebase's creation time (a later user under the uid differs). */
export interface FirebaseUserIdentity {
  uid: string;
  createdAt: string;
}

/**
 * The profiles table, for the Firebase identity adapter. A database fault rejects the promise: the adapter turns it
 * into `unavailable` and undoes what it did in Firebase.
 */
export interface ProfileStore {
  /**
   * Saves the details of `uid`, replacing what an earlier, since deleted account of the same uid left. `verifyBy`: the
   * account was registered while the site sends e-mail, and retention removes it unless verified by then.
   */
  saveProfile(
    user: FirebaseUserIdentity,
    details: ProfileDetails & { idCard: { mediaType: string; bytes: Uint8Array }; verifyBy?: string; email: string },
  ): Promise<void>;
  /**
   * The key of the Firebase user's entries, given on first sight: a user from before keeps `firebase:<uid>` unless
   * that key was retired; a later user under a uid (created at another time) never gets its predecessor's.
   */
  accountKeyOf(user: FirebaseUserIdentity): Promise<string>;
  /**
   * Of the uids asked about, those with a profile, with the address the site knows and the deadline (retention's look
   * for Firebase users the site never made, and for addresses changed outside it).
   */
  withProfiles(uids: readonly string[]): Promise<Map<string, { email: string | null; verifyBy: string | null }>>;
  /**
   * Retention's look at a user's address: the address the site knows is recorded the first time; when Firebase holds
   * another one, unproven, the account gets a deadline from now, as a new registration would (`verifyBy`). Resolves
   * with whether a deadline was set.
   */
  noticeAddress(uid: string, email: string | undefined, verified: boolean, verifyBy: string): Promise<boolean>;
  /** The details of `uid` (without the ID card), or undefined when the site holds none. */
  profileOf(uid: string): Promise<ProfileDetails | undefined>;
  /**
   * The details with the ID card (or when it was deleted), for the student's download, and whether a council member
   * checked the College ID against the card.
   */
  profileWithIdCard(uid: string): Promise<
    | (ProfileDetails & {
        savedAt: string;
        idCard: { mediaType: string; bytes: Uint8Array } | { deletedAt: string };
        collegeIdChecked: boolean;
      })
    | undefined
  >;
  /** Erases the details, the ID card and the e-mails about the account of `uid` (the account is erased in Firebase). */
  eraseProfile(uid: string): Promise<void>;
  /** The accounts whose verification deadline has passed, with when their details were saved (at registration). */
  pastVerificationDeadline(): Promise<{ uid: string; savedAt: string }[]>;
  /** The account of `uid` has nothing left to prove (verified, or not the account registered here): no deadline. */
  clearVerificationDeadline(uid: string): Promise<void>;
  /**
   * Retention, once the Firebase users are deleted: erases the details, ID cards and e-mails of those of `uids` still
   * past their deadline (a new registration of the same uid in between has a deadline of its own), and records each
   * erasure. Resolves with how many were erased.
   */
  eraseUnverified(uids: readonly string[]): Promise<number>;
  /**
   * Whether a registration of `collegeId` with `email` may create the account: the same check as the built-in
   * store's registration (college-id-reservations.server.ts), asked before the Firebase user is created.
   */
  collegeIdReservation(collegeId: string, email: string): Promise<"free" | "claimant" | "reserved">;
  /** The uids whose profile names `email` (ignoring letter case): accounts that may have confirmed it. */
  uidsWithAddress(email: string): Promise<string[]>;
  /**
   * Runs `work` under the lock of the lower-cased address, as the built-in store confirms its accounts' addresses:
   * one confirmation of an address at a time, across replicas. `work` gets the uids whose profile names the address.
   */
  underAddressLock<T>(email: string, work: (uids: string[]) => Promise<T>): Promise<T>;
}
