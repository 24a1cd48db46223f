import { PersonGrid } from "~/components/people/person-card";
import { ContentPage } from "~/components/page-header";
import { people } from "~/content/content.server";
import type { Route } from "./+types/mentors";
import { contentIn } from "~/content/content-in";
import { localeOf } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  return { mentorHeads: contentIn(people.mentorHeads, locale), subMentors: contentIn(people.subMentors, locale) };
}

export default function Mentors({ loaderData }: Route.ComponentProps) {
  const { t } = useText();
  return (
    <ContentPage title={t("content.mentors.heading")} intro={t("content.mentors.intro")}>
      <section aria-labelledby="mentor-heads">
        <SectionHeading id="mentor-heads">{t("content.mentors.heads")}</SectionHeading>
        <PersonGrid people={loaderData.mentorHeads} />
      </section>
      <section aria-labelledby="sub-mentors" className="mt-16">
        <SectionHeading id="sub-mentors">{t("content.mentors.mentors")}</SectionHeading>
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
