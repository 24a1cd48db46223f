import type { CouncilApplication, IdeaSubmission, Suggestion, TeamRegistration } from "~/types/submissions";
import type { EntryStatus, InboxSection, TriageAction } from "./sections";

/** What the council inbox holds and gives out: entries, their history, counts, pages and erasures. */

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
