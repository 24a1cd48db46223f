import { sql } from "kysely";
import type { AccountChecks } from "../account-checks.server";
import type { Outcome } from "../council-backend.server";
import { removeAccountRow, sameEnrollment } from "./account-rows.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import { accountsAwaitingCheck, openClaims } from "./store-check-lists.server";
import { type ClaimHolders, councilChecks, holdForClaimant, keepClaim, tellIn } from "./college-id-claims.server";
import type { StoreMail } from "./store.server";
import { removeAccountFromTeams } from "./student-records.server";
import { rowLocale } from "./tables.server";

/**
 * The council's checks of built-in accounts (docs/decisions/0017): a member compares an account's College ID with the
 * ID card it was registered with and confirms it (only then does the College ID link entries to the account) or
 * rejects the account; and "This College ID is mine", where a student whose College ID already has an account sends
 * their own ID card and the council decides whose it is. Every change and the e-mails it causes are one transaction.
 *
 * Accounts are named by their key (`uid`), never by their row id: SQLite gives a removed account's id to the next
 * registration, and a page opened before the removal must not confirm or reject someone its member never saw.
 */

export function createAccountChecks(store: StoreDatabase, mail: StoreMail | undefined): AccountChecks {
  const tell = tellIn(mail);

  /**
   * Inside a write transaction: removes an account as a council decision. Its sessions, links and council role go
   * with it (ON DELETE CASCADE), the e-mails queued about it too; its teams as every removal treats them; the erasure
   * is recorded without its data.
   */
  async function removeAccount(
    trx: Db,
    account: { id: number; uid: string; email: string; email_verified_at: string | null },
    by: string,
  ) {
    await removeAccountFromTeams(
      trx,
      mail,
      { accountKey: account.uid, verifiedEmail: account.email_verified_at ? account.email : undefined },
      { reason: "council-request", by },
    );
    await removeAccountRow(trx, account, { reason: "council-request", by });
  }

  const accountByKey = (trx: Db, accountKey: string) =>
    trx
      .selectFrom("accounts")
      .select([
        "id",
        "uid",
        "username",
        "enrollment",
        "email",
        "email_verified_at",
        "college_id_checked_at",
        "id_card_deleted_at",
        "locale",
      ])
      .where("uid", "=", accountKey)
      .executeTakeFirst();
  type StoreAccount = NonNullable<Awaited<ReturnType<typeof accountByKey>>>;

  /**
   * Inside a write transaction: the account holding a College ID, read again once no other check of it is under way,
   * so an account another member removed a moment ago is not removed (and its student told) twice.
   */
  async function holderOf(trx: Db, enrollment: string) {
    const found = await trx.selectFrom("accounts").select("uid").where(sameEnrollment(enrollment)).executeTakeFirst();
    if (!found) return undefined;
    await store.lock(trx, `account-check:${found.uid}`);
    return accountByKey(trx, found.uid);
  }

  const claimHolders: ClaimHolders<StoreAccount> = {
    holderOf: (trx, claim) => holderOf(trx, claim.enrollment),
    collegeIdOf: (holder) => holder.enrollment,
    async uphold(trx, claim, holder, by) {
      await holdForClaimant(store, trx, claim);
      if (!holder) return { told: true, erased: false };
      await removeAccount(trx, holder, by);
      const told = await tell(trx, holder.email, {
        kind: "account-claimed",
        name: holder.username,
        collegeId: holder.enrollment,
        locale: rowLocale(holder.locale),
      });
      return { removedAccount: holder.username, told, erased: true };
    },
  };

  return {
    awaiting: (query) => accountsAwaitingCheck(store, query),
    openClaims: (limit) => openClaims(store, limit),

    ...councilChecks(store, tell, {
      accounts: {
        async toCheck(trx, accountKey) {
          const account = await accountByKey(trx, accountKey);
          return (
            account && {
              account,
              name: account.username,
              collegeId: account.enrollment,
              checked: account.college_id_checked_at !== null,
              idCardDeleted: account.id_card_deleted_at !== null,
              email: account.email,
              // In the language of the page the student registered on.
              locale: rowLocale(account.locale),
            }
          );
        },
        idCard: (trx, accountKey) =>
          trx
            .selectFrom("accounts")
            .select(["id_card_type", "id_card", "id_card_deleted_at"])
            .where("uid", "=", accountKey)
            .executeTakeFirst(),
        async confirm(trx, account, by) {
          await trx
            .updateTable("accounts")
            .set({ college_id_checked_at: now(), college_id_checked_by: by })
            .where("id", "=", account.id)
            .execute();
        },
        remove: removeAccount,
      },
      holders: claimHolders,
    }),

    submitClaim(claim, locale = "en") {
      return guarded<Outcome>("keep a College ID claim", async () => {
        const enrollment = claim.enrollment.trim();
        const email = claim.email.trim();
        await store.write(async (trx) => {
          // One open claim per College ID and address: a second press of Send adds nothing.
          await store.lock(trx, `college-id-claim:${enrollment.toLowerCase()}`);
          const holder = await trx
            .selectFrom("accounts")
            .select("id")
            .where(sameEnrollment(enrollment))
            .executeTakeFirst();
          if (!holder) throw new Rejection({ code: "noAccountToClaim" });
          const pending = await trx
            .selectFrom("college_id_claims")
            .select("id")
            .where(sql<boolean>`lower(enrollment) = ${enrollment.toLowerCase()}`)
            .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
            .where("resolved_at", "is", null)
            .executeTakeFirst();
          if (pending) throw new Rejection({ code: "claimPending" });
          await keepClaim(trx, { ...claim, enrollment, email }, locale);
          await tell(trx, email, { kind: "college-id-claim", name: claim.username, collegeId: enrollment, locale });
        });
        return { ok: true };
      });
    },
  };
}
