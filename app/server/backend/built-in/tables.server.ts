import type { ColumnType, Generated } from "kysely";
import type { Locale } from "~/i18n/locale";
import type { IdeaSubmission, Suggestion } from "~/types/submissions";
import type { EmailTokensTable, MailCapsTable, OutboxTable } from "./mail-tables.server";
import type { ClubCoordinatorsTable, ContentImagesTable, ContentVersionsTable } from "./content-tables.server";

/**
 * The built-in store's tables as the query layer sees them, on both engines. Times are ISO 8601 text and session
 * expiry is milliseconds since 1970, so rows read the same from SQLite and PostgreSQL and a backup is engine-neutral.
 */

/**
 * The language of the page a row was sent from: "hi" for a Hindi page, NULL for an English one (and for every row
 * from before the site spoke Hindi), so English rows stay as they were.
 */
type PageLocale = ColumnType<"hi" | null, "hi" | null | undefined, "hi" | null>;

/** A page's language as a row keeps it. */
export const storedLocale = (locale: Locale): "hi" | null => (locale === "hi" ? "hi" : null);
/** A row's language: English unless it says Hindi. */
export const rowLocale = (stored: string | null | undefined): Locale => (stored === "hi" ? "hi" : "en");

/** A row id: the database assigns it, and a restore writes it back as it was. */
export type Id = Generated<number>;
/** Binary on both engines (SQLite BLOB, PostgreSQL bytea): written from bytes, read as a Buffer. */
type Bytes = ColumnType<Buffer, Buffer | Uint8Array, Buffer | Uint8Array>;

interface ApplicationsTable {
  id: Id;
  name: string;
  email: string;
  phone: string;
  enrollment: string;
  dob: string;
  gender: string;
  college: string;
  department: string;
  year: string;
  club: string;
  motivation: string;
  /** Always 1: the form refuses an application whose terms box is not ticked. */
  terms: number;
  created_at: string;
  /** The account key (accounts.uid, or "firebase:" + uid) of who was signed in when it was sent; null otherwise. */
  sent_by: string | null;
  /** The language of the page it was sent from: the decision e-mail's. */
  locale: PageLocale;
}

interface AccountsTable {
  id: Id;
  enrollment: string;
  username: string;
  email: string;
  phone: string;
  college: string;
  branch: string;
  dob: string;
  gender: string;
  password_hash: string;
  id_card_type: string;
  id_card: Bytes;
  created_at: string;
  /** When the ID card image was deleted (its retention period ended); the image is then empty. */
  id_card_deleted_at: string | null;
  /** A random key, never reused: what entries sent while signed in point to (sent_by). */
  uid: string;
  /** collegeIdKey(enrollment), unique; NULL only for rows from before whose College ID is not printable ASCII. */
  enrollment_key: string | null;
  /** When the student opened the verification link and confirmed; until then the e-mail proves nothing. */
  email_verified_at: string | null;
  /** Unverified by then (registered while the site sends e-mail): retention removes the account. */
  verify_by: string | null;
  /** When the address's owner said, on a link's page, that this account is not theirs: its links confirm nothing. */
  email_disowned_at: string | null;
  /** When a council member checked the College ID against the ID card, and who. */
  college_id_checked_at: string | null;
  college_id_checked_by: string | null;
  /** The language of the registration page: the e-mails about the account's College ID. */
  locale: PageLocale;
}

interface SessionsTable {
  id: Id;
  /** SHA-256 of the token: a copy of the database signs nobody in. */
  token_hash: string;
  account_id: number;
  created_at: string;
  expires_at: number;
}

interface TeamsTable {
  id: Id;
  team_name: string;
  category: string;
  description: string;
  created_at: string;
  sent_by: string | null;
  /** The language of the page it was registered on: every e-mail about the team. */
  locale: PageLocale;
  /** SHA-256 of the link in the leader's receipt that tells the members (while their notices are held). */
  leader_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

interface TeamMembersTable {
  id: Id;
  team_id: number;
  position: number;
  name: string;
  email: string;
  phone: string;
  gender: string;
  institution: string;
  skills: string;
  role: string;
  /** SHA-256 of the member's link (remove or confirm) from the team notice; null before mail was sent. */
  notice_token_hash: string | null;
  /** When the member confirmed they are in the team. */
  confirmed_at: string | null;
  /**
   * 1 while the team's leader has not proven the leader's address: no notice goes out, and the row takes no part in
   * "one team per e-mail address" (the form tells no stranger which addresses are in a team).
   */
  held: ColumnType<number, number | undefined, number>;
}

interface ProfilesTable {
  uid: string;
  college: string;
  branch: string;
  dob: string;
  gender: string;
  id_card_type: string;
  id_card: Bytes;
  saved_at: string;
  id_card_deleted_at: string | null;
  college_id_checked_at: string | null;
  college_id_checked_by: string | null;
  /** Registered on the site while it sends e-mail: unverified in Firebase by then, retention removes the account. */
  verify_by: string | null;
  /** The address the site knows for the account: one changed in Firebase outside the site must be proven again. */
  email: string | null;
  /**
   * The phone number typed at registration, kept here because Firebase would keep it unique; NULL for accounts from
   * before and those the council made in the console (their number, if any, is the Firebase user's).
   */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The key of a Firebase account's entries (sent_by), given to one Firebase user and never to another. */
interface AccountKeysTable {
  account_key: string;
  uid: string;
  /** Firebase's creation time of the user the key was given to; NULL for keys from before it was recorded. */
  user_created_at: string | null;
  /** When the account was removed: the key matches no account again. */
  retired_at: string | null;
}

/** An idea's columns are the form's fields, as sent. */
interface IdeasTable extends IdeaSubmission {
  id: Id;
  created_at: string;
  sent_by: string | null;
}

/** A suggestion's columns are the form's fields, as sent. */
interface SuggestionsTable extends Suggestion {
  id: Id;
  created_at: string;
  sent_by: string | null;
}

interface TriageStateTable {
  section: string;
  entry_id: number;
  status: string;
}

interface TriageLogTable {
  id: Id;
  section: string;
  entry_id: number;
  action: string;
  status: string;
  by_college_id: string;
  at: string;
}

interface CouncilMembersTable {
  account_id: number;
  granted_at: string;
}

/** One erasure: what kind of entry went, why and when; never anything the student sent. */
export interface ErasuresTable {
  id: Id;
  section: string;
  entry_id: number | null;
  what: "entry" | "member" | "account";
  reason: "student-request" | "council-request" | "retention";
  /** The council member who erased it, on a council request. */
  by_college_id: string | null;
  at: string;
}

/** "This College ID is mine": someone whose College ID already has an account, with their own ID card. */
interface CollegeIdClaimsTable {
  id: Id;
  enrollment: string;
  username: string;
  email: string;
  id_card_type: string;
  id_card: Bytes;
  created_at: string;
  resolved_at: string | null;
  /** Whom the council found the College ID belongs to. */
  resolution: "claimant" | "account" | null;
  resolved_by: string | null;
  /** The language of the page the claim was sent from: the council's answer's. */
  locale: PageLocale;
}

/**
 * A College ID kept for the claimant of an upheld "This College ID is mine" until `reserved_until`: only a
 * registration with the claim's address may take it until then.
 */
interface CollegeIdReservationsTable {
  /** The College ID as `collegeIdKey` writes it: the form in which two College IDs are the same. */
  college_id_key: string;
  /** As the claim wrote it. */
  college_id: string;
  /** The claim's address. */
  email: string;
  claim_id: number | null;
  reserved_at: string;
  reserved_until: string;
}

export interface Tables {
  applications: ApplicationsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  profiles: ProfilesTable;
  account_keys: AccountKeysTable;
  ideas: IdeasTable;
  suggestions: SuggestionsTable;
  triage_state: TriageStateTable;
  triage_log: TriageLogTable;
  council_members: CouncilMembersTable;
  erasures: ErasuresTable;
  email_tokens: EmailTokensTable;
  outbox: OutboxTable;
  mail_caps: MailCapsTable;
  college_id_claims: CollegeIdClaimsTable;
  college_id_reservations: CollegeIdReservationsTable;
  content_versions: ContentVersionsTable;
  club_coordinators: ClubCoordinatorsTable;
  content_images: ContentImagesTable;
}

/**
 * Every table, parents before the rows that point to them: the order a restore writes them in. `id` names the
 * tables whose rows carry a database-assigned id (PostgreSQL's identity counter is moved past them after a restore).
 */
export const tablesInOrder = [
  { name: "accounts", id: true },
  { name: "sessions", id: true },
  { name: "council_members", id: false },
  { name: "profiles", id: false },
  { name: "account_keys", id: false },
  { name: "applications", id: true },
  { name: "ideas", id: true },
  { name: "suggestions", id: true },
  { name: "teams", id: true },
  { name: "team_members", id: true },
  { name: "triage_state", id: false },
  { name: "triage_log", id: true },
  { name: "erasures", id: true },
  { name: "email_tokens", id: true },
  { name: "outbox", id: true },
  { name: "college_id_claims", id: true },
  { name: "college_id_reservations", id: false },
  { name: "content_versions", id: true },
  { name: "club_coordinators", id: false },
  { name: "content_images", id: false },
  // Not mail_caps: a day's counts of e-mails sent, which a restored store starts afresh.
] as const satisfies readonly { name: keyof Tables; id: boolean }[];

/** Columns that hold bytes, which a backup writes as base64. */
export const byteColumns: Partial<Record<keyof Tables, readonly string[]>> = {
  accounts: ["id_card"],
  profiles: ["id_card"],
  college_id_claims: ["id_card"],
  content_images: ["bytes"],
};
