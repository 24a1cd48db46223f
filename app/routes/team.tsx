import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { people } from "~/content/content.server";
import type { Route } from "./+types/team";
import type { PageHandle } from "~/delivery/delivery";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "public" };

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).

// Read-only: every behaviour works without the framework (app/delivery/delivery.ts).

export const meta = metaFor("/team");

export function loader() {
  return { officeBearers: people.officeBearers };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title="Office Bearers" intro="The students who run the council day to day.">
      <PersonGrid people={loaderData.officeBearers} headingLevel={2} />
    </ContentPage>
  );
}
