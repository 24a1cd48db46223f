import { calendarContentType, eventCalendar } from "~/server/events/calendar.server";
import { events, site } from "~/content/content.server";
import { whenIn } from "~/content/events-in";
import { env } from "~/server/ops/env.server";
import type { Route } from "./+types/event-calendar";

/**
 * "Add to calendar" on /sih and /tarang: the event's calendar file (/sih/calendar.ics, /tarang/calendar.ics), one
 * module with one route id each. The same file for every visitor, so caches may keep it like robots.txt.
 */

/** The site's public origin: SITE_URL when configured, else the canonical origin the sitemap uses; never the Host. */
function siteOrigin(): string {
  return env.SITE_URL ?? site.url;
}

function calendarOf(pathname: string): { path: string; filename: string; uid: string; title: string; summary: string } {
  const origin = new URL("/", siteOrigin());
  if (pathname.startsWith("/tarang/"))
    return {
      path: "/tarang",
      filename: "tarang.ics",
      // Stable, so adding the event again updates it instead of doubling it.
      uid: `tarang@${origin.hostname}`,
      title: events.tarang.title.en,
      summary: events.tarang.tagline.en,
    };
  return {
    path: "/sih",
    filename: "sih-hackathon.ics",
    // The same uid as the calendar file the hackathon's team e-mails carry (team-mail.server.ts).
    uid: `sih-hackathon@${origin.hostname}`,
    title: events.hackathon.title.en,
    summary: events.hackathon.subtitle.en,
  };
}

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // React Router also answers every URL with ".data" appended, in its client navigations' format: a file has no
  // such twin.
  if (pathname.endsWith(".data"))
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const calendar = calendarOf(pathname);
  // The calendar file stays in English, for both languages' pages.
  const when = whenIn(calendar.path === "/tarang" ? events.tarang.when : events.hackathon.when, "en");
  const body = eventCalendar({
    uid: calendar.uid,
    title: calendar.title,
    summary: calendar.summary,
    when,
    url: new URL(calendar.path, siteOrigin()).href,
    organizer: { name: site.name, email: site.email },
  });
  return new Response(body, {
    headers: {
      "Content-Type": calendarContentType,
      "Content-Disposition": `attachment; filename="${calendar.filename}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
