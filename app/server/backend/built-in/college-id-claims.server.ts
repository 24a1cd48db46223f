import type { Locale } from "~/i18n/locale";
import { collegeIdKey } from "../../accounts/college-id.server";
import type {
  AccountChecks,
  CheckedAccount,
  ClaimResolution,
  CollegeIdClaim,
  IdCardImage,
  ResolvedClaim,
} from "../account-checks.server";
import type { Failure, Outcome } from "../council-backend.server";
import type { Db, StoreDatabase } from "./database.server";
import { reserveCollegeId } from "./college-id-reservations.server";
import { guarded, now, Rejection } from "./guard.server";
import type { StoreEvent } from "./mail-events.server";
import { queueEvent } from "./mail-queue.server";
import type { StoreMail } from "./store.server";
import { rowLocale, storedLocale } from "./tables.server";

/**
 * What the council's account checks share whoever holds the accounts (the built-in store, Firebase): a decision and
 * its e-mails are one transaction; confirming or rejecting an account is decided alike (councilChecks), each identity
 * only finding, confirming and removing its accounts; the claims of "This College ID is mine" live in the store
 * (college_id_claims) either way and are decided alike; and a member never decides about the account that holds their
 * own College ID.
 */

/** Queues an e-mail in the decision's transaction when the site sends e-mail; says whether it did. */
export type Tell = (trx: Db, to: string | undefined, event: StoreEvent) => Promise<boolean>;

/** How both identities tell a student of a decision: not at all without an address (a Firebase user may have none). */
export function tellIn(mail: StoreMail | undefined): Tell {
  return async (trx, to, event) => {
    if (!mail || !to) return false;
    await queueEvent(trx, mail, { event, to });
    return true;
  };
}

/**
 * A council decision: the change and the e-mails it causes in one write transaction, then, once it is committed,
 * the store's clean-up after an erasure when the decision removed an account's data (`work` calls `erased`).
 */
function councilDecision<T>(
  store: StoreDatabase,
  action: string,
  work: (trx: Db, erased: () => void) => Promise<T>,
): Promise<{ ok: true; value: T } | Failure> {
  return guarded<{ ok: true; value: T } | Failure>(action, async () => {
    let removed = false;
    const value = await store.write((trx) =>
      work(trx, () => {
        removed = true;
      }),
    );
    if (removed) await store.afterErasure();
    return { ok: true, value };
  });
}

/** The same person: College IDs compared by their key. */
const sameMember = (collegeId: string, by: string) => collegeIdKey(collegeId) === collegeIdKey(by);

/** An account's ID card as either identity keeps it in the store. */
interface IdCardRow {
  id_card_type: string;
  id_card: Uint8Array;
  id_card_deleted_at: string | null;
}

/** An account's ID card as the check page shows it; refused when there is no such account or the image was deleted. */
function accountIdCardOf(row: IdCardRow | undefined): Outcome<IdCardImage> {
  if (!row) return { ok: false, reason: "rejected", refusal: { code: "unknownAccount" } };
  if (row.id_card_deleted_at !== null || row.id_card.length === 0)
    return { ok: false, reason: "rejected", refusal: { code: "idCardDeleted" } };
  return { ok: true, value: { mediaType: row.id_card_type, bytes: new Uint8Array(row.id_card) } };
}

/** The ID card a claimant sent; rejected when there is no such claim. */
function claimIdCard(store: StoreDatabase, claimId: number): Promise<Outcome<IdCardImage>> {
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
}

/**
 * Inside a write transaction: the claim a member decides on, locked for the decision, so two members deciding at once
 * decide one after the other; refused when it is unknown or already resolved.
 */
export async function claimToResolve(store: StoreDatabase, trx: Db, claimId: number) {
  await store.lock(trx, `college-id-claim:${claimId}`);
  const claim = await trx
    .selectFrom("college_id_claims")
    .select(["id", "enrollment", "username", "email", "resolved_at", "locale"])
    .where("id", "=", claimId)
    .executeTakeFirst();
  if (!claim) throw new Rejection({ code: "unknownClaim" });
  if (claim.resolved_at !== null) throw new Rejection({ code: "claimResolved" });
  return claim;
}

/** Inside the decision's transaction: records whom the College ID was found to belong to, and who decided. */
export async function closeClaim(trx: Db, claimId: number, resolution: ClaimResolution, by: string): Promise<void> {
  await trx
    .updateTable("college_id_claims")
    .set({ resolved_at: now(), resolution, resolved_by: by })
    .where("id", "=", claimId)
    .execute();
}

/** Inside a write transaction: keeps a claim for the council, in the language of the page it was sent from. */
export async function keepClaim(trx: Db, claim: CollegeIdClaim, locale: Locale): Promise<void> {
  await trx
    .insertInto("college_id_claims")
    .values({
      enrollment: claim.enrollment,
      username: claim.username,
      email: claim.email,
      id_card_type: claim.idCard.mediaType,
      id_card: Buffer.from(claim.idCard.bytes),
      created_at: now(),
      resolved_at: null,
      resolution: null,
      resolved_by: null,
      locale: storedLocale(locale),
    })
    .execute();
}

/**
 * Inside an upheld claim's transaction: the College ID stays the claimant's for a while, so the removed account
 * cannot register it again at once (registration asks the same reservation, under the same lock).
 */
export async function holdForClaimant(
  store: StoreDatabase,
  trx: Db,
  claim: { id: number; enrollment: string; email: string },
): Promise<void> {
  await store.lock(trx, `college-id:${collegeIdKey(claim.enrollment)}`);
  await reserveCollegeId(trx, { collegeId: claim.enrollment, email: claim.email, claimId: claim.id });
}

type ClaimToResolve = Awaited<ReturnType<typeof claimToResolve>>;

/** What an identity knows of the accounts a claim's decision is about. */
export interface ClaimHolders<Holder> {
  /** The account holding the claimed College ID, locked for the decision; undefined when none does. */
  holderOf(trx: Db, claim: ClaimToResolve): Promise<Holder | undefined>;
  /** The holder's College ID: no member decides about their own. */
  collegeIdOf(holder: Holder): string;
  /**
   * The College ID is the claimant's: holds it for them and removes the account holding it, if any, as a decision of
   * `by`, telling its student. The removed account's name, whether its student was told (true when there was none to
   * tell) and whether an account's data was erased.
   */
  uphold(trx: Db, claim: ClaimToResolve, holder: Holder | undefined, by: string): Promise<UpheldClaim>;
}

export interface UpheldClaim {
  removedAccount?: string;
  told: boolean;
  erased: boolean;
}

/**
 * A member decides whose a claimed College ID is, whoever holds the accounts: the claimant hears the decision either
 * way, and when it is theirs the account holding it goes (ClaimHolders.uphold).
 */
function resolveClaim<Holder>(
  store: StoreDatabase,
  tell: Tell,
  holders: ClaimHolders<Holder>,
  decision: { claimId: number; resolution: ClaimResolution; by: string },
): Promise<Outcome<ResolvedClaim>> {
  const { claimId, resolution, by } = decision;
  return councilDecision(store, "resolve a College ID claim", async (trx, erased): Promise<ResolvedClaim> => {
    const claim = await claimToResolve(store, trx, claimId);
    const holder = await holders.holderOf(trx, claim);
    // Whoever holds the College ID may not decide whose it is.
    if (holder && sameMember(holders.collegeIdOf(holder), by)) throw new Rejection({ code: "ownAccount" });

    await closeClaim(trx, claim.id, resolution, by);
    const student = { name: claim.username, collegeId: claim.enrollment, locale: rowLocale(claim.locale) };
    if (resolution === "account") {
      const told = await tell(trx, claim.email, { kind: "college-id-claim-declined", ...student });
      return { collegeId: claim.enrollment, claimant: claim.username, told };
    }
    const upheld = await holders.uphold(trx, claim, holder, by);
    if (upheld.erased) erased();
    const toldClaimant = await tell(trx, claim.email, { kind: "college-id-claim-upheld", ...student });
    return {
      collegeId: claim.enrollment,
      claimant: claim.username,
      removedAccount: upheld.removedAccount,
      told: upheld.told && toldClaimant,
    };
  });
}

/** What an identity knows of the account a check button names. */
export interface CheckedAccounts<Account> {
  /**
   * Inside the decision's transaction, under the account's lock: the account, whether a member already checked it or
   * its ID card was deleted, and how its student is named and told; undefined when any part of it is gone.
   */
  toCheck(trx: Db, accountKey: string): Promise<AccountToCheck<Account> | undefined>;
  /** The ID card the account was registered with, as stored; undefined when there is no such account. */
  idCard(trx: Db, accountKey: string): Promise<IdCardRow | undefined>;
  /** Records that `by` confirmed the account's College ID. */
  confirm(trx: Db, account: Account, by: string): Promise<void>;
  /** Removes the account as a decision of `by`, with all that goes with it. */
  remove(trx: Db, account: Account, by: string): Promise<void>;
}

export interface AccountToCheck<Account> {
  account: Account;
  name: string;
  collegeId: string;
  checked: boolean;
  idCardDeleted: boolean;
  email: string | undefined;
  locale: Locale;
}

/**
 * The council's decisions on accounts and claims, whoever holds the accounts: every refusal in the same order, and the
 * account's lock taken first, so two members deciding on one account at once decide one after the other.
 */
export function councilChecks<Account, Holder>(
  store: StoreDatabase,
  tell: Tell,
  identity: { accounts: CheckedAccounts<Account>; holders: ClaimHolders<Holder> },
): Pick<AccountChecks, "accountIdCard" | "claimIdCard" | "confirmCollegeId" | "rejectAccount" | "resolveClaim"> {
  const { accounts, holders } = identity;

  /** Inside a write transaction: the account a button names, refused when it is gone or a member already checked it. */
  async function toCheck(trx: Db, accountKey: string) {
    await store.lock(trx, `account-check:${accountKey}`);
    const found = await accounts.toCheck(trx, accountKey);
    if (!found) throw new Rejection({ code: "unknownAccount" });
    // Checked meanwhile by another member: their decision stands.
    if (found.checked) throw new Rejection({ code: "alreadyChecked" });
    return found;
  }

  return {
    accountIdCard: (accountKey) =>
      guarded<Outcome<IdCardImage>>("read an account's ID card", async () =>
        accountIdCardOf(await store.read((trx) => accounts.idCard(trx, accountKey))),
      ),

    claimIdCard: (claimId) => claimIdCard(store, claimId),

    confirmCollegeId(accountKey, by) {
      return councilDecision(store, "confirm a College ID", async (trx): Promise<CheckedAccount> => {
        const found = await toCheck(trx, accountKey);
        if (found.idCardDeleted) throw new Rejection({ code: "idCardDeleted" });
        if (sameMember(found.collegeId, by)) throw new Rejection({ code: "ownAccount" });
        await accounts.confirm(trx, found.account, by);
        return { name: found.name, collegeId: found.collegeId, told: false };
      });
    },

    rejectAccount(accountKey, by) {
      return councilDecision(store, "reject an account", async (trx, erased): Promise<CheckedAccount> => {
        const found = await toCheck(trx, accountKey);
        if (sameMember(found.collegeId, by)) throw new Rejection({ code: "ownAccount" });
        await accounts.remove(trx, found.account, by);
        erased();
        const { name, collegeId } = found;
        const told = await tell(trx, found.email, { kind: "account-rejected", name, collegeId, locale: found.locale });
        return { name, collegeId, told };
      });
    },

    resolveClaim: (claimId, resolution, by) => resolveClaim(store, tell, holders, { claimId, resolution, by }),
  };
}
