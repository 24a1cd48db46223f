/**
 * Times as a council in Bhopal reads them: India Standard Time (UTC+05:30, no daylight saving). Worked out by hand
 * rather than with Intl, so the server's HTML and the browser's hydration always print the same text.
 */
const istOffsetMs = (5 * 60 + 30) * 60 * 1000;
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (value: number) => String(value).padStart(2, "0");

function inIndia(moment: string | Date): Date | undefined {
  const date = typeof moment === "string" ? new Date(moment) : moment;
  return Number.isNaN(date.getTime()) ? undefined : new Date(date.getTime() + istOffsetMs);
}

/** "2025-11-23", the calendar date in India. */
export function indianDate(moment: string | Date): string {
  const local = inIndia(moment);
  if (!local) return "";
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** "2025-11-23 16:05", sortable, for spreadsheets. */
export function indianDateTime(moment: string | Date): string {
  const local = inIndia(moment);
  if (!local) return typeof moment === "string" ? moment : "";
  return `${indianDate(moment)} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** "23 Nov 2025, 16:05 IST", for people. */
export function readableIndianTime(moment: string | Date): string {
  const local = inIndia(moment);
  if (!local) return typeof moment === "string" ? moment : "";
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  return `${local.getUTCDate()} ${months[local.getUTCMonth()]} ${local.getUTCFullYear()}, ${time} IST`;
}
