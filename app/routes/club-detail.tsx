import { localeOf } from "~/i18n/locale";
import { imageIn, textIn } from "~/content/localized";
import { catalogueIn, contentTextsIn } from "~/content/content-in";
import { data, isRouteErrorResponse } from "react-router";
import { shownBearers } from "~/components/clubs/bearers";
import { ClubProfile } from "~/components/clubs/club-profile";
import { pageMeta } from "~/seo/meta";
import { clubBySlug, clubLink } from "~/content/content.server";
import { log, requestId } from "~/server/ops/log.server";
import type { Route } from "./+types/club-detail";

// The not-found texts come with the 404 from the loader: meta runs in the browser too, where no catalogue is imported.
type NotFoundWords = { title: string; description: string };

export function meta({ loaderData, matches, params, location, error }: Route.MetaArgs) {
  const locale = localeOf(location.pathname);
  const site = matches[0]?.loaderData?.site;
  if (!loaderData) {
    const words = isRouteErrorResponse(error) ? (error.data as { words?: NotFoundWords } | null)?.words : undefined;
    return pageMeta(site, {
      title: words?.title ?? "404",
      description: words?.description ?? "",
      path: `/club/${params.clubName}`,
      locale,
    });
  }
  const { club } = loaderData;
  return pageMeta(site, { title: club.name, description: club.description, path: club.link, locale });
}

export function loader({ params, request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const club = clubBySlug(params.clubName);
  if (!club) {
    // A club that does not match is logged, then the Not Found screen shows (with a real 404).
    log.error({ reqId: requestId(request) }, `No club matches "${params.clubName}"`);
    const { errors } = catalogueIn(locale);
    throw data({ words: { title: errors.notFoundTitle, description: errors.notAvailable } }, { status: 404 });
  }
  return {
    club: {
      name: club.name,
      link: clubLink(club),
      logo: imageIn(club.logo, locale),
      description: textIn(club.description, locale),
      mission: textIn(club.mission, locale),
      vision: textIn(club.vision, locale),
      instagramUrl: club.instagramUrl,
      bearers: shownBearers(club.bearers).map((bearer) => ({
        ...bearer,
        label: contentTextsIn(locale).club[bearer.role],
      })),
    },
  };
}

export default function ClubDetail({ loaderData }: Route.ComponentProps) {
  return <ClubProfile club={loaderData.club} />;
}
