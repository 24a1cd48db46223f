import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { people } from "~/content/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/developers";
import { withoutScripts } from "~/lib/page-handle";

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

// Read-only: every behaviour works without the framework (lib/page-handle.ts).
export const handle = withoutScripts;

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
