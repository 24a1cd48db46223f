import type { UserRecord } from "firebase-admin/auth";
import type { Locale } from "~/i18n/locale";
import type { StudentRefusal } from "~/types/refusals";
import { passwordFromDateOfBirth } from "../accounts/passwords.server";
import { log } from "../ops/log.server";
import type { MailQueue } from "./built-in/mail-queue.server";
import { unverifiedAccountDays } from "./built-in/mail-events.server";
import type { ProfileStore } from "./built-in/profiles.server";
import type { AccountRegistration, Failure, IdentityProvider, Outcome } from "./council-backend.server";
import {
  describeError,
  type FirebaseAuth,
  firebaseCode,
  FirebaseTimeout,
  logFirebaseFailure,
  startDeadline,
  uidFromCollegeId,
} from "./firebase-auth.server";
import { releaseAddress } from "./firebase-email-verification.server";

/**
 * Registration with Firebase sign-in (docs/decisions/0007): firebase-admin creates the user (uid = the College ID's
 * key, password = the date of birth as DDMMYYYY), the form's other details and the ID card go to the built-in store's
 * profiles table, and the verification e-mail is queued. Nothing stays half-registered: a user whose details could not
 * be saved, or whom Firebase created after the visitor's deadline, is deleted again.
 */

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Firebase's answers to createUser the visitor is told: "someone already has this" (which), and its refusals of what
 * the form let through (its rules are stricter in places).
 */
const registrationRefusals: Record<string, StudentRefusal> = {
  "auth/uid-already-exists": { code: "collegeIdTaken" },
  "auth/email-already-exists": { code: "emailTaken" },
  "auth/phone-number-already-exists": { code: "phoneTaken" },
  "auth/invalid-uid": { code: "collegeIdInvalid" },
  "auth/invalid-email": { code: "emailInvalid" },
  "auth/invalid-phone-number": { code: "phoneInvalid" },
  "auth/invalid-display-name": { code: "nameInvalid" },
  "auth/invalid-password": { code: "invalidDateOfBirth" },
};

/** A message of one of the tables above: the code is Firebase's, but never looked up among Object's members. */
const ownValue = <T>(table: Record<string, T>, code: string) => (Object.hasOwn(table, code) ? table[code] : undefined);

export function firebaseRegistration(options: {
  auth: FirebaseAuth;
  profiles: ProfileStore;
  /** Unset when the site sends no e-mail: then no address has to be proven. */
  mail?: MailQueue;
  timeoutMs: number;
  sendVerificationMail: (
    account: { uid: string; collegeId: string; email: string; name: string },
    deadline: ReturnType<typeof startDeadline>,
    locale?: Locale,
  ) => Promise<boolean>;
}): Pick<IdentityProvider, "registerAccount"> {
  const { auth, profiles, mail, timeoutMs, sendVerificationMail } = options;
  const unavailable: Failure = { ok: false, reason: "unavailable" };

  /** Deletes a user this adapter created, in the background when the visitor's deadline is gone. */
  function undoCreation(uid: string, why: string): Promise<void> {
    return auth.deleteUser(uid).then(
      () => log.error(`Firebase sign-in: deleted a user again (${why}), so nothing stays half-registered`),
      (error: unknown) =>
        // No uid: it is an enrollment number, and the log holds no personal data. The time finds the user in the
        // console (users list by creation time) for an administrator to delete by hand.
        log.error(
          `Firebase sign-in: could not delete a user it had just created, after ${why} (${describeError(error)}); ` +
            `in the Firebase console it is the user created at about ${new Date().toISOString()}: delete it there`,
        ),
    );
  }

  /**
   * Whether the address held by another user may be taken for a new registration: only when that user never confirmed
   * it and registered here (a profile). Its claim is then released: Firebase keeps one user per address, and an
   * unconfirmed claim must never stop the address's owner from registering. A confirmed address, or one of an
   * account the council made in Firebase, stays where it is.
   */
  async function releaseUnconfirmedHolder(email: string, deadline: ReturnType<typeof startDeadline>) {
    let holder: UserRecord;
    try {
      holder = await deadline.race("getUserByEmail", auth.getUserByEmail(email));
    } catch (error) {
      // Released or erased in between: the next attempt finds the address free.
      if (firebaseCode(error) === "auth/user-not-found") return true;
      throw error;
    }
    if (holder.emailVerified || !(await profiles.profileOf(holder.uid))) return false;
    await releaseAddress(auth, holder.uid, deadline);
    return true;
  }

  async function registerAccount(registration: AccountRegistration, locale?: Locale): Promise<Outcome> {
    const uid = uidFromCollegeId(registration.enrollment);
    const password = passwordFromDateOfBirth(registration.dob);
    if (!password) return { ok: false, reason: "rejected", refusal: { code: "invalidDateOfBirth" } };
    const deadline = startDeadline(timeoutMs);
    // A College ID the council found to be a claimant's is kept for the claim's address for a while (the store keeps
    // the reservation for both identity backends): asked before anything is created in Firebase.
    try {
      const reserved = await profiles.collegeIdReservation(registration.enrollment, registration.email);
      if (reserved === "reserved") return { ok: false, reason: "rejected", refusal: { code: "collegeIdReserved" } };
    } catch (error) {
      logFirebaseFailure("check the College ID against the council's reservations", error);
      return unavailable;
    }

    const create = () =>
      auth.createUser({
        uid,
        email: registration.email.trim(),
        password,
        displayName: registration.username.trim(),
        phoneNumber: registration.phone,
      });
    let created: UserRecord | undefined;
    for (let attempt = 1; created === undefined; attempt += 1) {
      const creation = create();
      try {
        created = await deadline.race("createUser", creation);
      } catch (error) {
        if (error instanceof FirebaseTimeout) {
          // The visitor is told it failed; if Firebase still creates the user, delete it: nothing half-written.
          creation.then(
            () => undoCreation(uid, "a createUser that answered after the deadline"),
            () => undefined,
          );
          logFirebaseFailure("register an account", error);
          return unavailable;
        }
        const code = firebaseCode(error) ?? "";
        if (code === "auth/email-already-exists" && attempt === 1) {
          try {
            if (await releaseUnconfirmedHolder(registration.email.trim(), deadline)) continue;
          } catch (releaseError) {
            logFirebaseFailure("release an unconfirmed address for a registration", releaseError);
            return unavailable;
          }
        }
        const refusal = ownValue(registrationRefusals, code);
        if (refusal) return { ok: false, reason: "rejected", refusal };
        logFirebaseFailure("register an account", error);
        return unavailable;
      }
    }

    try {
      await profiles.saveProfile(
        { uid, createdAt: created.metadata.creationTime },
        {
          email: registration.email.trim(),
          college: registration.college,
          branch: registration.branch,
          dob: registration.dob.trim(),
          gender: registration.gender,
          idCard: registration.idCard,
          // While the site sends e-mail the address must be proven, as for the built-in store's accounts. The deadline
          // holds even if the link cannot be queued below: the profile offers "Send the link again".
          verifyBy: mail ? new Date(Date.now() + unverifiedAccountDays * dayMs).toISOString() : undefined,
        },
      );
    } catch (error) {
      logFirebaseFailure("save the profile details of a new account", error);
      await deadline
        .race("deleteUser", undoCreation(uid, "its profile details could not be saved"))
        .catch(() => undefined);
      return unavailable;
    }
    // The account stands even when the link cannot be queued now: "Send the link again" on the profile sends one.
    await sendVerificationMail(
      { uid, collegeId: uid, email: registration.email.trim(), name: registration.username.trim() },
      deadline,
      locale,
    );
    return { ok: true };
  }

  return { registerAccount };
}
