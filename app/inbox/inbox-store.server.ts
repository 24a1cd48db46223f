import type { Outcome } from "~/server/backend/council-backend.server";
import type { EntryStatus, InboxSection } from "./sections";
import type {
  DecisionOffer,
  ErasedEntry,
  InboxEntry,
  InboxPage,
  InboxQuery,
  SectionSummary,
  TriageChange,
} from "./entries";

/**
 * How council members read and handle what students send, at /council (docs/decisions/0008). Implemented by the
 * store that keeps the entries (the built-in store); where another system owns them (the council API) there is no
 * inbox and /council answers 404. Like the rest of the backend, failures cross this interface as typed outcomes:
 * `rejected` with a refusal (a code, said by app/inbox/refusals.ts), or `unavailable`.
 */
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
  /**
   * Queues the e-mail that tells an application's student the council's decision (its current status, accepted or
   * declined), in one transaction with the check. Rejected (nothing queued) for an entry that is not an application,
   * does not exist or has no decision yet, and where the site sends no e-mail. One e-mail per decision and
   * application, ever: when that decision was e-mailed already (or another member pressed at the same time),
   * `queued` is false and nothing more is sent.
   */
  tellDecision(request: { entryId: string; by: string }): Promise<Outcome<DecisionTold>>;
  /** Erases one entry on a student's request, recorded without its data. Rejected for an entry that does not exist. */
  erase(change: { entryId: string; by: string }): Promise<Outcome>;
  /** The latest erasures in a section, newest first. */
  erasures(section: InboxSection, limit: number): Promise<Outcome<ErasedEntry[]>>;
}

/** What "E-mail the decision" did: the decision, and whether this request queued its e-mail (false: sent before). */
export interface DecisionTold {
  decision: DecisionOffer["decision"];
  queued: boolean;
}
