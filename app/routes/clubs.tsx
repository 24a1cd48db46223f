import { ClubGrid } from "~/components/clubs/club-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { clubLink, clubs, site } from "~/content/content.server";
import type { Route } from "./+types/clubs";
import type { PageHandle } from "~/delivery/delivery";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "public" };

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).

// Read-only: every behaviour works without the framework (app/delivery/delivery.ts).

export const meta = metaFor("/clubs");

export function loader() {
  return {
    caption: site.name,
    clubs: clubs.map((club) => ({ name: club.name, logo: club.logo, link: clubLink(club) })),
  };
}

export default function Clubs({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      title="Our Clubs & Societies"
      intro="Find your people: technical, cultural and social clubs run by students, for students."
    >
      <ClubGrid clubs={loaderData.clubs} caption={loaderData.caption} />
    </ContentPage>
  );
}
