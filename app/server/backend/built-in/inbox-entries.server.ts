import { entryId, type EntryStatus, type InboxSection, type TriageAction } from "~/inbox/sections";
import type { TeamMember } from "~/types/submissions";
import type { EntryMail, InboxEntry, TriageEvent } from "~/inbox/entries";
import type { Db } from "./database.server";
import { rowLocale } from "./tables.server";

/** Inbox rows as entries: a section's row with its status, its history, its e-mails and, for a team, its members. */

export type Row = Record<string, string | number> & { id: number; created_at: string; status: EntryStatus };

interface Related {
  history: TriageEvent[];
  mails: EntryMail[];
  members: TeamMember[];
  confirmedAt: (string | null)[];
}

function toEntry(section: InboxSection, row: Row, { history, mails, members, confirmedAt }: Related): InboxEntry {
  const base = { id: entryId(section, row.id), receivedAt: row.created_at, status: row.status, history, mails };
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
        language: rowLocale(text("locale")),
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
        confirmedAt,
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

/**
 * The rows as entries, with their history, their e-mails and (for teams) their members, in a query each (per thousand
 * rows) whatever the count.
 */
export async function entriesOf(trx: Db, section: InboxSection, rows: Row[]): Promise<InboxEntry[]> {
  const ids = rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const history = new Map<number, TriageEvent[]>();
  const events = await inChunks(ids, (chunk) =>
    trx
      .selectFrom("triage_log")
      .select(["entry_id", "action", "by_college_id", "at"])
      .where("section", "=", section)
      .where("entry_id", "in", chunk)
      .orderBy("id")
      .execute(),
  );
  for (const event of events) {
    const list = history.get(event.entry_id) ?? [];
    list.push({ action: event.action as TriageAction, by: event.by_college_id, at: event.at });
    history.set(event.entry_id, list);
  }
  const mails = new Map<number, EntryMail[]>();
  const sent = await inChunks(ids, (chunk) =>
    trx
      .selectFrom("outbox")
      .select(["entry_id", "kind", "status", "created_at", "sent_at", "queued_by"])
      .where("entry_section", "=", section)
      .where("entry_id", "in", chunk)
      .orderBy("id")
      .execute(),
  );
  for (const mail of sent) {
    const list = mails.get(Number(mail.entry_id)) ?? [];
    list.push({
      kind: mail.kind,
      status: mail.status,
      queuedAt: mail.created_at,
      sentAt: mail.sent_at,
      queuedBy: mail.queued_by,
    });
    mails.set(Number(mail.entry_id), list);
  }
  const members = new Map<number, { members: TeamMember[]; confirmedAt: (string | null)[] }>();
  if (section === "teams") {
    const rows = await inChunks(ids, (chunk) =>
      trx
        .selectFrom("team_members")
        .select(["team_id", "name", "email", "phone", "gender", "institution", "skills", "role", "confirmed_at"])
        .where("team_id", "in", chunk)
        .orderBy("team_id")
        .orderBy("position")
        .execute(),
    );
    for (const { team_id: teamId, confirmed_at: confirmedAt, ...member } of rows) {
      const team = members.get(teamId) ?? { members: [], confirmedAt: [] };
      team.members.push(member as TeamMember);
      team.confirmedAt.push(confirmedAt);
      members.set(teamId, team);
    }
  }
  return rows.map((row) => {
    const id = Number(row.id);
    const team = members.get(id);
    return toEntry(section, row, {
      history: history.get(id) ?? [],
      mails: mails.get(id) ?? [],
      members: team?.members ?? [],
      confirmedAt: team?.confirmedAt ?? [],
    });
  });
}

/** Runs a query per thousand ids: both engines cap the parameters of one statement, and an export has no bound. */
async function inChunks<T>(ids: number[], query: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < ids.length; start += 1000) results.push(...(await query(ids.slice(start, start + 1000))));
  return results;
}
