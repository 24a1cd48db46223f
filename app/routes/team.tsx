import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { people } from "~/content/content.server";
import type { Route } from "./+types/team";
import { contentIn } from "~/content/content-in";
import { localeOf } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";
import type { PageHandle } from "~/delivery/delivery";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "public" };

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).

// Read-only: every behaviour works without the framework (app/delivery/delivery.ts).

export const meta = metaFor("/team");

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
