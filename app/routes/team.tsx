import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { people } from "~/content/content.server";
import type { Route } from "./+types/team";
import { contentIn } from "~/content/content-in";
import { localeOf } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";

export function loader({ request }: Route.LoaderArgs) {
  return { officeBearers: contentIn(people.officeBearers, localeOf(new URL(request.url).pathname)) };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { t } = useText();
  return (
    <ContentPage title={t("content.team.heading")} intro={t("content.team.intro")}>
      <PersonGrid people={loaderData.officeBearers} headingLevel={2} />
    </ContentPage>
  );
}
