import type { Locale } from "~/i18n/locale";
import type { Outcome } from "./council-backend.server";

/**
 * The council's checks of accounts (docs/decisions/0017), as every identity that keeps its accounts' ID cards offers
 * them (the built-in store for its own accounts, Firebase sign-in with the store beside it): a member compares an
 * account's College ID with the ID card it was registered with and confirms it (only then does the College ID link
 * entries to the account) or rejects the account; and "This College ID is mine", where a student whose College ID
 * already has an account sends their own ID card and the council decides whose it is.
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
