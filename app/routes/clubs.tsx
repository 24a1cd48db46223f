import { ClubGrid } from "~/components/clubs/club-card";
import { ContentPage } from "~/components/page-header";
import { clubLink, clubs, site } from "~/content/content.server";
import type { Route } from "./+types/clubs";
import { imageIn } from "~/content/localized";
import { localeOf, localizedPath } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  return {
    caption: site.name,
    clubs: clubs.map((club) => ({
      name: club.name,
      logo: imageIn(club.logo, locale),
      link: localizedPath(locale, clubLink(club)),
    })),
  };
}

export default function Clubs({ loaderData }: Route.ComponentProps) {
  const { t } = useText();
  return (
    <ContentPage title={t("pages.clubs.heading")} intro={t("pages.clubs.intro")}>
      <ClubGrid clubs={loaderData.clubs} caption={loaderData.caption} />
    </ContentPage>
  );
}
