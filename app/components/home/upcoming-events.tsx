import { Icon } from "~/components/icons";
import type { Events } from "~/content/schemas";
import type { In } from "~/content/content-in";
import { useText } from "~/i18n/use-text";
import { SectionHeading } from "./section-heading";
import { ArrowLink } from "~/components/arrow-link";

export function UpcomingEvents({ events }: { events: In<Events["upcoming"]> }) {
  const { t } = useText();
  return (
    <section aria-labelledby="events-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="events-title"
          eyebrow={t("content.home.events.eyebrow")}
          title={t("content.home.events.title")}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {events.map((event) => (
            <li key={event.title}>
              <article className="flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md sm:p-8">
                <p className="inline-flex w-fit items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-accent">
                  <Icon name="calendar" className="size-4" />
                  {event.date}
                </p>
                <h3 className="mt-5 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{event.title}</h3>
                <p className="mt-3 flex-1 text-slate-600">{event.description}</p>
                <ArrowLink
                  to={event.link}
                  className="mt-6 inline-flex w-fit items-center gap-2 font-semibold text-accent hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
                >
                  {t("content.home.events.learnMore")}
                  <span className="sr-only">{t("content.home.events.learnMoreAbout", { title: event.title })}</span>
                </ArrowLink>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
