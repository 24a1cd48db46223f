import { sql } from "kysely";
import {
  type EntryStatus,
  type InboxSection,
  inboxSections,
  parseEntryId,
  sectionInfo,
  statusAfter,
} from "~/inbox/sections";
import type { Locale } from "~/i18n/locale";
import type { Outcome } from "../council-backend.server";
import type { CouncilInbox, DecisionTold } from "~/inbox/inbox-store.server";
import type { ErasedEntry, InboxEntry, InboxPage, SectionSummary } from "~/inbox/entries";
import type { StoreDatabase } from "./database.server";
import { guarded, now } from "./guard.server";
import type { StoreMail } from "./store.server";
import { entriesOf, type Row } from "./inbox-entries.server";
import { counts, matching, searchOf, tables, withStatus } from "./inbox-search.server";
import type { StoreEvent } from "./mail-events.server";
import { queueEvent } from "./mail-queue.server";
import { forgetErasedEntry } from "./student-records.server";
import { rowLocale } from "./tables.server";

/**
 * The built-in store's council inbox. Lists are newest first by row id; an entry's status is a primary-key lookup in
 * triage_state (no row: new), so counting new entries is two counts; a page reads only its own rows plus their
 * members and history. A search is a scan of a few short columns: milliseconds at 10,000 entries on either engine
 * (npm run bench:council).
 */

/**
 * Row ids are 32-bit signed integers (PostgreSQL's `integer`, which refuses a larger number in the query itself): an
 * entry number above this names no row on either engine.
 */
const largestRowId = 2_147_483_647;

const noSuchEntry = (section: InboxSection, number: number) =>
  ({
    ok: false,
    reason: "rejected",
    refusal: { code: "noSuchEntry", kind: sectionInfo[section].kind, number },
  }) as const;

/**
 * What the inbox needs to e-mail a decision; `mail` unset: the site sends no e-mail, and a writer without the
 * council's decision texts e-mails no decision.
 */
export interface InboxOptions {
  mail?: StoreMail;
}

type Decision = "accepted" | "declined";

/** The outbox kind of each decision: the unique index allows one of each per application. */
const decisionMailKinds = { accepted: "decision-accepted", declined: "decision-declined" } as const;

const isDecision = (status: EntryStatus): status is Decision => status === "accepted" || status === "declined";

export function createInbox(store: StoreDatabase, options: InboxOptions = {}): CouncilInbox {
  const { mail } = options;
  const canTell =
    mail !== undefined && mail.writer.writes("decision-accepted") && mail.writer.writes("decision-declined");

  /** What a decision on an application is, as the store records it. */
  const decisionEvent = (
    application: { name: string; club: string },
    decision: Decision,
    locale: Locale = "en",
  ): StoreEvent => ({ kind: decisionMailKinds[decision], ...application, locale });

  /** Each decided application whose decision was not e-mailed yet offers it, with the text it would send. */
  const withDecisionOffers = (entries: InboxEntry[]): InboxEntry[] =>
    entries.map((entry) => {
      if (entry.section !== "applications" || !isDecision(entry.status)) return entry;
      const decision = entry.status;
      if (entry.mails.some((sent) => sent.kind === decisionMailKinds[decision])) return entry;
      // The very text the student would get: the mail module's words for the event the decision records.
      const composed = canTell ? mail.writer.write(decisionEvent(entry.application, decision, entry.language)) : null;
      return {
        ...entry,
        decisionOffer: {
          decision,
          mail: composed && { to: entry.application.email, subject: composed.subject, text: composed.text },
        },
      };
    });

  return {
    summary(search) {
      return guarded<Outcome<Record<InboxSection, SectionSummary>>>("count the inbox", async () => {
        const pattern = searchOf(search);
        const summary = await store.read(async (trx) => {
          const value = {} as Record<InboxSection, SectionSummary>;
          for (const section of inboxSections) {
            const counted = await counts(trx, section, pattern);
            // No action makes an entry new again: the unhandled ones are the rest.
            value[section] = { total: counted.total, new: counted.total - counted.handled };
            if (pattern !== null) value[section].matching = counted.matching;
          }
          return value;
        });
        return { ok: true, value: summary };
      });
    },

    list({ section, search, page, pageSize }) {
      return guarded<Outcome<InboxPage>>("list the inbox", async () => {
        const pattern = searchOf(search);
        // One snapshot: a page's count, rows, members and history agree even while a student submits.
        const value = await store.read(async (trx): Promise<InboxPage> => {
          const { matching: total } = await counts(trx, section, pattern);
          const pageCount = Math.max(1, Math.ceil(total / pageSize));
          const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
          const { rows } = await sql<Row>`${withStatus(section)} WHERE ${matching(section, pattern)}
              ORDER BY e.id DESC LIMIT ${pageSize} OFFSET ${(shown - 1) * pageSize}`.execute(trx);
          const entries = withDecisionOffers(await entriesOf(trx, section, rows));
          return { section, entries, total, page: shown, pageCount };
        });
        return { ok: true, value };
      });
    },

    triage({ entryId: id, action, by }) {
      return guarded<Outcome<{ status: EntryStatus; changed: boolean }>>("record a triage change", async () => {
        const parsed = parseEntryId(id);
        if (!parsed) return { ok: false, reason: "rejected", refusal: { code: "entryMissing" } };
        const { section, number } = parsed;
        if (!sectionInfo[section].actions.includes(action)) {
          return {
            ok: false,
            reason: "rejected",
            refusal: { code: "actionNotOffered", section: sectionInfo[section].title.toLowerCase() },
          };
        }
        if (number > largestRowId) return noSuchEntry(section, number);
        // The status read and the write happen under one lock, so two members never both "change" it.
        return store.write(async (trx): Promise<Outcome<{ status: EntryStatus; changed: boolean }>> => {
          await store.lock(trx, `triage:${section}:${number}`);
          const { rows } = await sql<{ status: EntryStatus }>`${withStatus(section)} WHERE e.id = ${number}`.execute(
            trx,
          );
          const current = rows[0];
          if (!current) return noSuchEntry(section, number);
          const status = statusAfter[action];
          if (current.status === status) return { ok: true, value: { status, changed: false } };
          await trx
            .insertInto("triage_state")
            .values({ section, entry_id: number, status })
            .onConflict((conflict) => conflict.columns(["section", "entry_id"]).doUpdateSet({ status }))
            .execute();
          await trx
            .insertInto("triage_log")
            .values({ section, entry_id: number, action, status, by_college_id: by, at: now() })
            .execute();
          return { ok: true, value: { status, changed: true } };
        });
      });
    },

    tellDecision({ entryId: id, by }) {
      return guarded<Outcome<DecisionTold>>("e-mail a decision", async () => {
        const parsed = parseEntryId(id);
        if (!parsed) return { ok: false, reason: "rejected", refusal: { code: "entryMissing" } };
        const { section, number } = parsed;
        if (section !== "applications") return { ok: false, reason: "rejected", refusal: { code: "notAnApplication" } };
        if (number > largestRowId) return noSuchEntry(section, number);
        if (!canTell) return { ok: false, reason: "rejected", refusal: { code: "decisionMailOff" } };
        let attempted: Decision | undefined;
        try {
          return await store.write(async (trx): Promise<Outcome<DecisionTold>> => {
            // The triage lock: the decision read here is the one e-mailed, whatever another member presses meanwhile.
            await store.lock(trx, `triage:${section}:${number}`);
            const { rows } = await sql<Row>`${withStatus(section)} WHERE e.id = ${number}`.execute(trx);
            const current = rows[0];
            if (!current) return noSuchEntry(section, number);
            if (!isDecision(current.status)) return { ok: false, reason: "rejected", refusal: { code: "noDecision" } };
            const decision = (attempted = current.status);
            const application = { name: String(current.name), club: String(current.club) };
            await queueEvent(trx, mail, {
              // In the language of the page the student applied on.
              event: decisionEvent(application, decision, rowLocale(String(current.locale))),
              to: String(current.email),
              entry: { section, id: number },
              queuedBy: by,
            });
            return { ok: true, value: { decision, queued: true } };
          });
        } catch (error) {
          // The unique index allows one e-mail per decision and application: this one was sent already (or by
          // another member a moment ago). Nothing was written.
          if (!attempted || !store.isUniqueViolation(error)) throw error;
          return { ok: true, value: { decision: attempted, queued: false } };
        }
      });
    },

    erase({ entryId: id, by }) {
      return guarded<Outcome>("erase an inbox entry", async () => {
        const parsed = parseEntryId(id);
        if (!parsed) return { ok: false, reason: "rejected", refusal: { code: "entryMissing" } };
        const { section, number } = parsed;
        if (number > largestRowId) return noSuchEntry(section, number);
        const erased = await store.write(async (trx) => {
          const { rows } = await sql<{
            id: number;
          }>`DELETE FROM ${sql.table(tables[section].table)} WHERE id = ${number} RETURNING id`.execute(trx);
          if (rows.length === 0) return false;
          // A team's members go with it (ON DELETE CASCADE), and the entry's history of triage changes: the record
          // of the erasure says that it went.
          await forgetErasedEntry(trx, { section, entry_id: number, reason: "council-request", by_college_id: by });
          return true;
        });
        if (!erased) return noSuchEntry(section, number);
        await store.afterErasure();
        return { ok: true };
      });
    },

    erasures(section, limit) {
      return guarded<Outcome<ErasedEntry[]>>("list erasures", async () => {
        const rows = await store.read((trx) =>
          trx
            .selectFrom("erasures")
            .select(["what", "reason", "at"])
            .where("section", "=", section)
            .orderBy("id", "desc")
            .limit(limit)
            .execute(),
        );
        return {
          ok: true,
          value: rows.map((row) => ({
            section,
            what: row.what as "entry" | "member",
            reason: row.reason,
            at: row.at,
          })),
        };
      });
    },

    exportSection(section) {
      return guarded<Outcome<InboxEntry[]>>("export the inbox", async () => {
        const value = await store.read(async (trx) => {
          const { rows } = await sql<Row>`${withStatus(section)} ORDER BY e.id DESC`.execute(trx);
          return entriesOf(trx, section, rows);
        });
        return { ok: true, value };
      });
    },
  };
}
