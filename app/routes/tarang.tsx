import { Suspense } from "react";
import { ContentSection } from "~/components/events/content-section";
import { AddToCalendar } from "~/components/events/add-to-calendar";
import { EventHero } from "~/components/events/event-hero";
import { TarangCategories } from "~/components/events/tarang-categories";
import { RegistrationStatus } from "~/components/events/registration-status";
import { deferred } from "~/delivery/deferred";
import { combinedRegistrationState, registrationState } from "~/time/registration-window";
import { indianTimeSpan } from "~/server/events/calendar.server";
import { events } from "~/content/content.server";
import type { Route } from "./+types/tarang";
import { tarangCategoryIn, whenIn } from "~/content/events-in";
import { textIn } from "~/content/localized";
import { localeOf } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

// Off the page's first load: the notes and coordinators under the categories, which need no script before the
// visitor scrolls to them. Until their code arrives they are the server's HTML.
const TarangNotesSection = await deferred(() =>
  import("~/components/events/tarang-notes").then((module) => module.TarangNotesSection),
);

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const { coordinators } = events.tarang;
  const title = textIn(events.tarang.title, locale);
  const tagline = textIn(events.tarang.tagline, locale);
  const notes = events.tarang.notes.map((note) => textIn(note, locale));
  const when = whenIn(events.tarang.when, locale);
  // Read at render: the page cache keeps a page for minutes, not past a window's end by more than that.
  const now = new Date();
  // The cards show no rules; those are on each category's own page.
  const categories = events.tarang.categories.map((category) => {
    const { slug, title, note, summary, image } = tarangCategoryIn(category, locale);
    return { slug, title, note, summary, image, registration: registrationState(category.registration, now, locale) };
  });
  const registration = combinedRegistrationState(
    events.tarang.categories.map((category) => category.registration),
    now,
    locale,
  );
  const calendar = { when: indianTimeSpan(when, locale), location: when.location };
  return { title, tagline, registration, categories, notes, coordinators, calendar };
}

export default function Tarang({ loaderData }: Route.ComponentProps) {
  const { title, tagline, registration, categories, notes, coordinators, calendar } = loaderData;
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <>
      <EventHero eyebrow={t("events.tarang.eyebrow")} title={title} lead={tagline}>
        {/* The state of registration instead of a button back to this same page; each category shows its own. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <RegistrationStatus status={registration} className="self-start text-base" />
          {registration.state === "open" ? (
            <p className="text-slate-200">{t("events.tarang.registerWithCoordinator")}</p>
          ) : null}
        </div>
        <AddToCalendar href={localized("/tarang/calendar.ics")} when={calendar.when} location={calendar.location} />
      </EventHero>

      <ContentSection
        id="categories"
        eyebrow={t("events.tarang.categoriesEyebrow")}
        title={t("events.tarang.categoriesTitle")}
      >
        <TarangCategories categories={categories} />
      </ContentSection>

      <Suspense>
        <TarangNotesSection notes={notes} coordinators={coordinators} />
      </Suspense>
    </>
  );
}
