import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { people } from "~/content/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/team";
import { withoutScripts } from "~/lib/page-handle";

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

// Read-only: every behaviour works without the framework (lib/page-handle.ts).
export const handle = withoutScripts;

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
