import { ClubGrid } from "~/components/clubs/club-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { clubLink, clubs, site } from "~/content/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/clubs";
import { withoutScripts } from "~/lib/page-handle";

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

// Read-only: every behaviour works without the framework (lib/page-handle.ts).
export const handle = withoutScripts;

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
