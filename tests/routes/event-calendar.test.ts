import { afterEach, describe, expect, it, vi } from "vitest";
import { events, site } from "~/content/content.server";
import { foldedByOctets } from "~/server/events/calendar.server";

/**
 * "Add to calendar" on /sih and /tarang: /sih/calendar.ics and /tarang/calendar.ics answer the event's calendar
 * file, a download any cache may keep, whose times are the content's India times in UTC and whose link to the event
 * is built from SITE_URL (else the site's canonical origin), never from the request's Host.
 */

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The route module as a server started with `siteUrl` as SITE_URL (or without one) loads it. */
async function calendarRoute(siteUrl: string | undefined) {
  vi.resetModules();
  vi.stubEnv("SITE_URL", siteUrl);
  return import("~/routes/event-calendar");
}

/** A hostile visitor's request: another Host, and forwarding headers naming it too. */
function hostileGet(path: string): Request {
  return new Request(`http://evil.example${path}`, {
    headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" },
  });
}

function load(route: Awaited<ReturnType<typeof calendarRoute>>, path: string): Response {
  const request = hostileGet(path);
  return route.loader({ request, params: {}, context: {} } as never);
}

/** The first VEVENT's properties, lines unfolded (RFC 5545 3.1), parameters dropped: "DTSTART" -> "20270424T033000Z". */
function eventProperties(ics: string): Map<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  const start = lines.indexOf("BEGIN:VEVENT");
  const end = lines.indexOf("END:VEVENT");
  expect(start, "a VEVENT").toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const properties = new Map<string, string>();
  for (const line of lines.slice(start + 1, end)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).split(";")[0]!;
    if (!properties.has(name)) properties.set(name, line.slice(colon + 1));
  }
  return properties;
}

/** "2027-04-24T09:00:00+05:30" (India's time, as data/events.json writes it) in UTC as iCalendar writes it. */
function utcOfIndianTime(moment: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\+05:30$/.exec(moment);
  if (!match) throw new Error(`not an India time: ${moment}`);
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  const utc = new Date(Date.UTC(year, month - 1, day, hour, minute - 330, second));
  return utc
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

/** An event's calendar file beside its English page: `name` names the file and begins the event's uid. */
const englishCase = (page: string, name: string, event: () => typeof events.hackathon | typeof events.tarang) => ({
  path: `${page}/calendar.ics`,
  page,
  filename: `${name}.ics`,
  uidPrefix: `${name}@`,
  locale: "en" as const,
  title: () => event().title,
  when: () => event().when,
});
const englishCases = [
  englishCase("/sih", "sih-hackathon", () => events.hackathon),
  englishCase("/tarang", "tarang", () => events.tarang),
];
// The Hindi pages' files: the same event (the same uid), its name, place and description in Hindi, linking the Hindi page.
const cases = [
  ...englishCases,
  ...englishCases.map((english) => ({
    ...english,
    path: `/hi${english.path}`,
    page: `/hi${english.page}`,
    locale: "hi" as const,
  })),
];

describe("the events' calendar files", () => {
  for (const { path, page, filename, uidPrefix, locale, title, when } of cases) {
    it(`${path} answers the event's .ics as a cacheable download, its link from SITE_URL`, async () => {
      const route = await calendarRoute("https://council.example.test");
      const response = load(route, path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");

      const ics = await response.text();
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toMatch(/END:VCALENDAR\r\n?$/);
      expect(ics).not.toContain("evil.example");
      const event = eventProperties(ics);
      expect(event.get("DTSTART")).toBe(utcOfIndianTime(when().starts));
      expect(event.get("DTEND")).toBe(utcOfIndianTime(when().ends));
      expect(event.get("SUMMARY")).toBe(title()[locale]);
      expect(event.get("URL")).toBe(`https://council.example.test${page}`);
      expect(event.get("UID")).toBe(`${uidPrefix}council.example.test`);
      expect(event.get("LOCATION")).toBe(when().location[locale].replace(/,/g, "\\,"));
      // The description repeats the times in India's time, in the file's language.
      expect(event.get("DESCRIPTION")).toMatch(locale === "hi" ? / IST से .+ IST तक।/ : / IST to .+ IST\./);
      // RFC 5545 folds lines at 75 octets, not characters: a Hindi line is three octets a letter.
      for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    });
  }

  it("folds a long Hindi line at 75 octets without splitting a letter, and unfolds to the same line", () => {
    const line = `DESCRIPTION:${"हैकाथॉन परिसर में होगा। ".repeat(12)}`;
    const folded = foldedByOctets(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const part of lines) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(`BEGIN:VEVENT\r\n${line}\r\nEND:VEVENT`);
  });

  it("reads India's time as 5:30 ahead of UTC, also across midnight", () => {
    expect(utcOfIndianTime("2027-04-24T09:00:00+05:30")).toBe("20270424T033000Z");
    expect(utcOfIndianTime("2027-03-20T02:00:00+05:30")).toBe("20270319T203000Z");
  });

  it("without SITE_URL the link and uid come from the site's canonical origin, as the sitemap's, not the Host", async () => {
    const route = await calendarRoute(undefined);
    const ics = await load(route, "/tarang/calendar.ics").text();
    expect(ics).not.toContain("evil.example");
    const event = eventProperties(ics);
    expect(event.get("URL")).toBe(new URL("/tarang", site.url).href);
    expect(event.get("UID")).toBe(`tarang@${new URL(site.url).hostname}`);
  });

  it("is the same file on every request (a stable uid: adding it twice updates one event)", async () => {
    const route = await calendarRoute("https://council.example.test");
    const first = eventProperties(await load(route, "/sih/calendar.ics").text());
    const second = eventProperties(await load(route, "/sih/calendar.ics").text());
    expect(second.get("UID")).toBe(first.get("UID"));
    expect(second.get("DTSTART")).toBe(first.get("DTSTART"));
  });
});
