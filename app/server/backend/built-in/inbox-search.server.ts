import { type RawBuilder, sql } from "kysely";
import type { InboxSection } from "~/inbox/sections";
import { mobileDigits } from "~/forms/phone";
import type { Db } from "./database.server";

/**
 * How the built-in inbox finds its entries: each section's table and what a search looks in, a search typed by a
 * member made into LIKE patterns (a phone number by its digits), and the counts a section's heading shows.
 */

/** Folds case the engine's way on both sides (ASCII on SQLite, all of Unicode on PostgreSQL), so they agree. */
const like = (column: string, pattern: string) => sql`lower(${sql.ref(column)}) LIKE lower(${pattern}) ESCAPE '\\'`;

/**
 * A search as the queries use it: `text` matches anywhere in the searched columns; `phone`, when the search looks
 * like (part of) a phone number, is its digits, matched anywhere in the stored numbers ("+919876543210"), so
 * "98765 43210" and "+91 9876543210" find the same student.
 */
export interface Search {
  text: string;
  phone: string | null;
}

/** Per section: its table (aliased `e`) and what a search looks in (a team also matches by its members' details). */
export const tables: Record<InboxSection, { table: string; search: (search: Search) => RawBuilder<unknown> }> = {
  applications: {
    table: "applications",
    search: ({ text, phone }) =>
      sql`(${like("e.name", text)} OR ${like("e.enrollment", text)} OR ${like("e.email", text)}${phoneMatch("e.phone", phone)})`,
  },
  teams: {
    table: "teams",
    search: ({ text, phone }) =>
      sql`(${like("e.team_name", text)} OR EXISTS (SELECT 1 FROM team_members m WHERE m.team_id = e.id AND (${like("m.name", text)} OR ${like("m.email", text)}${phoneMatch("m.phone", phone)})))`,
  },
  ideas: {
    table: "ideas",
    search: ({ text }) => sql`(${like("e.name", text)} OR ${like("e.enrollment", text)} OR ${like("e.title", text)})`,
  },
  suggestions: {
    table: "suggestions",
    search: ({ text }) => sql`(${like("e.name", text)} OR ${like("e.enrollment", text)})`,
  },
};

const phoneMatch = (column: string, phone: string | null) =>
  phone === null ? sql`` : sql` OR ${sql.ref(column)} LIKE ${phone}`;

/** Text a LIKE pattern matches anywhere, its own % and _ taken literally. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Digits, spaces, dashes, brackets, dots and a leading +, with at least four digits: someone typed (part of) a phone
 * number. A whole Indian mobile number is its ten digits (the stored form's prefix dropped, as the forms do); part
 * of one is its digits as typed.
 */
function phoneDigits(text: string): string | null {
  if (!/^\+?[\d\s\-().]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 4) return null;
  return mobileDigits(text) ?? digits;
}

export function searchOf(search: string | undefined): Search | null {
  const text = search?.trim();
  if (!text) return null;
  const phone = phoneDigits(text);
  return { text: anywhere(text), phone: phone === null ? null : `%${phone}%` };
}

export function matching(section: InboxSection, search: Search | null) {
  return search === null ? sql`1 = 1` : tables[section].search(search);
}

/** The section's rows with their status (the section name is one of four constants, never input). */
export function withStatus(section: InboxSection) {
  return sql`SELECT e.*, COALESCE(s.status, 'new') AS status FROM ${sql.table(tables[section].table)} e
    LEFT JOIN triage_state s ON s.section = ${section} AND s.entry_id = e.id`;
}

export async function counts(trx: Db, section: InboxSection, pattern: Search | null) {
  const table = sql.table(tables[section].table);
  const { rows } = await sql<{ total: number; handled: number; matching: number }>`
    SELECT
      (SELECT COUNT(*) FROM ${table}) AS total,
      (SELECT COUNT(*) FROM triage_state WHERE section = ${section}) AS handled,
      (SELECT COUNT(*) FROM ${table} e WHERE ${matching(section, pattern)}) AS matching
  `.execute(trx);
  const row = rows[0]!;
  return { total: Number(row.total), handled: Number(row.handled), matching: Number(row.matching) };
}
