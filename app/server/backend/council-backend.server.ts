import type { Locale } from "~/i18n/locale";
import type { Refusal } from "~/types/refusals";
import type { CouncilUser } from "~/types/accounts";
import type {
  CouncilApplication,
  IdeaSubmission,
  RegisteredTeam,
  Suggestion,
  TeamMember,
  TeamRegistration,
} from "~/types/submissions";
import type { CouncilInbox } from "~/inbox/inbox-store.server";
import type { TeamMembers, TeamReceipt, TeamSender } from "./team-backend.server";

/**
 * The council backend: everything the forms send or ask, named as the earlier site named its calls, as two
 * interfaces chosen apart at start: who signs people in (IdentityProvider) and where submissions go
 * (SubmissionStore). Adapters: the council API (`COUNCIL_API_URL`) and the built-in SQLite store implement both;
 * the routes never know which one runs. Failures cross this interface as typed results, never as thrown HTTP details:
 *
 * - `rejected`: the backend answered and said no (wrong password, team name taken); `refusal` is its reason when it
 *   gave one, as a code with its values (app/types/refusals.ts), never a sentence: the page says it in its language.
 * - `unavailable`: no usable answer (timeout, refused connection, 5xx, an answer that is not JSON). The routes
 *   turn it into the specification's network messages; the adapter has already logged the details.
 */

export type Failure =
  // `message` is never: a sentence cannot stand in for a refusal's code, even where a literal's extra fields pass.
  { ok: false; reason: "rejected"; refusal?: Refusal; message?: never } | { ok: false; reason: "unavailable" };
export type Success<T> = [T] extends [void] ? { ok: true } : { ok: true; value: T };
export type Outcome<T = void> = Success<T> | Failure;

/** The user registration form. `phone` is +91 and ten digits (app/forms/phone.ts); `dob` is YYYY-MM-DD. */
export interface AccountRegistration {
  username: string;
  email: string;
  phone: string;
  enrollment: string;
  college: string;
  branch: string;
  dob: string;
  gender: "Male" | "Female" | "Other";
  /** Already checked on the server to be a real image of at most 5 MB. */
  idCard: { mediaType: string; bytes: Uint8Array };
}

/**
 * What the backend needs to recognise a signed-in visitor again, kept inside our signed session cookie:
 * the council API's own cookies (a Cookie header value), or the built-in store's session token.
 */
export type BackendCredentials = string;

export type SignedInState =
  | {
      status: "signed-in";
      user: CouncilUser;
      /** The College ID the visitor signed in with, when the provider knows it (the council inbox's audit trail). */
      collegeId?: string;
      /** Holds the council role, read afresh on every call so a revoke counts at the next page view. */
      councilMember?: boolean;
      /**
       * The account's key for entries sent while signed in (docs/decisions/0017); undefined where the site keeps no
       * entries of its own (the council API).
       */
      accountKey?: string;
      /** Whether the student proved the e-mail through the verification link; undefined where nobody asks. */
      emailVerified?: boolean;
    }
  /** The backend answered that nobody is signed in: the profile sends the visitor to /login. */
  | { status: "signed-out" }
  /** No usable answer: the profile sends the visitor to /auth/login. */
  | { status: "unavailable" };

/**
 * Who signs people in (login, /auth/me and /auth/logout, and the user registration form). Chosen once
 * at start, apart from where submissions go (see SubmissionStore).
 */
export interface IdentityProvider {
  /** Shown once in the start-up log line. */
  readonly description: string;

  /**
   * The user registration form. The council API has no call for it and sends nothing; the others create the account.
   * `locale`, here and below: the language of the page the student used, for the e-mails it causes (English unset).
   */
  registerAccount(registration: AccountRegistration, locale?: Locale): Promise<Outcome>;
  /** POST {api}/auth/login with College ID and password (the date of birth as DDMMYYYY). */
  logIn(collegeId: string, password: string): Promise<Outcome<BackendCredentials>>;
  /** GET {host}/auth/me. */
  whoIsSignedIn(credentials: BackendCredentials): Promise<SignedInState>;
  /** GET {host}/auth/logout. */
  logOut(credentials: BackendCredentials): Promise<Outcome>;

  /**
   * The account's own data, for the profile and the "Download my data" file: never the password or its hash.
   * Undefined where the site keeps no copy of accounts (the council API owns them).
   */
  accountRecord?(credentials: BackendCredentials): Promise<Outcome<AccountRecord>>;
  /**
   * Erases the signed-in student's account on their request: the account, its details and ID card, every session.
   * `value` names whom the erasure concerned, so their submissions can be erased too. Undefined where another
   * system owns accounts.
   */
  eraseAccount?(credentials: BackendCredentials): Promise<Outcome<StudentKey>>;

  /** Proving the account's e-mail address by a link sent to it; undefined where another system owns accounts. */
  readonly emailVerification?: EmailVerification;

  /**
   * Retention, where the accounts live with this provider (Firebase): removes the accounts registered on the site
   * while it sends e-mail whose address was not confirmed by their deadline (7 days after registering), with what the
   * site keeps beside them, which frees their College ID and address. Run with the built-in store's retention, which
   * does the same for its own accounts; undefined there and where another system owns accounts. Never rejects.
   */
  removeUnverifiedAccounts?(): Promise<UnverifiedAccountsRemoval>;

  // The council role, granted and revoked from the command line (`npm run council`), never by the site.
  // An unknown College ID is `rejected` with a refusal saying so; a provider without the role rejects with why.
  grantCouncilRole(collegeId: string): Promise<Outcome<CouncilRoleChange>>;
  revokeCouncilRole(collegeId: string): Promise<Outcome<CouncilRoleChange>>;
  listCouncilMembers(): Promise<Outcome<CouncilMember[]>>;
}

/** What one retention run did to accounts whose e-mail was never confirmed: counts only, never whose. */
export interface UnverifiedAccountsRemoval {
  removed: number;
  /** False when the provider or the store failed part-way (logged): what is left waits for the next run. */
  complete: boolean;
}

/** Who a student is to the stores: their enrollment number (the College ID) and, where known, their e-mail. */
export interface StudentKey {
  enrollment: string;
  email?: string;
}

/**
 * What proves which entries are a student's (docs/decisions/0017), and nothing else links: an entry is theirs when it
 * was sent while signed in to the account, when its e-mail is the account's verified e-mail (applications, team
 * rows), or when its enrollment number is the account's College ID once the council checked the ID card.
 */
export interface StudentProof {
  /** The account's key, recorded on every entry sent while signed in to it. */
  accountKey: string;
  /** The account's e-mail, only once the student confirmed it through the link sent to it. */
  verifiedEmail?: string;
  /** The account's College ID, only once a council member checked it against the ID card. */
  checkedCollegeId?: string;
}

/** What a verification link's token is, as the link's page and its Confirm button find it. */
export type TokenState = "valid" | "used" | "expired" | "unknown";

/** The account a live link would confirm the address for: the link's page and the e-mail name it. */
export interface LinkAccount {
  /** The key of the account's entries: the page compares it with the signed-in account's. */
  accountKey: string;
  collegeId: string;
  name: string;
}

/** A link as its page finds it; `account` only while the link is valid. */
export interface LinkCheck {
  state: TokenState;
  account?: LinkAccount;
}

/** What pressing Confirm did: `wrongAccount` when the presser is not signed in to the link's account. */
export type Confirmation = "confirmed" | "taken" | "wrongAccount" | Exclude<TokenState, "valid">;

/**
 * Proving an account's e-mail: a single-use link, valid 24 hours, confirmed by a button on the page it opens, pressed
 * while signed in to that very account (docs/decisions/0017).
 */
export interface EmailVerification {
  /** False where the site cannot send e-mail (production without SMTP_URL): no link goes out, the profile says so. */
  readonly sendsLinks: boolean;
  /**
   * Queues a new link to the signed-in account's address. `rejected` with a refusal when the address is already
   * verified, when its owner disowned the account, or when the site cannot send e-mail.
   */
  sendLink(credentials: BackendCredentials, locale?: Locale): Promise<Outcome>;
  /** What the token is and whose account it is for, without using it: opening a link changes nothing. */
  check(token: string): Promise<Outcome<LinkCheck>>;
  /**
   * Uses the token for the account whose key is `accountKey` (the signed-in one): the address is verified.
   * `wrongAccount` when the token is another account's (nothing changes); `taken` when another account verified the
   * same address first (the token is then used up too).
   */
  confirm(token: string, accountKey: string): Promise<Outcome<Confirmation>>;
  /**
   * "This was not me": the address's owner says the link's account is not theirs. The link ends, and the account's
   * claim to the address is dropped (it is never confirmed with it, and no link goes to it for that account again).
   */
  disown(token: string): Promise<Outcome<"disowned" | Exclude<TokenState, "valid">>>;
}

/** An account as the site keeps it. */
export interface AccountRecord {
  collegeId: string;
  /** The registration form's fields the site holds (name, e-mail, phone, college, branch, date of birth, gender). */
  details: Record<string, string>;
  /** ISO 8601; undefined where the provider does not say. */
  createdAt?: string;
  /** The account's key for entries sent while signed in (StudentProof). */
  accountKey: string;
  /** Whether the e-mail in `details` is proven (StudentProof). */
  emailVerified: boolean;
  /** Whether a council member checked the College ID against the ID card (StudentProof). */
  collegeIdChecked: boolean;
  /** The ID card image while it is kept; after its retention period, when it was deleted; null when none was sent. */
  idCard: { mediaType: string; bytes: Uint8Array; sentAt: string } | { deletedAt: string } | null;
}

/** What one student sent, with what became of it, as the profile and the download show it. */
export interface SentItems {
  applications: (CouncilApplication & { receivedAt: string; decision: "received" | "accepted" | "declined" })[];
  /** The teams the student is a member of (by e-mail), with their own member row only. */
  teams: { teamName: string; category: string; receivedAt: string; member: TeamMember }[];
  ideas: (IdeaSubmission & { receivedAt: string })[];
  suggestions: (Suggestion & { receivedAt: string })[];
}

/** How many of a student's entries an erasure removed. */
export interface ErasureCounts {
  applications: number;
  ideas: number;
  suggestions: number;
  /** Member rows removed from a team the student was in. */
  teamMemberships: number;
  /** Whole teams removed because the student led them. */
  teamsLed: number;
}

/** Where the site keeps what students send: a student's own entries, to show, download and erase. */
export interface StudentRecords {
  sentBy(proof: StudentProof): Promise<Outcome<SentItems>>;
  erase(proof: StudentProof): Promise<Outcome<ErasureCounts>>;
}

/** Someone who holds the council role and may read the council inbox (/council). */
export interface CouncilMember {
  collegeId: string;
  name?: string;
  /** ISO 8601, when the provider records it. */
  grantedAt?: string;
}

/** What a grant or revoke did: `changed` is false when the account already was (or was not) a member. */
export interface CouncilRoleChange {
  member: CouncilMember;
  changed: boolean;
}

/** Where what students send goes: council applications, hackathon teams, ideas and suggestions. */
export interface SubmissionStore {
  /** Shown once in the start-up log line. */
  readonly description: string;
  /**
   * How council members read what was sent (/council), when it is kept by this store; undefined where another
   * system owns the entries (the council API), and then /council answers 404.
   */
  readonly inbox?: CouncilInbox;
  /**
   * A student's own entries (the profile's "What you sent", its download and erasure); undefined where another system
   * keeps them.
   */
  readonly students?: StudentRecords;
  /**
   * Hackathon team members' links (confirm, or remove themselves) and the leader's "Add a member"; undefined where
   * another system keeps the teams.
   */
  readonly teamMembers?: TeamMembers;

  /**
   * POST /council/apply. `sentBy` (here and below) is the signed-in sender's account key (StudentProof), recorded
   * with the entry where the store keeps it; `locale`, the language of the page it was sent from, for the e-mails
   * about it (English unset).
   */
  applyToCouncil(application: CouncilApplication, sentBy?: string, locale?: Locale): Promise<Outcome>;
  /** POST {api}/api/registration; `value`: the backend's success message, or (built-in) that a cap held the receipt. */
  registerTeam(
    team: TeamRegistration,
    sentBy?: string | TeamSender,
    locale?: Locale,
  ): Promise<Outcome<string | TeamReceipt | undefined>>;
  /** GET {api}/api/registration. */
  listTeams(): Promise<Outcome<RegisteredTeam[]>>;
  /**
   * The /ideas form. The council API has no call for it; the built-in store keeps it for the council inbox (decision
   * 0008).
   */
  shareIdea(idea: IdeaSubmission, sentBy?: string): Promise<Outcome>;
  /** The /suggestion form; kept like an idea. */
  sendSuggestion(suggestion: Suggestion, sentBy?: string): Promise<Outcome>;
}

/** An adapter that is both (the council API and the built-in store are; Firebase is identity only). */
export type CouncilBackend = IdentityProvider & SubmissionStore;
