import { calendarContentType, eventCalendar } from "~/server/events/calendar.server";
import { events, site } from "~/content/content.server";
import { whenIn } from "~/content/events-in";
import { textIn } from "~/content/localized";
import { englishPath, localeOf, localizedPath } from "~/i18n/locale";
import type { Route } from "./+types/event-calendar";

/**
 * "Add to calendar" on /sih and /tarang: the event's calendar file (/sih/calendar.ics, /tarang/calendar.ics), one
 * module with one route id each, and the same files in Hindi under /hi for the Hindi pages. The same file for every
 * visitor, so caches may keep it like robots.txt.
 */

function calendarOf(pathname: string) {
  const origin = new URL("/", site.url);
  const locale = localeOf(pathname);
  if (englishPath(pathname).startsWith("/tarang/"))
    return {
      locale,
      path: "/tarang",
      filename: "tarang.ics",
      // Stable, in both languages, so adding the event again updates it instead of doubling it.
      uid: `tarang@${origin.hostname}`,
      title: textIn(events.tarang.title, locale),
      summary: textIn(events.tarang.tagline, locale),
      when: whenIn(events.tarang.when, locale),
    };
  return {
    locale,
    path: "/sih",
    filename: "sih-hackathon.ics",
    // The same uid as the calendar file the hackathon's team e-mails carry (team-mail.server.ts).
    uid: `sih-hackathon@${origin.hostname}`,
    title: textIn(events.hackathon.title, locale),
    summary: textIn(events.hackathon.subtitle, locale),
    when: whenIn(events.hackathon.when, locale),
  };
}

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // React Router also answers every URL with ".data" appended, in its client navigations' format: a file has no
  // such twin.
  if (pathname.endsWith(".data"))
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const calendar = calendarOf(pathname);
  const body = eventCalendar(
    {
      uid: calendar.uid,
      title: calendar.title,
      summary: calendar.summary,
      when: calendar.when,
      // The event's page in the file's language.
      url: new URL(localizedPath(calendar.locale, calendar.path), site.url).href,
      organizer: { name: site.name, email: site.email },
    },
    calendar.locale,
  );
  return new Response(body, {
    headers: {
      "Content-Type": calendarContentType,
      "Content-Disposition": `attachment; filename="${calendar.filename}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
