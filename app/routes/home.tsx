import { localeOf, localizedPath } from "~/i18n/locale";
import { imageIn, textIn } from "~/content/localized";
import { contentIn, contentTextsIn, eventCardIn } from "~/content/content-in";
import { Suspense } from "react";
import { HomeHero } from "~/components/home/home-hero";
import { deferred } from "~/delivery/deferred";
import { popupPath } from "~/popup/dismissal";
import { pageMeta } from "~/seo/meta";
import { clubLink, clubs, events, people, site } from "~/content/content.server";
import type { Route } from "./+types/home";
import type { PageHandle } from "~/delivery/delivery";

// Off the page's first load: the popup (only for visitors who have not closed it) and everything under the hero.
// Until their code arrives they are the server's HTML.
const HackathonPopup = await deferred(() => import("~/popup/hackathon-popup").then((module) => module.HackathonPopup));
const BelowTheFold = await deferred(() =>
  import("~/components/home/below-the-fold").then((module) => module.BelowTheFold),
);

// Without JavaScript, the stylesheet that hides the popup for a visitor who closed it (the page stays the same for
// everyone, so the page cache keeps it); with JavaScript the <head> script does that, and nothing blocks the first
// paint.
export const handle: PageHandle = { noscriptStylesheets: [popupPath] };

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const siteMeta = matches[0]?.loaderData?.site;
  return pageMeta(siteMeta, {
    description: loaderData?.description ?? siteMeta?.tagline ?? "",
    path: "/",
    locale: localeOf(location.pathname),
  });
}

// Only what the sections show: the strip needs club names, logos and links, not the clubs' bearers and texts.
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const tagline = textIn(site.tagline, locale);
  return {
    description: contentTextsIn(locale).home.description.replace("{{tagline}}", tagline).trim(),
    hero: {
      title: site.name,
      tagline,
      institute: site.institute,
      video: site.media.heroVideo,
      poster: imageIn(site.media.heroPoster, locale),
    },
    promo: { video: site.media.promoVideo, poster: imageIn(site.media.promoPoster, locale) },
    popup: contentIn(events.hackathon.popup, locale),
    leaders: contentIn(people.leaders, locale),
    mentorHeads: contentIn(people.mentorHeads, locale),
    clubs: clubs.map((club) => ({
      name: club.name,
      logo: imageIn(club.logo, locale),
      link: localizedPath(locale, clubLink(club)),
    })),
    upcoming: events.upcoming.map((event) => eventCardIn(event, locale)),
    getInvolved: events.getInvolved.map((card) => eventCardIn(card, locale)),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, promo, popup, leaders, mentorHeads, clubs, upcoming, getInvolved } = loaderData;
  return (
    <>
      {/* First, so that without JavaScript it is the first thing on the page, above the hero rather than over it. */}
      <Suspense>
        <HackathonPopup {...popup} />
      </Suspense>
      <HomeHero {...hero} />
      <Suspense>
        <BelowTheFold
          councilName={hero.title}
          promo={promo}
          leaders={leaders}
          mentorHeads={mentorHeads}
          clubs={clubs}
          upcoming={upcoming}
          getInvolved={getInvolved}
        />
      </Suspense>
    </>
  );
}
