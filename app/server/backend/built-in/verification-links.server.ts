import { randomBytes } from "node:crypto";
import type { Locale } from "~/i18n/locale";
import type { Confirmation, EmailVerification, LinkCheck, Outcome, TokenState } from "../council-backend.server";
import { bySession, hashToken, sameEmail } from "./account-rows.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import { verificationLinkHours } from "./mail-events.server";
import { queueEvent } from "./mail-queue.server";
import type { StoreMail } from "./store.server";

/**
 * The links that prove a built-in account's e-mail address (docs/decisions/0017): sent again on request, checked
 * when opened, confirmed by the account's holder, or disowned by whoever holds the inbox but never asked for it.
 */

const verificationLinkMs = verificationLinkHours * 60 * 60 * 1000;

/**
 * Inside a write transaction: a new single-use verification link for the account, its hash stored, and the e-mail
 * that carries it queued. Earlier unused links of the account stop working: only the newest one counts.
 */
export async function queueVerification(
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

export function createVerificationLinks(store: StoreDatabase, mail: StoreMail | undefined): EmailVerification {
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

  return {
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
}
