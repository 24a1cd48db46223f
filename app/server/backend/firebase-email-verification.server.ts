import type { UserRecord } from "firebase-admin/auth";
import type { Locale } from "~/i18n/locale";
import type { MailQueue } from "./built-in/mail-queue.server";
import type { ProfileStore } from "./built-in/profiles.server";
import { profileAccountKey } from "./built-in/profile-keys.server";
import type {
  BackendCredentials,
  Confirmation,
  EmailVerification,
  LinkCheck,
  Outcome,
  TokenState,
} from "./council-backend.server";
import {
  callIdentityToolkit,
  type FirebaseAuth,
  firebaseCode,
  type IdentityToolkit,
  logFirebaseFailure,
  startDeadline,
  unexpectedAnswer,
} from "./firebase-auth.server";
import type { FirebaseAccountState } from "./firebase-identity.server";
import { addressTaken, isPlaceholder, releaseAddress } from "./firebase-addresses.server";

/**
 * Proving a Firebase account's e-mail with Firebase's own flag (`emailVerified` on the user record), through the
 * site's own link and page. firebase-admin makes the action code (`generateEmailVerificationLink`); the e-mail
 * carries only its code, in a link to the site's /verify-email, never Firebase's hosted page, which verifies as soon
 * as the link is opened (and mail scanners open links first). The page reads the code without using it (REST
 * `accounts:resetPassword` with the code alone, as the browser SDK's checkActionCode does), and its Confirm button
 * applies it (REST `accounts:update` with the code, as applyActionCode does).
 *
 * The code names the address the Firebase user holds (a placeholder for the typed address, firebase-addresses.server.ts),
 * so the account it is for is the user holding that address now: Confirm applies it only for the signed-in holder of
 * that user (the same rule as the built-in store's), and only while no other account has confirmed the typed address
 * ("taken"), checked under the address's lock. "This was not me" releases the address from that user.
 *
 * Firebase forgets a code once it is used and does not say whether an unknown code was used, mistyped or replaced,
 * so such a link is `unknown`, except when this very confirmation saw the code live a moment before (a second press
 * of the button: `used`). How long a code lives is Firebase's choice, not the site's 24 hours.
 */

type Deadline = ReturnType<typeof startDeadline>;

/**
 * An account to send a link to: the address it typed (`email`) and the one its Firebase user holds (`firebaseEmail`,
 * a placeholder until confirmed), which Firebase's code names. The College ID and name tell the recipient which
 * account it is.
 */
interface Addressee {
  uid: string;
  collegeId: string;
  email: string;
  firebaseEmail: string;
  name: string | undefined;
}

/** Whether a link went into the outbox, was held back by a cap on its recipient, or could not be made now. */
export type LinkSent = "queued" | "held" | "failed";

export function firebaseEmailVerification(options: {
  auth: FirebaseAuth;
  toolkit: IdentityToolkit;
  /** Unset: e-mail is off, and no link is sent (the flag still counts, e.g. set by the council in the console). */
  mail: MailQueue | undefined;
  profiles: Pick<ProfileStore, "profileOf" | "withProfiles" | "underAddressLock">;
  timeoutMs: number;
  accountOf: (credentials: BackendCredentials) => Promise<FirebaseAccountState>;
  /** The account's key, as the signed-in holder's session carries it (never reused: the store's account_keys). */
  accountKeyOf: (user: UserRecord) => Promise<string>;
}): {
  emailVerification: EmailVerification;
  /** Queues a new link to the account's address within `deadline`; false (logged) when it could not. */
  sendVerificationMail: (account: Addressee, deadline: Deadline, locale?: Locale) => Promise<LinkSent>;
} {
  const { auth, toolkit, mail, profiles, timeoutMs, accountOf, accountKeyOf } = options;

  async function sendVerificationMail(
    account: Addressee,
    deadline: Deadline,
    locale: Locale = "en",
  ): Promise<LinkSent> {
    if (!mail) return "failed";
    try {
      const link = await deadline.race(
        "generateEmailVerificationLink",
        auth.generateEmailVerificationLink(account.firebaseEmail),
      );
      const code = new URL(link).searchParams.get("oobCode");
      if (!code) throw new Error("generateEmailVerificationLink answered a link without an oobCode");
      const queued = await mail.queue({
        // Firebase's code, which Firebase times; the e-mail greets an account without a name as the writer says.
        event: {
          kind: "verify-email",
          name: account.name ?? "",
          collegeId: account.collegeId,
          token: code,
          builtIn: false,
          locale,
        },
        to: account.email,
        accountKey: profileAccountKey(account.uid),
        secret: true,
      });
      return queued ? "queued" : "held";
    } catch (error) {
      logFirebaseFailure("queue a verification link", error);
      return "failed";
    }
  }

  /**
   * What the code is now, without using it, and the user holding its address while it is live; a failure to find out
   * rejects.
   */
  async function codeState(code: string, deadline: Deadline): Promise<{ state: TokenState; holder?: UserRecord }> {
    const answer = await callIdentityToolkit(toolkit, "resetPassword", { oobCode: code }, deadline);
    if (!answer.ok) {
      if (answer.status === 400 && answer.code === "EXPIRED_OOB_CODE") return { state: "expired" };
      if (answer.status === 400 && answer.code === "INVALID_OOB_CODE") return { state: "unknown" };
      throw unexpectedAnswer("resetPassword", answer);
    }
    const { requestType, email } = answer.body;
    // A code for something else (a password reset) is no verification link.
    if (requestType !== "VERIFY_EMAIL" || typeof email !== "string") return { state: "unknown" };
    let holder: UserRecord;
    try {
      holder = await deadline.race("getUserByEmail", auth.getUserByEmail(email));
    } catch (error) {
      // The account was erased since the link was sent, or its address released.
      if (firebaseCode(error) === "auth/user-not-found") return { state: "unknown" };
      throw error;
    }
    // Already proven (by an earlier link): this one has nothing left to do.
    return holder.emailVerified ? { state: "used" } : { state: "valid", holder };
  }

  const emailVerification: EmailVerification = {
    sendsLinks: mail !== undefined,
    async sendLink(credentials, locale) {
      const state = await accountOf(credentials);
      if (state.status === "signed-out") return { ok: false, reason: "rejected", refusal: { code: "notSignedIn" } };
      if (state.status !== "signed-in") return { ok: false, reason: "unavailable" };
      if (state.emailVerified) return { ok: false, reason: "rejected", refusal: { code: "emailAlreadyConfirmed" } };
      if (state.emailReleased) return { ok: false, reason: "rejected", refusal: { code: "emailDisowned" } };
      if (!mail) return { ok: false, reason: "rejected", refusal: { code: "mailOff" } };
      const { email, username } = state.user;
      // Accounts the council made in Firebase may have no address; the site's own registration always gives one.
      if (!email || !state.firebaseEmail)
        return { ok: false, reason: "rejected", refusal: { code: "noEmailToConfirm" } };
      const sent = await sendVerificationMail(
        { uid: state.uid, collegeId: state.uid, email, firebaseEmail: state.firebaseEmail, name: username },
        startDeadline(timeoutMs),
        locale,
      );
      // Held back by the cap on the address: said as the built-in store says it; the link sent before still works.
      if (sent === "held") return { ok: false, reason: "rejected", refusal: { code: "linksToday" } };
      return sent === "queued" ? { ok: true } : { ok: false, reason: "unavailable" };
    },

    async check(token): Promise<Outcome<LinkCheck>> {
      try {
        const { state, holder } = await codeState(token, startDeadline(timeoutMs));
        if (!holder) return { ok: true, value: { state } };
        const account = {
          accountKey: await accountKeyOf(holder),
          collegeId: holder.uid,
          name: holder.displayName ?? "",
        };
        return { ok: true, value: { state, account } };
      } catch (error) {
        logFirebaseFailure("check a verification link", error);
        return { ok: false, reason: "unavailable" };
      }
    },

    async confirm(token, accountKey): Promise<Outcome<Confirmation>> {
      const deadline = startDeadline(timeoutMs);
      try {
        const { state, holder } = await codeState(token, deadline);
        if (state !== "valid" || !holder) return { ok: true, value: state === "valid" ? "unknown" : state };
        // Holding the inbox proves the address, not the account: only the account's holder may link the two.
        if ((await accountKeyOf(holder)) !== accountKey) return { ok: true, value: "wrongAccount" };
        // The address being proven: the typed one behind a placeholder.
        const address = isPlaceholder(holder.email)
          ? (await profiles.withProfiles([holder.uid])).get(holder.uid)?.email
          : holder.email;
        if (!address) return { ok: true, value: "unknown" };
        // One confirmed account per address: checked and applied under the address's lock, as the built-in store does.
        const value = await profiles.underAddressLock(address, async (namedBy): Promise<Confirmation> => {
          if (await addressTaken(auth, profiles, address, namedBy, deadline, holder.uid)) return "taken";
          const answer = await callIdentityToolkit(toolkit, "update", { oobCode: token }, deadline);
          if (answer.ok) return "confirmed";
          if (answer.status === 400 && answer.code === "EXPIRED_OOB_CODE") return "expired";
          // Live a moment ago, gone now: a second press of the button used it in between.
          if (answer.status === 400 && answer.code === "INVALID_OOB_CODE") return "used";
          throw unexpectedAnswer("update", answer);
        });
        return { ok: true, value };
      } catch (error) {
        logFirebaseFailure("confirm an e-mail address", error);
        return { ok: false, reason: "unavailable" };
      }
    },

    async disown(token): Promise<Outcome<"disowned" | Exclude<TokenState, "valid">>> {
      const deadline = startDeadline(timeoutMs);
      try {
        const { state, holder } = await codeState(token, deadline);
        if (state !== "valid" || !holder) return { ok: true, value: state === "valid" ? "unknown" : state };
        // The code dies with it: it names an address no user holds any more.
        await releaseAddress(auth, holder.uid, deadline);
        return { ok: true, value: "disowned" };
      } catch (error) {
        logFirebaseFailure("disown an e-mail address", error);
        return { ok: false, reason: "unavailable" };
      }
    },
  };

  return { emailVerification, sendVerificationMail };
}
