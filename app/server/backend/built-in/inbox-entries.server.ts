import { entryId, type EntryStatus, type InboxSection, type TriageAction } from "~/inbox/sections";
import type { TeamMember } from "~/types/submissions";
import type { InboxEntry, TriageEvent } from "~/inbox/entries";
import type { Db } from "./database.server";

/** Inbox rows as entries: a section's row with its status, its history and, for a team, its members. */

export type Row = Record<string, string | number> & { id: number; created_at: string; status: EntryStatus };

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

/** The rows as entries, with their history and (for teams) their members, in two queries whatever the count. */
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
  const members = new Map<number, TeamMember[]>();
  if (section === "teams") {
    const rows = await inChunks(ids, (chunk) =>
      trx
        .selectFrom("team_members")
        .select(["team_id", "name", "email", "phone", "gender", "institution", "skills", "role"])
        .where("team_id", "in", chunk)
        .orderBy("team_id")
        .orderBy("position")
        .execute(),
    );
    for (const { team_id: teamId, ...member } of rows) {
      const list = members.get(teamId) ?? [];
      list.push(member as TeamMember);
      members.set(teamId, list);
    }
  }
  return rows.map((row) => toEntry(section, row, history.get(Number(row.id)) ?? [], members.get(Number(row.id)) ?? []));
}

/** Runs a query per thousand ids: both engines cap the parameters of one statement, and an export has no bound. */
async function inChunks<T>(ids: number[], query: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < ids.length; start += 1000) results.push(...(await query(ids.slice(start, start + 1000))));
  return results;
}
