import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { people } from "~/content/content.server";
import type { Route } from "./+types/developers";
import { contentIn } from "~/content/content-in";
import { localeOf } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";

export function loader({ request }: Route.LoaderArgs) {
  return { developers: contentIn(people.developers, localeOf(new URL(request.url).pathname)) };
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  const { t } = useText();
  return (
    <ContentPage title={t("content.developers.heading")} intro={t("content.developers.intro")}>
      <PersonGrid people={loaderData.developers} layout="narrow" headingLevel={2} />
    </ContentPage>
  );
}
