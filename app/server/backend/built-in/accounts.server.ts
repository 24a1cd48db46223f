import { randomBytes } from "node:crypto";
import type { Locale } from "~/i18n/locale";
import { collegeIdKey } from "../../accounts/college-id.server";
import { hashPassword, passwordFromDateOfBirth, verifyPassword } from "../../accounts/passwords.server";
import type {
  AccountRecord,
  AccountRegistration,
  IdentityProvider,
  Outcome,
  SignedInState,
  StudentKey,
} from "../council-backend.server";
import { bySession, hashToken, removeAccountRow, sameEmail, sameEnrollment } from "./account-rows.server";
import { unverifiedAccountDays } from "./mail-events.server";
import type { StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import type { StoreMail } from "./store.server";
import { collegeIdReservation } from "./college-id-reservations.server";
import { storedLocale } from "./tables.server";
import { createVerificationLinks, queueVerification } from "./verification-links.server";

/**
 * Accounts of the built-in identity: registration (with the verification e-mail, queued in the same transaction),
 * sign-in with the date of birth, sessions, sign-out, the account's own data and its erasure (docs/decisions/0017);
 * proving the address is verification-links.server.ts.
 */

const dayMs = 24 * 60 * 60 * 1000;
const sessionLifetimeMs = 7 * dayMs;

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

  const emailVerification = createVerificationLinks(store, mail);

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
          // Signed out everywhere: its sessions go with the row.
          await removeAccountRow(trx, account, { reason: "student-request" });
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
