import type { EntryStatus, InboxSection, TriageAction } from "~/lib/council-inbox";
import type {
  CouncilApplication,
  IdeaSubmission,
  Outcome,
  Suggestion,
  TeamRegistration,
} from "./council-backend.server";

/**
 * The council inbox (issue 11, docs/decisions/0008): how council members read and handle what students send, at
 * /council. Implemented by the store that keeps the entries (the built-in store); where another system owns them
 * (the council API) there is no inbox and /council answers 404. Like the rest of the backend, failures cross this
 * interface as typed outcomes: `rejected` with a message a member can read, or `unavailable`.
 */

/** One change a member made: who (their College ID), what, when (ISO 8601). */
export interface TriageEvent {
  action: TriageAction;
  by: string;
  at: string;
}

interface EntryBase {
  /** "application-12", "team-3", "idea-5", "suggestion-9": unique across the sections. */
  id: string;
  /** ISO 8601. */
  receivedAt: string;
  status: EntryStatus;
  /** Oldest first. */
  history: TriageEvent[];
}

export type InboxEntry =
  | (EntryBase & { section: "applications"; application: CouncilApplication })
  | (EntryBase & { section: "teams"; team: TeamRegistration })
  | (EntryBase & { section: "ideas"; idea: IdeaSubmission })
  | (EntryBase & { section: "suggestions"; suggestion: Suggestion });

export interface SectionSummary {
  total: number;
  /** Not yet handled by anyone. */
  new: number;
  /** With a search: how many entries match it. */
  matching?: number;
}

export interface InboxQuery {
  section: InboxSection;
  /** Matched anywhere in a name, an enrollment number or a title (see sectionInfo's searchedFields). */
  search?: string;
  /** 1-based; a page past the last gives the last page. */
  page: number;
  pageSize: number;
}

export interface InboxPage {
  section: InboxSection;
  /** Newest first. */
  entries: InboxEntry[];
  /** Entries matching the query, on every page. */
  total: number;
  page: number;
  pageCount: number;
}

export interface TriageChange {
  entryId: string;
  action: TriageAction;
  /** The member's College ID, recorded with the change. */
  by: string;
}

/** An entry that is gone, as the inbox still lists it: what kind, why and when, nothing the student sent. */
export interface ErasedEntry {
  section: InboxSection;
  what: "entry" | "member";
  reason: "student-request" | "council-request" | "retention";
  at: string;
}

export interface CouncilInbox {
  /** Every section's counts, and with a search how many entries of each match it. */
  summary(search?: string): Promise<Outcome<Record<InboxSection, SectionSummary>>>;
  list(query: InboxQuery): Promise<Outcome<InboxPage>>;
  /**
   * Sets the entry's status and records who did it, in one transaction. Rejected (nothing changed) for an entry
   * that does not exist or an action its section does not offer. `changed` is false when it already had that status.
   */
  triage(change: TriageChange): Promise<Outcome<{ status: EntryStatus; changed: boolean }>>;
  /** Every entry of a section, newest first, for the CSV export. */
  exportSection(section: InboxSection): Promise<Outcome<InboxEntry[]>>;
  /** Erases one entry on a student's request, recorded without its data. Rejected for an entry that does not exist. */
  erase(change: { entryId: string; by: string }): Promise<Outcome>;
  /** The latest erasures in a section, newest first. */
  erasures(section: InboxSection, limit: number): Promise<Outcome<ErasedEntry[]>>;
}
