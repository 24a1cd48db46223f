import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { people } from "~/content/content.server";
import type { Route } from "./+types/developers";
import type { PageHandle } from "~/delivery/delivery";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "public" };

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).

// Read-only: every behaviour works without the framework (app/delivery/delivery.ts).

export const meta = metaFor("/developers");

export function loader() {
  return { developers: people.developers };
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title="Developer Team" intro="The students who designed, built and look after this website.">
      <PersonGrid people={loaderData.developers} layout="narrow" headingLevel={2} />
    </ContentPage>
  );
}
