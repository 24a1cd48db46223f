import { AboutSection } from "~/components/home/about-section";
import { ClubsStrip } from "~/components/home/clubs-strip";
import { CouncilLeaders } from "~/components/home/council-leaders";
import { GetInvolved } from "~/components/home/get-involved";
import { HomeHero } from "~/components/home/home-hero";
import { MentorsCarousel } from "~/components/home/mentors-carousel";
import { PromoVideoSection } from "~/components/home/promo-video-section";
import { UpcomingEvents } from "~/components/home/upcoming-events";
import { popupPath } from "~/lib/hackathon-popup";
import { pageMeta } from "~/lib/meta";
import { clubLink, clubs, events, people, site } from "~/server/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/home";
import { lazy, Suspense } from "react";

// The popup's script is only for visitors of this page: it arrives after the page is interactive, and until then
// the popup is the server's HTML (it hydrates when its code is there). The server renders it directly.
const HackathonPopup = import.meta.env.SSR
  ? (await import("~/components/home/hackathon-popup")).HackathonPopup
  : lazy(() => import("~/components/home/hackathon-popup").then((module) => ({ default: module.HackathonPopup })));

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const siteMeta = matches[0]?.loaderData?.site;
  return pageMeta(siteMeta, {
    description:
      `${siteMeta?.tagline ?? ""} Meet the council's leaders and mentors, explore 19 clubs and join the SIH 2025 internal hackathon and Tarang.`.trim(),
    path: "/",
  });
}

// Only what the sections show: the strip needs club names, logos and links, not the clubs' bearers and texts.
export function loader() {
  return {
    hero: {
      title: site.name,
      tagline: site.tagline,
      institute: site.institute,
      video: site.media.heroVideo,
      poster: site.media.heroPoster,
    },
    promo: { video: site.media.promoVideo, poster: site.media.promoPoster },
    popup: events.hackathon.popup,
    leaders: people.leaders,
    mentorHeads: people.mentorHeads,
    clubs: clubs.map((club) => ({ name: club.name, logo: club.logo, link: clubLink(club) })),
    upcoming: events.upcoming,
    getInvolved: events.getInvolved,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, promo, popup, leaders, mentorHeads, clubs, upcoming, getInvolved } = loaderData;
  return (
    <>
      {/* Without JavaScript, the stylesheet that hides the popup for a visitor who closed it (the page stays the same
          for everyone; with JavaScript the <head> script does it, and nothing blocks the first paint). */}
      <noscript>
        <link rel="stylesheet" href={popupPath} />
      </noscript>
      {/* First, so that without JavaScript it is the first thing on the page, above the hero rather than over it. */}
      <Suspense>
        <HackathonPopup {...popup} />
      </Suspense>
      <HomeHero {...hero} />
      <AboutSection councilName={hero.title} />
      <PromoVideoSection {...promo} />
      <CouncilLeaders leaders={leaders} />
      <MentorsCarousel mentors={mentorHeads} />
      <ClubsStrip clubs={clubs} />
      <UpcomingEvents events={upcoming} />
      <GetInvolved cards={getInvolved} />
    </>
  );
}
