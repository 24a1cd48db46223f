import { PersonCard, PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/lib/meta";
import { people } from "~/server/content.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/team";

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).
export const headers = publicPageHeaders;

export const meta = metaFor({
  title: "Office Bearers",
  description: "Meet the council's 14 office bearers, the students who run its events, clubs and communication.",
  path: "/team",
});

export function loader() {
  return { officeBearers: people.officeBearers };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title="Office Bearers" intro="The students who run the council day to day.">
      <PersonGrid>
        {loaderData.officeBearers.map((member) => (
          <li key={member.name}>
            <PersonCard headingLevel={2} {...member} />
          </li>
        ))}
      </PersonGrid>
    </ContentPage>
  );
}
