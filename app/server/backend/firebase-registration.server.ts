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
import { addressTaken, unconfirmedPlaceholder } from "./firebase-addresses.server";
import type { LinkSent } from "./firebase-email-verification.server";

/**
 * Registration with Firebase sign-in (docs/decisions/0007): firebase-admin creates the user (uid = the College ID's
 * key, password = the date of birth as DDMMYYYY, the e-mail a placeholder), the typed address, the form's other
 * details and the ID card go to the built-in store's profiles table, and the verification e-mail is queued. As with
 * the built-in store, only a confirmed address is taken: several unconfirmed accounts may name one address, and the
 * first to confirm it holds it (firebase-addresses.server.ts). Nothing stays half-registered: a user whose details could not
 * be saved, or whom Firebase created after the visitor's deadline, is deleted again.
 */

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Firebase's answers to createUser the visitor is told: "someone already has this" (which), and its refusals of what
 * the form let through (its rules are stricter in places).
 */
const registrationRefusals: Record<string, StudentRefusal> = {
  "auth/uid-already-exists": { code: "collegeIdTaken" },
  "auth/invalid-uid": { code: "collegeIdInvalid" },
  "auth/invalid-email": { code: "emailInvalid" },
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
    account: { uid: string; collegeId: string; email: string; firebaseEmail: string; name: string },
    deadline: ReturnType<typeof startDeadline>,
    locale?: Locale,
  ) => Promise<LinkSent>;
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
    const email = registration.email.trim();
    // Only a confirmed address (or one the council gave an account in the console) is another account's.
    try {
      if (await addressTaken(auth, profiles, email, await profiles.uidsWithAddress(email), deadline)) {
        return { ok: false, reason: "rejected", refusal: { code: "emailTaken" } };
      }
    } catch (error) {
      // An address Firebase would not take: said now, as it could never be moved onto the user once confirmed.
      const refusal = ownValue(registrationRefusals, firebaseCode(error) ?? "");
      if (refusal) return { ok: false, reason: "rejected", refusal };
      logFirebaseFailure("look up who holds an address", error);
      return unavailable;
    }

    const firebaseEmail = unconfirmedPlaceholder();
    const creation = auth.createUser({
      uid,
      email: firebaseEmail,
      password,
      displayName: registration.username.trim(),
      // No phone number: Firebase would keep it unique, letting a squatter block its owner's registration and telling
      // anyone which numbers are registered. It is kept in the profile below, as the built-in store keeps it.
    });
    let created: UserRecord;
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
      const refusal = ownValue(registrationRefusals, firebaseCode(error) ?? "");
      if (refusal) return { ok: false, reason: "rejected", refusal };
      logFirebaseFailure("register an account", error);
      return unavailable;
    }

    try {
      await profiles.saveProfile(
        { uid, createdAt: created.metadata.creationTime },
        {
          email,
          college: registration.college,
          branch: registration.branch,
          dob: registration.dob.trim(),
          gender: registration.gender,
          phone: registration.phone,
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
      { uid, collegeId: uid, email, firebaseEmail, name: registration.username.trim() },
      deadline,
      locale,
    );
    return { ok: true };
  }

  return { registerAccount };
}
