import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { hashPassword, passwordFromDateOfBirth, verifyPassword } from "../../passwords.server";
import type {
  AccountRecord,
  AccountRegistration,
  IdentityProvider,
  Outcome,
  SignedInState,
  StudentKey,
} from "../council-backend.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import { recordErasure } from "./students.server";

/** Accounts of the built-in identity: registration, sign-in with the date of birth, sessions, sign-out. */

const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The account a live session token belongs to (no row for an unknown or expired token). */
const bySession = (trx: Db, token: string) =>
  trx
    .selectFrom("sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .where("s.token_hash", "=", hashToken(token))
    .where("s.expires_at", ">", Date.now());

/** College IDs are matched ignoring letter case, the same way on both engines. */
export const sameEnrollment = (enrollment: string) =>
  sql<boolean>`lower(enrollment) = ${enrollment.trim().toLowerCase()}`;

export function createAccounts(
  store: StoreDatabase,
): Required<
  Pick<IdentityProvider, "registerAccount" | "logIn" | "whoIsSignedIn" | "logOut" | "accountRecord" | "eraseAccount">
> {
  // Checked against when the College ID is unknown, so a wrong ID costs the same time as a wrong password.
  let decoyHash: Promise<string> | undefined;

  return {
    registerAccount(registration: AccountRegistration) {
      return guarded<Outcome>("register an account", async () => {
        const password = passwordFromDateOfBirth(registration.dob);
        if (!password) throw new Rejection("Date of birth must be a valid date.");
        const passwordHash = await hashPassword(password);
        try {
          await store.write((trx) =>
            trx
              .insertInto("accounts")
              .values({
                enrollment: registration.enrollment.trim(),
                username: registration.username,
                email: registration.email.trim(),
                phone: registration.phone,
                college: registration.college,
                branch: registration.branch,
                dob: registration.dob.trim(),
                gender: registration.gender,
                password_hash: passwordHash,
                id_card_type: registration.idCard.mediaType,
                id_card: Buffer.from(registration.idCard.bytes),
                created_at: now(),
              })
              .execute(),
          );
        } catch (error) {
          if (store.isUniqueViolation(error))
            throw new Rejection("An account with this Enrollment Number already exists.");
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
                "c.account_id as councilRole",
              ])
              .executeTakeFirst(),
          );
          if (!row) return { status: "signed-out" };
          // The role is read with the session on every request: a revoke counts at the member's next page view.
          const { collegeId, councilRole, ...user } = row;
          return { status: "signed-in", user, collegeId, councilMember: councilRole !== null };
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
            ])
            .executeTakeFirst(),
        );
        if (!row) return { ok: false, reason: "rejected", message: "You are not signed in." };
        const { enrollment, created_at, id_card_type, id_card, id_card_deleted_at, ...details } = row;
        return {
          ok: true,
          value: {
            collegeId: enrollment,
            details,
            createdAt: created_at,
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
          const account = await bySession(trx, token).select(["a.id", "a.enrollment", "a.email"]).executeTakeFirst();
          if (!account) return undefined;
          // Its sessions (signed out everywhere) and its council role go with it (ON DELETE CASCADE).
          await trx.deleteFrom("accounts").where("id", "=", account.id).execute();
          await recordErasure(trx, {
            section: "accounts",
            entry_id: null,
            what: "account",
            reason: "student-request",
          });
          return { enrollment: account.enrollment, email: account.email };
        });
        if (!erased) return { ok: false, reason: "rejected", message: "You are not signed in." };
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
