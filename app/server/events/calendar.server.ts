import { createEvent } from "ics";
import type { EventTime } from "~/content/schemas";
import type { Locale } from "~/i18n/locale";
import { events as englishTexts } from "~/i18n/catalogue/en/events";
import { events as hindiTexts } from "~/i18n/catalogue/hi/events";
import { readableIndianTimeIn } from "~/time/localized-time";

/**
 * An event as a calendar file (iCalendar, RFC 5545, made by the `ics` package): the "Add to calendar" links of /sih
 * and /tarang, and the file the hackathon's e-mails carry. Times are written in UTC ("…Z"), which every calendar
 * shows in its reader's own zone (India's time in India); the description repeats them in India's time, for readers
 * whose calendar is set to another zone.
 */
export interface CalendarEvent {
  /** Stable across downloads and e-mails, so adding it twice updates one event instead of making two. */
  uid: string;
  title: string;
  summary: string;
  when: EventTime;
  /** The event's page on the site: from SITE_URL (for a download without it, the canonical origin), never a Host. */
  url: string;
  organizer: { name: string; email: string };
}

export const calendarContentType = "text/calendar; charset=utf-8";

const spanTexts = { en: englishTexts.calendar.span, hi: hindiTexts.calendar.span };

/**
 * When it is, in India's time: "24 Apr 2027, 09:00 IST to 24 Apr 2027, 18:00 IST" (in Hindi, "24 अप्रैल 2027, 09:00
 * IST से 24 अप्रैल 2027, 18:00 IST तक").
 */
export function indianTimeSpan(when: Pick<EventTime, "starts" | "ends">, locale: Locale = "en"): string {
  return spanTexts[locale]
    .replace("{{starts}}", readableIndianTimeIn(when.starts, locale))
    .replace("{{ends}}", readableIndianTimeIn(when.ends, locale));
}

/**
 * The event's .ics text, its description's times said in `locale` (the title, summary and place come in it already).
 * Throws when the content cannot make one (the content schema rules that out).
 */
export function eventCalendar(event: CalendarEvent, locale: Locale = "en"): string {
  const { error, value } = createEvent({
    uid: event.uid,
    productId: "-//Student Council//Events//EN",
    title: event.title,
    description: `${event.summary}\n\n${indianTimeSpan(event.when, locale)}${locale === "hi" ? "।" : "."}\n${event.url}`,
    location: event.when.location,
    url: event.url,
    start: Date.parse(event.when.starts),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(event.when.ends),
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
    busyStatus: "BUSY",
    organizer: event.organizer,
  });
  if (error || !value) throw new Error(`The calendar file could not be made: ${error?.message ?? "no output"}`);
  return foldedByOctets(value);
}

const octetsPerLine = 75;
const encoder = new TextEncoder();

/**
 * RFC 5545 folds content lines at 75 octets; the `ics` package folds at 75 characters, so a Hindi line (three octets a
 * letter) ran to 225. Unfolds its output, then folds every line again by octets, never inside a character: Outlook and
 * older phones read a longer line as broken.
 */
export function foldedByOctets(calendar: string): string {
  const lines = calendar.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines.map(foldLine).join("\r\n");
}

function foldLine(line: string): string {
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > octetsPerLine) {
      parts.push(part);
      // A continuation line starts with one space, which counts against its 75 octets.
      part = " ";
      octets = 1;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n");
}
