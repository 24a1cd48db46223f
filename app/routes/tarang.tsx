import { Link } from "react-router";
import { ContentSection } from "~/components/events/content-section";
import { CoordinatorList } from "~/components/events/coordinator-list";
import { EventHero } from "~/components/events/event-hero";
import { TarangCategories } from "~/components/events/tarang-categories";
import { TarangNotes } from "~/components/events/tarang-notes";
import { Icon } from "~/components/icons";
import { pageMeta } from "~/lib/meta";
import { events } from "~/server/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/tarang";

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches[0]?.loaderData?.site, {
    title: "Tarang – The Waves of Talent",
    description:
      "Tarang, the cultural fest: ramp walk, dance, open mic, music and mystery games. Entries close Monday 01-09-2025 at 11:59 PM.",
    path: "/tarang",
  });
}

export function loader() {
  const { title, tagline, closes, notes, coordinators } = events.tarang;
  // The cards show no rules; those are on each category's own page.
  const categories = events.tarang.categories.map(({ slug, title, note, summary, image }) => ({
    slug,
    title,
    note,
    summary,
    image,
  }));
  return { title, tagline, closes, categories, notes, coordinators };
}

export default function Tarang({ loaderData }: Route.ComponentProps) {
  const { title, tagline, closes, categories, notes, coordinators } = loaderData;
  return (
    <>
      <EventHero eyebrow="Cultural fest" title={title} lead={tagline}>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          {/* The specification labels the closed registration "REGISTER close" and keeps it on this page. */}
          <Link
            to="/tarang"
            className="inline-flex items-center justify-center rounded-full bg-accent px-7 py-3.5 font-semibold tracking-wide text-white shadow-lg shadow-red-950/40 transition-colors hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            REGISTER close
          </Link>
          <p className="inline-flex items-center gap-2 text-slate-200">
            <Icon name="calendar" className="size-5 shrink-0 text-red-200" />
            <span>
              Entries close <strong className="font-semibold text-white">{closes}</strong>
            </span>
          </p>
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
