import { actionDone, type InboxSection, statusLabels } from "~/inbox/sections";
import { entryFields, fieldLabels, teamMemberLabels, teamMemberRows } from "~/inbox/entry-fields";
import { indianDate, indianDateTime } from "~/time/india-time";
import { mobileDigits } from "~/forms/phone";
import type { InboxEntry } from "./entries";
import { privatePage } from "~/delivery/headers.server";

/**
 * The council inbox's CSV export: one file per section, as spreadsheets open it — UTF-8 with a byte order mark
 * (without it Excel reads Hindi names as mojibake), every cell quoted, CRLF line ends (RFC 4180). A cell that a
 * spreadsheet would run as a formula is prefixed with ', so a student cannot plant one (OWASP's "CSV injection").
 * Phone numbers the site stored itself are written so that they need no prefix (`csvPhone`).
 */

const byteOrderMark = "\uFEFF";

/**
 * What a spreadsheet may run as a formula: a cell starting with a tab or a carriage return, or whose first visible
 * character is = + - @. Spreadsheets skip leading blanks, and a zero-width character is invisible, so neither may hide
 * the sign; the full-width and small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫) look the same to the council member and some
 * spreadsheets fold them to ASCII.
 */
const formulaStart =
  /^(?:[\t\r]|[\s\u200B-\u200D\u2060\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/;

export function csvCell(value: string): string {
  const neutralised = formulaStart.test(value) ? `'${value}` : value;
  return `"${neutralised.replaceAll('"', '""')}"`;
}

export function csvDocument(rows: readonly (readonly string[])[]): string {
  return byteOrderMark + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

function historyText(entry: InboxEntry): string {
  return entry.history
    .map((event) => `${actionDone[event.action]} by ${event.by} on ${indianDateTime(event.at)} IST`)
    .join("; ");
}

/**
 * Every form stores an Indian mobile number as "+919876543210": exported as "98765 43210" under a header naming +91,
 * it needs no formula guard (a leading + would get one, and the council member a stray ') and no spreadsheet reads it
 * as a number (the space). Anything else (a row stored before that rule) is the student's text and keeps the guard.
 */
export function csvPhone(stored: string): string {
  const digits = mobileDigits(stored);
  return digits === undefined ? stored : `${digits.slice(0, 5)} ${digits.slice(5)}`;
}

const phoneLabels: Record<string, string> = { "Phone Number": "Phone Number (+91)", Phone: "Phone (+91)" };
const withPhoneLabel = (label: string) => phoneLabels[label] ?? label;
const memberPhone = teamMemberLabels.indexOf("Phone");

/** The section's rows: a header, then one row per entry (per team member for teams, the team's columns repeated). */
export function sectionRows(section: InboxSection, entries: readonly InboxEntry[]): string[][] {
  const about = (entry: InboxEntry) => [
    entry.id,
    indianDateTime(entry.receivedAt),
    statusLabels[entry.status],
    historyText(entry),
  ];
  const aboutLabels = ["Entry", "Received (IST)", "Status", "History"];
  const header = [...aboutLabels, ...fieldLabels(section).map(withPhoneLabel)];
  if (section === "teams") header.push("Member", ...teamMemberLabels.map(withPhoneLabel));

  const rows = entries.flatMap((entry) => {
    const fields = entryFields(entry).map((field) =>
      entry.section === "applications" && field.label === "Phone Number"
        ? csvPhone(entry.application.phone)
        : field.value,
    );
    const values = [...about(entry), ...fields];
    if (entry.section !== "teams") return [values];
    return teamMemberRows(entry).map((member, index) => {
      member[memberPhone] = csvPhone(entry.team.members[index]!.phone);
      return [...values, String(index + 1), ...member];
    });
  });
  return [header, ...rows];
}

export function csvFileName(section: InboxSection, now: Date = new Date()): string {
  return `council-${section}-${indianDate(now)}.csv`;
}

/** The download: private like the page it comes from, never shown inline, never indexed. */
export function csvResponse(section: InboxSection, entries: readonly InboxEntry[], now: Date = new Date()): Response {
  return new Response(csvDocument(sectionRows(section, entries)), {
    headers: {
      ...privatePage,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(section, now)}"`,
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
  });
}
