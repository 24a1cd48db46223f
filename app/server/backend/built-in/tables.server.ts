import type { ColumnType, Generated } from "kysely";
import type { IdeaSubmission, Suggestion } from "~/types/submissions";

/**
 * The built-in store's tables as the query layer sees them, on both engines. Times are ISO 8601 text and session
 * expiry is milliseconds since 1970, so rows read the same from SQLite and PostgreSQL and a backup is engine-neutral.
 */

/** A row id: the database assigns it, and a restore writes it back as it was. */
type Id = Generated<number>;
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
}

/** An idea's columns are the form's fields, as sent. */
interface IdeasTable extends IdeaSubmission {
  id: Id;
  created_at: string;
}

/** A suggestion's columns are the form's fields, as sent. */
interface SuggestionsTable extends Suggestion {
  id: Id;
  created_at: string;
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

export interface Tables {
  applications: ApplicationsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  profiles: ProfilesTable;
  ideas: IdeasTable;
  suggestions: SuggestionsTable;
  triage_state: TriageStateTable;
  triage_log: TriageLogTable;
  council_members: CouncilMembersTable;
  erasures: ErasuresTable;
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
  { name: "applications", id: true },
  { name: "ideas", id: true },
  { name: "suggestions", id: true },
  { name: "teams", id: true },
  { name: "team_members", id: true },
  { name: "triage_state", id: false },
  { name: "triage_log", id: true },
  { name: "erasures", id: true },
] as const satisfies readonly { name: keyof Tables; id: boolean }[];

/** Columns that hold bytes, which a backup writes as base64. */
export const byteColumns: Partial<Record<keyof Tables, readonly string[]>> = {
  accounts: ["id_card"],
  profiles: ["id_card"],
};
