import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { metaFor } from "~/seo/meta";
import { people } from "~/content/content.server";
import type { Route } from "./+types/mentors";
import type { PageHandle } from "~/delivery/delivery";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "public" };

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).

// Read-only: every behaviour works without the framework (app/delivery/delivery.ts).

export const meta = metaFor("/mentors");

export function loader() {
  return { mentorHeads: people.mentorHeads, subMentors: people.subMentors };
}

export default function Mentors({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage title="Mentors" intro="The faculty who guide the council, its clubs and its events.">
      <section aria-labelledby="mentor-heads">
        <SectionHeading id="mentor-heads">Our Mentors Heads</SectionHeading>
        <PersonGrid people={loaderData.mentorHeads} />
      </section>
      <section aria-labelledby="sub-mentors" className="mt-16">
        <SectionHeading id="sub-mentors">Our Mentors</SectionHeading>
        <PersonGrid people={loaderData.subMentors} layout="compact" />
      </section>
    </ContentPage>
  );
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-6 text-2xl font-bold tracking-tight text-ink">
      {children}
    </h2>
  );
}
