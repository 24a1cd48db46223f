import { Suspense } from "react";
import { AddToCalendar } from "~/components/events/add-to-calendar";
import { EventHero } from "~/components/events/event-hero";
import { RegistrationStatus } from "~/components/events/registration-status";
import { deferred } from "~/delivery/deferred";
import { registrationState } from "~/time/registration-window";
import { indianTimeSpan } from "~/server/events/calendar.server";
import { events, site } from "~/content/content.server";
import type { Route } from "./+types/sih";
import { ArrowLink } from "~/components/arrow-link";
import { hackathonIn } from "~/content/events-in";
import { localeOf } from "~/i18n/locale";
import { useLocalizedPath } from "~/i18n/use-locale";
import { useText } from "~/i18n/use-text";

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  // The popup text belongs to the home page; hackathonIn leaves it out.
  const { when, ...hackathon } = hackathonIn(events.hackathon, locale);
  // Read at render: the page cache keeps a page for minutes, not past a window's end by more than that.
  return {
    organiser: site.name,
    hackathon,
    registration: registrationState(events.hackathon.registration, new Date(), locale),
    calendar: { when: indianTimeSpan(when, locale), location: when.location },
  };
}

// Off the page's first load: everything under the hero, which needs no script before the visitor scrolls to it.
// Until its code arrives it is the server's HTML.
const HackathonSections = await deferred(() =>
  import("~/components/events/hackathon-sections").then((module) => module.HackathonSections),
);

export default function Sih({ loaderData }: Route.ComponentProps) {
  const { organiser, hackathon, registration, calendar } = loaderData;
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <>
      <EventHero eyebrow={t("events.sih.organisedBy", { organiser })} title={hackathon.title} lead={hackathon.subtitle}>
        <RegistrationStatus status={registration} className="mb-5 text-base" />
        <div className="flex flex-col gap-3 sm:flex-row">
          {registration.state === "open" ? (
            <ArrowLink
              to={localized("/sih/registration")}
              className="inline-flex items-center justify-center gap-2 rounded-full bg-accent px-7 py-3.5 font-semibold text-white shadow-lg shadow-red-950/40 transition-colors hover:bg-accent-strong focus-ring-white"
            >
              {t("events.sih.startRegistration")}
            </ArrowLink>
          ) : null}
          {/* A flex row ignores this space; a text browser needs it between the two links' names. */}{" "}
          <a
            href="#registration"
            className="inline-flex items-center justify-center rounded-full bg-white/10 px-7 py-3.5 font-semibold text-white ring-1 ring-white/25 transition-colors hover:bg-white/20 focus-ring-white"
          >
            {t("events.sih.readTeamRules")}
          </a>
        </div>
        <AddToCalendar href={localized("/sih/calendar.ics")} when={calendar.when} location={calendar.location} />
      </EventHero>
      <Suspense>
        <HackathonSections hackathon={hackathon} registration={registration} />
      </Suspense>
    </>
  );
}
