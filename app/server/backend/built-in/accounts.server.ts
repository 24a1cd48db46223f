import { createHash, randomBytes } from "node:crypto";
import type { Locale } from "~/i18n/locale";
import { sql } from "kysely";
import { collegeIdKey } from "../../accounts/college-id.server";
import { hashPassword, passwordFromDateOfBirth, verifyPassword } from "../../accounts/passwords.server";
import type {
  AccountRecord,
  AccountRegistration,
  Confirmation,
  EmailVerification,
  IdentityProvider,
  LinkCheck,
  Outcome,
  SignedInState,
  StudentKey,
  TokenState,
} from "../council-backend.server";
import { unverifiedAccountDays, verificationLinkHours } from "./mail-events.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import { queueEvent } from "./outbox.server";
import type { StoreMail } from "./store.server";
import { collegeIdReservation } from "./college-id-reservations.server";
import { recordErasure } from "./student-records.server";
import { storedLocale } from "./tables.server";

/**
 * Accounts of the built-in identity: registration (with the verification e-mail, queued in the same transaction),
 * sign-in with the date of birth, sessions, sign-out, and proving the e-mail address (docs/decisions/0017).
 */

const dayMs = 24 * 60 * 60 * 1000;
const sessionLifetimeMs = 7 * dayMs;
const verificationLinkMs = verificationLinkHours * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The account a live session token belongs to (no row for an unknown or expired token). */
const bySession = (trx: Db, token: string) =>
  trx
    .selectFrom("sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .where("s.token_hash", "=", hashToken(token))
    .where("s.expires_at", ">", Date.now());

/**
 * College IDs are matched by their key (collegeIdKey: NFKC and case folding, the login lockout's key), kept beside
 * each account, the same way on both engines. Rows from before whose College ID is not printable ASCII have no key
 * and are found as before, ignoring ASCII letter case.
 */
export const sameEnrollment = (enrollment: string) =>
  sql<boolean>`(enrollment_key = ${collegeIdKey(enrollment)} OR (enrollment_key IS NULL AND lower(enrollment) = ${enrollment.trim().toLowerCase()}))`;

/**
 * Inside a write transaction: a new single-use verification link for the account, its hash stored, and the e-mail
 * that carries it queued. Earlier unused links of the account stop working: only the newest one counts.
 */
async function queueVerification(
  trx: Db,
  mail: StoreMail,
  account: { id: number; uid: string; username: string; email: string; enrollment: string },
  locale: Locale,
): Promise<boolean> {
  const token = randomBytes(32).toString("base64url");
  await trx.deleteFrom("email_tokens").where("account_id", "=", account.id).where("used_at", "is", null).execute();
  await trx
    .insertInto("email_tokens")
    .values({
      token_hash: hashToken(token),
      account_id: account.id,
      purpose: "verify-email",
      email: account.email,
      created_at: now(),
      expires_at: Date.now() + verificationLinkMs,
      used_at: null,
    })
    .execute();
  // False when the cap of links to the address holds it back (the new link then goes nowhere).
  return queueEvent(trx, mail, {
    event: {
      kind: "verify-email",
      name: account.username,
      collegeId: account.enrollment,
      token,
      builtIn: true,
      locale,
    },
    to: account.email,
    accountKey: account.uid,
    secret: true,
  });
}

const sameEmail = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

export function createAccounts(
  store: StoreDatabase,
  mail: StoreMail | undefined,
): Required<
  Pick<
    IdentityProvider,
    "registerAccount" | "logIn" | "whoIsSignedIn" | "logOut" | "accountRecord" | "eraseAccount" | "emailVerification"
  >
> {
  // Checked against when the College ID is unknown, so a wrong ID costs the same time as a wrong password.
  let decoyHash: Promise<string> | undefined;

  /** A token's row with its account, and what the token is now. */
  async function tokenState(trx: Db, token: string) {
    const row = await trx
      .selectFrom("email_tokens as t")
      .innerJoin("accounts as a", "a.id", "t.account_id")
      .select([
        "t.id",
        "t.account_id",
        "t.email as tokenEmail",
        "t.expires_at",
        "t.used_at",
        "a.email",
        "a.uid",
        "a.enrollment",
        "a.username",
        "a.email_verified_at",
        "a.email_disowned_at",
      ])
      .where("t.token_hash", "=", hashToken(token))
      .where("t.purpose", "=", "verify-email")
      .executeTakeFirst();
    const state: TokenState = !row
      ? "unknown"
      : row.used_at
        ? "used"
        : row.tokenEmail.toLowerCase() !== row.email.toLowerCase() || row.email_disowned_at
          ? "unknown"
          : Number(row.expires_at) <= Date.now()
            ? "expired"
            : "valid";
    return { row, state };
  }

  const emailVerification: EmailVerification = {
    sendsLinks: mail !== undefined,
    sendLink(token: string, locale: Locale = "en") {
      return guarded<Outcome>("send a verification link", async () => {
        await store.write(async (trx) => {
          const account = await bySession(trx, token)
            .select([
              "a.id",
              "a.uid",
              "a.username",
              "a.email",
              "a.enrollment",
              "a.email_verified_at",
              "a.email_disowned_at",
            ])
            .executeTakeFirst();
          if (!account) throw new Rejection({ code: "notSignedIn" });
          if (account.email_verified_at) throw new Rejection({ code: "emailAlreadyConfirmed" });
          if (account.email_disowned_at) throw new Rejection({ code: "emailDisowned" });
          if (!mail) throw new Rejection({ code: "mailOff" });
          // Held back by the cap: the transaction rolls back, so the link sent before still works.
          if (!(await queueVerification(trx, mail, account, locale))) throw new Rejection({ code: "linksToday" });
        });
        return { ok: true };
      });
    },

    check(token: string) {
      return guarded<Outcome<LinkCheck>>("check a verification link", async () => {
        const { row, state } = await store.read((trx) => tokenState(trx, token));
        if (!row || state !== "valid") return { ok: true, value: { state } };
        return {
          ok: true,
          value: { state, account: { accountKey: row.uid, collegeId: row.enrollment, name: row.username } },
        };
      });
    },

    confirm(token: string, accountKey: string) {
      return guarded<Outcome<Confirmation>>("confirm an e-mail address", async () => {
        const value = await store.write(async (trx): Promise<Confirmation> => {
          const { row, state } = await tokenState(trx, token);
          if (!row || state !== "valid") return state as Exclude<TokenState, "valid">;
          // Holding the inbox proves the address, not the account: only the account's holder may link the two. The
          // link stays live for them.
          if (row.uid !== accountKey) return "wrongAccount";
          await store.lock(trx, `account-email:${row.email.toLowerCase()}`);
          await trx.updateTable("email_tokens").set({ used_at: now() }).where("id", "=", row.id).execute();
          const other = await trx
            .selectFrom("accounts")
            .select("id")
            .where(sameEmail(row.email))
            .where("id", "!=", row.account_id)
            .where("email_verified_at", "is not", null)
            .executeTakeFirst();
          if (other) return "taken";
          await trx
            .updateTable("accounts")
            .set({ email_verified_at: now() })
            .where("id", "=", row.account_id)
            .where("email_verified_at", "is", null)
            .execute();
          return "confirmed";
        });
        return { ok: true, value };
      });
    },

    disown(token: string) {
      type Disowned = "disowned" | Exclude<TokenState, "valid">;
      return guarded<Outcome<Disowned>>("disown an e-mail address", async () => {
        const value = await store.write(async (trx): Promise<Disowned> => {
          const { row, state } = await tokenState(trx, token);
          if (!row || state !== "valid") return state as Exclude<TokenState, "valid">;
          if (row.email_verified_at) return "used";
          // The account keeps its row until retention removes it at its deadline; what goes is its claim to the
          // address: every link of it ends, and "Send the link again" refuses.
          await trx
            .updateTable("email_tokens")
            .set({ used_at: now() })
            .where("account_id", "=", row.account_id)
            .where("used_at", "is", null)
            .execute();
          await trx
            .updateTable("accounts")
            .set({ email_disowned_at: now() })
            .where("id", "=", row.account_id)
            .where("email_verified_at", "is", null)
            .execute();
          return "disowned";
        });
        return { ok: true, value };
      });
    },
  };

  return {
    emailVerification,

    registerAccount(registration: AccountRegistration, locale: Locale = "en") {
      return guarded<Outcome>("register an account", async () => {
        const password = passwordFromDateOfBirth(registration.dob);
        if (!password) throw new Rejection({ code: "invalidDateOfBirth" });
        const passwordHash = await hashPassword(password);
        const email = registration.email.trim();
        const uid = randomBytes(16).toString("hex");
        try {
          await store.write(async (trx) => {
            // One confirmed account per address, ignoring letter case: the lock makes a registration and a confirmation
            // of the same address on two replicas check one after the other (SQLite's write lock already does).
            await store.lock(trx, `account-email:${email.toLowerCase()}`);
            // Only a confirmed address is taken: an account that never proved it (perhaps a squatter's) blocks nobody,
            // and the partial unique index on confirmed addresses keeps two accounts from confirming one.
            const taken = await trx
              .selectFrom("accounts")
              .select("id")
              .where(sameEmail(email))
              .where("email_verified_at", "is not", null)
              .executeTakeFirst();
            if (taken) throw new Rejection({ code: "emailTaken" });
            // A College ID the council found to be a claimant's is theirs for a while: one council member upholding
            // the claim at this moment makes this registration wait, then see the reservation.
            await store.lock(trx, `college-id:${collegeIdKey(registration.enrollment)}`);
            if ((await collegeIdReservation(trx, registration.enrollment, email)) === "reserved")
              throw new Rejection({ code: "collegeIdReserved" });
            const { id } = await trx
              .insertInto("accounts")
              .values({
                uid,
                enrollment: registration.enrollment.trim(),
                enrollment_key: collegeIdKey(registration.enrollment),
                username: registration.username,
                email,
                phone: registration.phone,
                college: registration.college,
                branch: registration.branch,
                dob: registration.dob.trim(),
                gender: registration.gender,
                password_hash: passwordHash,
                id_card_type: registration.idCard.mediaType,
                id_card: Buffer.from(registration.idCard.bytes),
                created_at: now(),
                id_card_deleted_at: null,
                email_verified_at: null,
                verify_by: mail ? new Date(Date.now() + unverifiedAccountDays * dayMs).toISOString() : null,
                college_id_checked_at: null,
                college_id_checked_by: null,
                locale: storedLocale(locale),
              })
              .returning("id")
              .executeTakeFirstOrThrow();
            if (mail) {
              const enrollment = registration.enrollment.trim();
              await queueVerification(
                trx,
                mail,
                { id, uid, username: registration.username, email, enrollment },
                locale,
              );
            }
          });
        } catch (error) {
          if (store.isUniqueViolation(error)) throw new Rejection({ code: "collegeIdTaken" });
          throw error;
        }
        return { ok: true };
      });
    },

    logIn(collegeId: string, password: string) {
      return guarded<Outcome<string>>("log in", async () => {
        const account = await store.read((trx) =>
          trx
            .selectFrom("accounts")
            .select(["id", "password_hash"])
            .where(sameEnrollment(collegeId))
            .executeTakeFirst(),
        );
        const storedHash =
          account?.password_hash ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString("hex"))));
        const passwordMatches = await verifyPassword(password, storedHash);
        // No message: the route shows the specified "Invalid College ID or Password." for both cases alike.
        if (!account || !passwordMatches) return { ok: false, reason: "rejected" };
        const token = randomBytes(32).toString("base64url");
        const at = Date.now();
        await store.write(async (trx) => {
          // Old sessions are swept here rather than by a timer: logins are rare, and expired rows sign nobody in.
          await trx.deleteFrom("sessions").where("expires_at", "<=", at).execute();
          await trx
            .insertInto("sessions")
            .values({
              token_hash: hashToken(token),
              account_id: account.id,
              created_at: new Date(at).toISOString(),
              expires_at: at + sessionLifetimeMs,
            })
            .execute();
        });
        return { ok: true, value: token };
      });
    },

    whoIsSignedIn(token: string) {
      return guarded<SignedInState>(
        "look up a session",
        async () => {
          if (!token) return { status: "signed-out" };
          const row = await store.read((trx) =>
            bySession(trx, token)
              .leftJoin("council_members as c", "c.account_id", "a.id")
              .select([
                "a.username",
                "a.branch",
                "a.college",
                "a.email",
                "a.phone",
                "a.dob",
                "a.gender",
                "a.enrollment as collegeId",
                "a.uid",
                "a.email_verified_at",
                "c.account_id as councilRole",
              ])
              .executeTakeFirst(),
          );
          if (!row) return { status: "signed-out" };
          // The role is read with the session on every request: a revoke counts at the member's next page view.
          const { collegeId, councilRole, uid, email_verified_at, ...user } = row;
          return {
            status: "signed-in",
            user,
            collegeId,
            councilMember: councilRole !== null,
            accountKey: uid,
            emailVerified: email_verified_at !== null,
          };
        },
        { status: "unavailable" },
      );
    },

    accountRecord(token: string) {
      return guarded<Outcome<AccountRecord>>("read an account", async () => {
        const row = await store.read((trx) =>
          bySession(trx, token)
            .select([
              "a.enrollment",
              "a.username",
              "a.email",
              "a.phone",
              "a.college",
              "a.branch",
              "a.dob",
              "a.gender",
              "a.created_at",
              "a.id_card_type",
              "a.id_card",
              "a.id_card_deleted_at",
              "a.uid",
              "a.email_verified_at",
              "a.college_id_checked_at",
            ])
            .executeTakeFirst(),
        );
        if (!row) return { ok: false, reason: "rejected", refusal: { code: "notSignedIn" } };
        const {
          enrollment,
          created_at,
          id_card_type,
          id_card,
          id_card_deleted_at,
          uid,
          email_verified_at,
          college_id_checked_at,
          ...details
        } = row;
        return {
          ok: true,
          value: {
            collegeId: enrollment,
            details,
            createdAt: created_at,
            accountKey: uid,
            emailVerified: email_verified_at !== null,
            collegeIdChecked: college_id_checked_at !== null,
            idCard: id_card_deleted_at
              ? { deletedAt: id_card_deleted_at }
              : { mediaType: id_card_type, bytes: new Uint8Array(id_card), sentAt: created_at },
          },
        };
      });
    },

    eraseAccount(token: string) {
      return guarded<Outcome<StudentKey>>("erase an account", async () => {
        const erased = await store.write(async (trx) => {
          const account = await bySession(trx, token)
            .select(["a.id", "a.enrollment", "a.email", "a.uid"])
            .executeTakeFirst();
          if (!account) return undefined;
          // Its sessions (signed out everywhere), links and council role go with it (ON DELETE CASCADE); the e-mails
          // about it, queued or sent, go too.
          await trx.deleteFrom("accounts").where("id", "=", account.id).execute();
          await trx.deleteFrom("outbox").where("account_key", "=", account.uid).execute();
          await recordErasure(trx, {
            section: "accounts",
            entry_id: null,
            what: "account",
            reason: "student-request",
          });
          return { enrollment: account.enrollment, email: account.email };
        });
        if (!erased) return { ok: false, reason: "rejected", refusal: { code: "notSignedIn" } };
        await store.afterErasure();
        return { ok: true, value: erased };
      });
    },

    logOut(token: string) {
      return guarded<Outcome>("log out", async () => {
        await store.write((trx) => trx.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute());
        return { ok: true };
      });
    },
  };
}
