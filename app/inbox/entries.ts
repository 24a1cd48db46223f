import type { Locale } from "~/i18n/locale";
import type { CouncilApplication, IdeaSubmission, Suggestion, TeamRegistration } from "~/types/submissions";
import type { EntryStatus, InboxSection, TriageAction } from "./sections";

/** What the council inbox holds and gives out: entries, their history, counts, pages and erasures. */

/** One change a member made: who (their College ID), what, when (ISO 8601). */
export interface TriageEvent {
  action: TriageAction;
  by: string;
  at: string;
}

/** One e-mail the site queued about an entry (a receipt, a decision, a team notice), as the outbox keeps it. */
export interface EntryMail {
  /** The outbox kind ("application-receipt", "decision-accepted", ...). */
  kind: string;
  status: "queued" | "sent" | "failed";
  /** ISO 8601: when it was queued. */
  queuedAt: string;
  /** ISO 8601, once the SMTP server took it. */
  sentAt: string | null;
  /** The council member who asked for it (a decision), else null. */
  queuedBy: string | null;
}

/**
 * An application's decision not yet e-mailed to the student: the decision, and the e-mail that "E-mail the decision"
 * would send (null when the site sends no e-mail).
 */
export interface DecisionOffer {
  decision: "accepted" | "declined";
  mail: { to: string; subject: string; text: string } | null;
}

interface EntryBase {
  /** "application-12", "team-3", "idea-5", "suggestion-9": unique across the sections. */
  id: string;
  /** ISO 8601. */
  receivedAt: string;
  status: EntryStatus;
  /** Oldest first. */
  history: TriageEvent[];
  /** The e-mails about this entry, oldest first. */
  mails: EntryMail[];
}

export type InboxEntry =
  | (EntryBase & {
      section: "applications";
      application: CouncilApplication;
      /** The language of the page the student applied on: the decision e-mail's. */
      language?: Locale;
      decisionOffer?: DecisionOffer;
    })
  | (EntryBase & {
      section: "teams";
      team: TeamRegistration;
      /** When each member (in `team.members`' order) confirmed they are in the team (ISO 8601), or null. */
      confirmedAt: (string | null)[];
    })
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
  /**
   * Matched anywhere in a name, an enrollment number, a title, an e-mail address or a phone number (see
   * sectionInfo's searchedFields).
   */
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
