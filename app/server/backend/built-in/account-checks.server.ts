import { sql } from "kysely";
import type { Locale } from "~/i18n/locale";
import { collegeIdKey } from "../../accounts/college-id.server";
import type { Outcome } from "../council-backend.server";
import { removeAccountRow, sameEnrollment } from "./account-rows.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import type { StoreMail } from "./store.server";
import type { StoreEvent } from "./mail-events.server";
import { queueEvent } from "./outbox.server";
import { reserveCollegeId } from "./college-id-reservations.server";
import { removeAccountFromTeams } from "./student-records.server";
import { rowLocale, storedLocale } from "./tables.server";

/**
 * The council's checks of built-in accounts (docs/decisions/0017): a member compares an account's College ID with the
 * ID card it was registered with and confirms it (only then does the College ID link entries to the account) or
 * rejects the account; and "This College ID is mine", where a student whose College ID already has an account sends
 * their own ID card and the council decides whose it is. Every change and the e-mails it causes are one transaction.
 *
 * Accounts are named by their key (`uid`), never by their row id: SQLite gives a removed account's id to the next
 * registration, and a page opened before the removal must not confirm or reject someone its member never saw.
 */

/** An account whose College ID no council member has checked yet. */
export interface AccountAwaitingCheck {
  /** The account's key (accounts.uid). */
  key: string;
  name: string;
  collegeId: string;
  college: string;
  branch: string;
  createdAt: string;
  emailVerified: boolean;
  /** False once retention deleted the image: there is nothing left to compare. */
  idCardKept: boolean;
}

export interface AccountsAwaitingCheck {
  accounts: AccountAwaitingCheck[];
  total: number;
  page: number;
  pageCount: number;
}

/** "This College ID is mine", not yet resolved. */
export interface OpenClaim {
  id: number;
  collegeId: string;
  claimant: { name: string; email: string };
  createdAt: string;
  /** The account holding the College ID now; undefined when none does any more (it was removed meanwhile). */
  account?: {
    key: string;
    name: string;
    college: string;
    branch: string;
    createdAt: string;
    collegeIdChecked: boolean;
    idCardKept: boolean;
  };
}

export interface IdCardImage {
  mediaType: string;
  bytes: Uint8Array;
}

/** Whom a check concerned, for the member's confirmation message; `told`: an e-mail was queued. */
export interface CheckedAccount {
  name: string;
  collegeId: string;
  told: boolean;
}

export interface ResolvedClaim {
  collegeId: string;
  claimant: string;
  /** The account removed when the College ID was found to be the claimant's. */
  removedAccount?: string;
  told: boolean;
}

export interface CollegeIdClaim {
  enrollment: string;
  username: string;
  email: string;
  idCard: IdCardImage;
}

export type ClaimResolution = "claimant" | "account";

export interface AccountChecks {
  /** Accounts awaiting a check, newest first; `search` finds them by name or College ID. */
  awaiting(query: { page: number; pageSize: number; search?: string }): Promise<Outcome<AccountsAwaitingCheck>>;
  /** Open claims, oldest first (the longest waiting first), at most `limit`, and how many are open in all. */
  openClaims(limit: number): Promise<Outcome<{ claims: OpenClaim[]; total: number }>>;
  /** The ID card an account was registered with; rejected when there is no such account or the image was deleted. */
  accountIdCard(accountKey: string): Promise<Outcome<IdCardImage>>;
  /** The ID card a claimant sent; rejected when there is no such claim. */
  claimIdCard(claimId: number): Promise<Outcome<IdCardImage>>;
  /** Records that `by` (a member's College ID) checked the account's College ID against its ID card. */
  confirmCollegeId(accountKey: string, by: string): Promise<Outcome<CheckedAccount>>;
  /**
   * The College ID does not match the ID card: the account goes with its sessions, links and ID card, its College ID
   * is free again, the erasure is recorded, and the student gets an e-mail saying why.
   */
  rejectAccount(accountKey: string, by: string): Promise<Outcome<CheckedAccount>>;
  /**
   * `claimant`: the College ID is the claimant's; the account holding it is removed as by `rejectAccount`, and both
   * are told. `account`: it stays with the account; the claim is closed and the claimant told.
   */
  resolveClaim(claimId: number, resolution: ClaimResolution, by: string): Promise<Outcome<ResolvedClaim>>;
  /** Keeps a claim for the council, and tells the claimant it arrived. */
  submitClaim(claim: CollegeIdClaim, locale?: Locale): Promise<Outcome>;
}

/** The search as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function likePattern(search: string | undefined): string | null {
  const text = search?.trim();
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Folds case the engine's way on both sides, so both engines agree. */
const like = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) LIKE lower(${pattern}) ESCAPE '\\'`;

const sameMember = (collegeId: string, by: string) => collegeIdKey(collegeId) === collegeIdKey(by);

export function createAccountChecks(store: StoreDatabase, mail: StoreMail | undefined): AccountChecks {
  /** Queues one e-mail in the caller's transaction when the site sends e-mail; says whether it did. */
  async function tell(trx: Db, to: string, event: StoreEvent): Promise<boolean> {
    if (!mail) return false;
    await queueEvent(trx, mail, { event, to });
    return true;
  }

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

  return {
    awaiting({ page, pageSize, search }) {
      return guarded<Outcome<AccountsAwaitingCheck>>("list accounts awaiting a check", async () => {
        const pattern = likePattern(search);
        const value = await store.read(async (trx): Promise<AccountsAwaitingCheck> => {
          const waiting = trx
            .selectFrom("accounts")
            .where("college_id_checked_at", "is", null)
            .where(
              pattern === null
                ? sql<boolean>`1 = 1`
                : sql<boolean>`(${like("username", pattern)} OR ${like("enrollment", pattern)})`,
            );
          const counted = await waiting.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
          const total = Number(counted?.count ?? 0);
          const rows = await waiting
            .select([
              "uid",
              "username",
              "enrollment",
              "college",
              "branch",
              "created_at",
              "email_verified_at",
              "id_card_deleted_at",
            ])
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(pageSize)
            .offset((page - 1) * pageSize)
            .execute();
          return {
            accounts: rows.map((row) => ({
              key: row.uid,
              name: row.username,
              collegeId: row.enrollment,
              college: row.college,
              branch: row.branch,
              createdAt: row.created_at,
              emailVerified: row.email_verified_at !== null,
              idCardKept: row.id_card_deleted_at === null,
            })),
            total,
            page,
            pageCount: Math.max(1, Math.ceil(total / pageSize)),
          };
        });
        return { ok: true, value };
      });
    },

    openClaims(limit) {
      return guarded<Outcome<{ claims: OpenClaim[]; total: number }>>("list College ID claims", async () => {
        const value = await store.read(async (trx) => {
          const open = trx.selectFrom("college_id_claims as c").where("c.resolved_at", "is", null);
          const counted = await open.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
          // The account is matched as registration matches College IDs: ignoring letter case.
          const rows = await open
            .leftJoin("accounts as a", (join) => join.on(sql<boolean>`lower(a.enrollment) = lower(c.enrollment)`))
            .select([
              "c.id",
              "c.enrollment",
              "c.username",
              "c.email",
              "c.created_at",
              "a.uid",
              "a.username as account_name",
              "a.college",
              "a.branch",
              "a.created_at as account_created_at",
              "a.college_id_checked_at",
              "a.id_card_deleted_at",
            ])
            .orderBy("c.id")
            .limit(limit)
            .execute();
          const claims = rows.map((row): OpenClaim => ({
            id: row.id,
            collegeId: row.enrollment,
            claimant: { name: row.username, email: row.email },
            createdAt: row.created_at,
            account:
              row.uid === null
                ? undefined
                : {
                    key: row.uid,
                    name: row.account_name ?? "",
                    college: row.college ?? "",
                    branch: row.branch ?? "",
                    createdAt: row.account_created_at ?? "",
                    collegeIdChecked: row.college_id_checked_at !== null,
                    idCardKept: row.id_card_deleted_at === null,
                  },
          }));
          return { claims, total: Number(counted?.count ?? 0) };
        });
        return { ok: true, value };
      });
    },

    accountIdCard(accountKey) {
      return guarded<Outcome<IdCardImage>>("read an account's ID card", async () => {
        const row = await store.read((trx) =>
          trx
            .selectFrom("accounts")
            .select(["id_card_type", "id_card", "id_card_deleted_at"])
            .where("uid", "=", accountKey)
            .executeTakeFirst(),
        );
        if (!row) return { ok: false, reason: "rejected", refusal: { code: "unknownAccount" } };
        if (row.id_card_deleted_at !== null || row.id_card.length === 0)
          return { ok: false, reason: "rejected", refusal: { code: "idCardDeleted" } };
        return { ok: true, value: { mediaType: row.id_card_type, bytes: new Uint8Array(row.id_card) } };
      });
    },

    claimIdCard(claimId) {
      return guarded<Outcome<IdCardImage>>("read a claim's ID card", async () => {
        const row = await store.read((trx) =>
          trx
            .selectFrom("college_id_claims")
            .select(["id_card_type", "id_card"])
            .where("id", "=", claimId)
            .executeTakeFirst(),
        );
        if (!row) return { ok: false, reason: "rejected", refusal: { code: "unknownClaim" } };
        return { ok: true, value: { mediaType: row.id_card_type, bytes: new Uint8Array(row.id_card) } };
      });
    },

    confirmCollegeId(accountKey, by) {
      return guarded<Outcome<CheckedAccount>>("confirm a College ID", async () => {
        const value = await store.write(async (trx): Promise<CheckedAccount> => {
          // Two members deciding on the same account at once decide one after the other.
          await store.lock(trx, `account-check:${accountKey}`);
          const account = await accountByKey(trx, accountKey);
          if (!account) throw new Rejection({ code: "unknownAccount" });
          if (account.college_id_checked_at !== null) throw new Rejection({ code: "alreadyChecked" });
          if (account.id_card_deleted_at !== null) throw new Rejection({ code: "idCardDeleted" });
          if (sameMember(account.enrollment, by)) throw new Rejection({ code: "ownAccount" });
          await trx
            .updateTable("accounts")
            .set({ college_id_checked_at: now(), college_id_checked_by: by })
            .where("id", "=", account.id)
            .execute();
          return { name: account.username, collegeId: account.enrollment, told: false };
        });
        return { ok: true, value };
      });
    },

    rejectAccount(accountKey, by) {
      return guarded<Outcome<CheckedAccount>>("reject an account", async () => {
        const value = await store.write(async (trx): Promise<CheckedAccount> => {
          await store.lock(trx, `account-check:${accountKey}`);
          const account = await accountByKey(trx, accountKey);
          if (!account) throw new Rejection({ code: "unknownAccount" });
          // Checked meanwhile by another member: their decision stands.
          if (account.college_id_checked_at !== null) throw new Rejection({ code: "alreadyChecked" });
          if (sameMember(account.enrollment, by)) throw new Rejection({ code: "ownAccount" });
          await removeAccount(trx, account, by);
          const told = await tell(trx, account.email, {
            kind: "account-rejected",
            name: account.username,
            collegeId: account.enrollment,
            // In the language of the page the student registered on.
            locale: rowLocale(account.locale),
          });
          return { name: account.username, collegeId: account.enrollment, told };
        });
        await store.afterErasure();
        return { ok: true, value };
      });
    },

    resolveClaim(claimId, resolution, by) {
      return guarded<Outcome<ResolvedClaim>>("resolve a College ID claim", async () => {
        let removed = false;
        const value = await store.write(async (trx): Promise<ResolvedClaim> => {
          await store.lock(trx, `college-id-claim:${claimId}`);
          const claim = await trx
            .selectFrom("college_id_claims")
            .select(["id", "enrollment", "username", "email", "resolved_at", "locale"])
            .where("id", "=", claimId)
            .executeTakeFirst();
          if (!claim) throw new Rejection({ code: "unknownClaim" });
          if (claim.resolved_at !== null) throw new Rejection({ code: "claimResolved" });
          const holder = await holderOf(trx, claim.enrollment);
          // Whoever holds the College ID may not decide whose it is.
          if (holder && sameMember(holder.enrollment, by)) throw new Rejection({ code: "ownAccount" });

          await trx
            .updateTable("college_id_claims")
            .set({ resolved_at: now(), resolution, resolved_by: by })
            .where("id", "=", claim.id)
            .execute();
          const student = { name: claim.username, collegeId: claim.enrollment, locale: rowLocale(claim.locale) };
          if (resolution === "account") {
            const told = await tell(trx, claim.email, { kind: "college-id-claim-declined", ...student });
            return { collegeId: claim.enrollment, claimant: claim.username, told };
          }
          // The College ID stays the claimant's for a while: the removed account cannot register it again at once.
          await store.lock(trx, `college-id:${collegeIdKey(claim.enrollment)}`);
          await reserveCollegeId(trx, { collegeId: claim.enrollment, email: claim.email, claimId: claim.id });
          let toldHolder = true;
          if (holder) {
            await removeAccount(trx, holder, by);
            removed = true;
            toldHolder = await tell(trx, holder.email, {
              kind: "account-claimed",
              name: holder.username,
              collegeId: holder.enrollment,
              locale: rowLocale(holder.locale),
            });
          }
          const toldClaimant = await tell(trx, claim.email, { kind: "college-id-claim-upheld", ...student });
          return {
            collegeId: claim.enrollment,
            claimant: claim.username,
            removedAccount: holder?.username,
            told: toldHolder && toldClaimant,
          };
        });
        if (removed) await store.afterErasure();
        return { ok: true, value };
      });
    },

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
          await trx
            .insertInto("college_id_claims")
            .values({
              enrollment,
              username: claim.username,
              email,
              id_card_type: claim.idCard.mediaType,
              id_card: Buffer.from(claim.idCard.bytes),
              created_at: now(),
              resolved_at: null,
              resolution: null,
              resolved_by: null,
              locale: storedLocale(locale),
            })
            .execute();
          await tell(trx, email, { kind: "college-id-claim", name: claim.username, collegeId: enrollment, locale });
        });
        return { ok: true };
      });
    },
  };
}
