import { ContentSection } from "~/components/events/content-section";
import { CoordinatorList } from "~/components/events/coordinator-list";
import { EventHero } from "~/components/events/event-hero";
import { TarangCategories } from "~/components/events/tarang-categories";
import { TarangNotes } from "~/components/events/tarang-notes";
import { RegistrationStatus } from "~/components/events/registration-status";
import { metaFor } from "~/lib/meta";
import { combinedRegistrationState, registrationState } from "~/lib/registration-window";
import { events } from "~/server/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/tarang";

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

export const meta = metaFor("/tarang");

export function loader() {
  const { title, tagline, notes, coordinators } = events.tarang;
  // Read at render: the page cache keeps a page for minutes, not past a window's end by more than that.
  const now = new Date();
  // The cards show no rules; those are on each category's own page.
  const categories = events.tarang.categories.map(({ slug, title, note, summary, image, registration }) => ({
    slug,
    title,
    note,
    summary,
    image,
    registration: registrationState(registration, now),
  }));
  const registration = combinedRegistrationState(
    events.tarang.categories.map((category) => category.registration),
    now,
  );
  return { title, tagline, registration, categories, notes, coordinators };
}

export default function Tarang({ loaderData }: Route.ComponentProps) {
  const { title, tagline, registration, categories, notes, coordinators } = loaderData;
  return (
    <>
      <EventHero eyebrow="Cultural fest" title={title} lead={tagline}>
        {/* The state of registration instead of a button back to this same page; each category shows its own. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <RegistrationStatus status={registration} className="self-start text-base" />
          {registration.state === "open" ? (
            <p className="text-slate-200">
              Register with a student coordinator: their numbers are below the categories.
            </p>
          ) : null}
        </div>
      </EventHero>

      <ContentSection id="categories" eyebrow="Categories" title="Pick your stage">
        <TarangCategories categories={categories} />
      </ContentSection>

      <ContentSection id="notes" eyebrow="Before you register" title="Notes and coordinators" tinted>
        <div className="grid gap-8 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <TarangNotes notes={notes} />
          </div>
          <div className="lg:col-span-2">
            <h3 className="mb-5 text-xl font-bold text-slate-900">Student coordinators</h3>
            <CoordinatorList coordinators={coordinators} stacked />
          </div>
        </div>
      </ContentSection>
    </>
  );
}
