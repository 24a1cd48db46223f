import type Database from "better-sqlite3";
// Relative, not "~/": tests compile the store for worker threads without the app's path aliases.
import {
  entryId,
  type EntryStatus,
  type InboxSection,
  inboxSections,
  parseEntryId,
  sectionInfo,
  statusAfter,
  type TriageAction,
} from "../../lib/council-inbox";
import type { Failure, Outcome, TeamMember } from "./council-backend.server";
import type { CouncilInbox, InboxEntry, InboxPage, SectionSummary, TriageEvent } from "./council-inbox.server";

/**
 * The built-in store's council inbox, on the tables of schema version 3 (see built-in-store.server.ts). Lists are
 * newest first by row id; an entry's status is a primary-key lookup in triage_state (no row: new), so counting new
 * entries is two counts; a page reads only its own rows plus their members and history. A search is a scan of a few
 * short columns: a few milliseconds at 10,000 entries (npm run bench:council).
 */

/** The store's wrapper that turns a database fault into `unavailable` (logged once, without personal data). */
export type Guarded = <T>(action: string, work: () => T | Promise<T>, unavailable: T) => Promise<T>;

type Row = Record<string, string | number> & { id: number; created_at: string; status: EntryStatus };

const like = (column: string) => `${column} LIKE @pattern ESCAPE '\\'`;

/** Per section: its table (aliased `e`) and what a search looks in (a team also matches by a member's name). */
const tables: Record<InboxSection, { table: string; search: string }> = {
  applications: { table: "applications", search: [like("e.name"), like("e.enrollment")].join(" OR ") },
  teams: {
    table: "teams",
    search: `${like("e.team_name")} OR EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = e.id AND ${like("m.name")})`,
  },
  ideas: { table: "ideas", search: [like("e.name"), like("e.enrollment"), like("e.title")].join(" OR ") },
  suggestions: { table: "suggestions", search: [like("e.name"), like("e.enrollment")].join(" OR ") },
};

/** The search as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function likePattern(search: string | undefined): string | null {
  const text = search?.trim();
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function toEntry(section: InboxSection, row: Row, history: TriageEvent[], members: TeamMember[]): InboxEntry {
  const base = { id: entryId(section, row.id), receivedAt: row.created_at, status: row.status, history };
  const text = (column: string) => String(row[column] ?? "");
  switch (section) {
    case "applications":
      return {
        ...base,
        section,
        application: {
          name: text("name"),
          email: text("email"),
          phone: text("phone"),
          enrollment: text("enrollment"),
          dob: text("dob"),
          gender: text("gender") as "Male" | "Female" | "Other",
          college: text("college"),
          department: text("department"),
          year: text("year"),
          club: text("club"),
          motivation: text("motivation"),
          terms: true,
        },
      };
    case "teams":
      return {
        ...base,
        section,
        team: {
          teamName: text("team_name"),
          category: text("category") as "coding" | "design" | "innovation" | "business",
          description: text("description"),
          members,
        },
      };
    case "ideas":
      return {
        ...base,
        section,
        idea: {
          name: text("name"),
          enrollment: text("enrollment"),
          college: text("college"),
          title: text("title"),
          description: text("description"),
          impact: text("impact"),
        },
      };
    case "suggestions":
      return {
        ...base,
        section,
        suggestion: {
          name: text("name"),
          enrollment: text("enrollment"),
          college: text("college"),
          problem: text("problem"),
          solution: text("solution"),
        },
      };
  }
}

export function createBuiltInInbox(db: Database.Database, guarded: Guarded): CouncilInbox {
  const statements = Object.fromEntries(
    inboxSections.map((section) => {
      const { table, search } = tables[section];
      const matches = `(@pattern IS NULL OR ${search})`;
      // The section's name is one of our four constants, never input.
      const withStatus = `
        SELECT e.*, COALESCE(s.status, 'new') AS status FROM ${table} e
        LEFT JOIN triage_state s ON s.section = '${section}' AND s.entry_id = e.id`;
      return [
        section,
        {
          counts: db.prepare<[{ pattern: string | null }], { total: number; handled: number; matching: number }>(`
            SELECT
              (SELECT COUNT(*) FROM ${table}) AS total,
              (SELECT COUNT(*) FROM triage_state WHERE section = '${section}') AS handled,
              (SELECT COUNT(*) FROM ${table} e WHERE ${matches}) AS matching
          `),
          page: db.prepare<[{ pattern: string | null; limit: number; offset: number }], Row>(
            `${withStatus} WHERE ${matches} ORDER BY e.id DESC LIMIT @limit OFFSET @offset`,
          ),
          all: db.prepare<[], Row>(`${withStatus} ORDER BY e.id DESC`),
          statusOf: db.prepare<[number], { status: EntryStatus }>(`${withStatus} WHERE e.id = ?`),
          setStatus: db.prepare<[number, EntryStatus]>(`
            INSERT INTO triage_state (section, entry_id, status) VALUES ('${section}', ?, ?)
            ON CONFLICT (section, entry_id) DO UPDATE SET status = excluded.status
          `),
        },
      ];
    }),
  ) as Record<
    InboxSection,
    {
      counts: Database.Statement<[{ pattern: string | null }], { total: number; handled: number; matching: number }>;
      page: Database.Statement<[{ pattern: string | null; limit: number; offset: number }], Row>;
      all: Database.Statement<[], Row>;
      statusOf: Database.Statement<[number], { status: EntryStatus }>;
      setStatus: Database.Statement<[number, EntryStatus]>;
    }
  >;

  const historyOf = db.prepare<[string, string], { entry_id: number; action: TriageAction; by_college_id: string; at: string }>(`
    SELECT entry_id, action, by_college_id, at FROM triage_log
    WHERE section = ? AND entry_id IN (SELECT value FROM json_each(?))
    ORDER BY id
  `);
  const membersOf = db.prepare<[string], TeamMember & { team_id: number }>(`
    SELECT team_id, name, email, phone, gender, institution, skills, role FROM team_members
    WHERE team_id IN (SELECT value FROM json_each(?))
    ORDER BY team_id, position
  `);
  const recordChange = db.prepare<[{ section: InboxSection; entryId: number; action: TriageAction; status: EntryStatus; by: string; at: string }]>(`
    INSERT INTO triage_log (section, entry_id, action, status, by_college_id, at)
    VALUES (@section, @entryId, @action, @status, @by, @at)
  `);

  /** The rows as entries, with their history and (for teams) their members, in two queries whatever the count. */
  function entriesOf(section: InboxSection, rows: Row[]): InboxEntry[] {
    const ids = JSON.stringify(rows.map((row) => row.id));
    const history = new Map<number, TriageEvent[]>();
    for (const event of historyOf.all(section, ids)) {
      const events = history.get(event.entry_id) ?? [];
      events.push({ action: event.action, by: event.by_college_id, at: event.at });
      history.set(event.entry_id, events);
    }
    const members = new Map<number, TeamMember[]>();
    if (section === "teams") {
      for (const { team_id: teamId, ...member } of membersOf.all(ids)) {
        const list = members.get(teamId) ?? [];
        list.push(member);
        members.set(teamId, list);
      }
    }
    return rows.map((row) => toEntry(section, row, history.get(row.id) ?? [], members.get(row.id) ?? []));
  }

  // Read transactions: a page's count, rows, members and history agree even while a student submits.
  const readPage = db.transaction((section: InboxSection, pattern: string | null, page: number, pageSize: number): InboxPage => {
    const total = statements[section].counts.get({ pattern })!.matching;
    const pageCount = Math.max(1, Math.ceil(total / pageSize));
    const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
    const rows = statements[section].page.all({ pattern, limit: pageSize, offset: (shown - 1) * pageSize });
    return { section, entries: entriesOf(section, rows), total, page: shown, pageCount };
  });
  const readAll = db.transaction((section: InboxSection) => entriesOf(section, statements[section].all.all()));

  const applyTriage = db.transaction(
    (section: InboxSection, number: number, action: TriageAction, by: string): Outcome<{ status: EntryStatus; changed: boolean }> => {
      const current = statements[section].statusOf.get(number);
      if (!current) return { ok: false, reason: "rejected", message: `There is no ${sectionInfo[section].kind} ${number}.` };
      const status = statusAfter[action];
      if (current.status === status) return { ok: true, value: { status, changed: false } };
      statements[section].setStatus.run(number, status);
      recordChange.run({ section, entryId: number, action, status, by, at: new Date().toISOString() });
      return { ok: true, value: { status, changed: true } };
    },
  );

  const unavailable: Failure = { ok: false, reason: "unavailable" };

  return {
    summary(search) {
      return guarded<Outcome<Record<InboxSection, SectionSummary>>>(
        "count the inbox",
        () => {
          const pattern = likePattern(search);
          const summary = Object.fromEntries(
            inboxSections.map((section) => {
              const counts = statements[section].counts.get({ pattern })!;
              // Entries are never deleted and no action makes one new again: the unhandled ones are the rest.
              const value: SectionSummary = { total: counts.total, new: counts.total - counts.handled };
              if (pattern !== null) value.matching = counts.matching;
              return [section, value];
            }),
          ) as Record<InboxSection, SectionSummary>;
          return { ok: true, value: summary };
        },
        unavailable,
      );
    },

    list({ section, search, page, pageSize }) {
      return guarded<Outcome<InboxPage>>(
        "list the inbox",
        () => {
          const value = readPage(section, likePattern(search), page, pageSize);
          return { ok: true, value };
        },
        unavailable,
      );
    },

    triage({ entryId: id, action, by }) {
      return guarded<Outcome<{ status: EntryStatus; changed: boolean }>>(
        "record a triage change",
        () => {
          const parsed = parseEntryId(id);
          if (!parsed) return { ok: false, reason: "rejected", message: "That entry does not exist." };
          if (!sectionInfo[parsed.section].actions.includes(action)) {
            return { ok: false, reason: "rejected", message: `That action is not available for ${sectionInfo[parsed.section].title.toLowerCase()}.` };
          }
          // IMMEDIATE: the status read and the write happen under one write lock, so two members never both "change" it.
          return applyTriage.immediate(parsed.section, parsed.number, action, by);
        },
        unavailable,
      );
    },

    exportSection(section) {
      return guarded<Outcome<InboxEntry[]>>(
        "export the inbox",
        () => ({ ok: true, value: readAll(section) }),
        unavailable,
      );
    },
  };
}
