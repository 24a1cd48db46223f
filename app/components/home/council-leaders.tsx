import { SocialLinks } from "~/components/people/social-links";
import type { Leader } from "~/content/schemas";
import type { In } from "~/content/content-in";
import { useText } from "~/i18n/use-text";
import { SectionHeading } from "./section-heading";
import { Img } from "~/components/image";

/** The president (the first leader) is featured; the other leaders follow in a grid. */
export function CouncilLeaders({ leaders }: { leaders: In<Leader>[] }) {
  const { t } = useText();
  const [president, ...others] = leaders;
  return (
    <section aria-labelledby="leaders-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="leaders-title"
          eyebrow={t("content.home.leaders.eyebrow")}
          title={t("content.home.leaders.title")}
        >
          <p>{t("content.home.leaders.intro")}</p>
        </SectionHeading>

        {president ? (
          <article className="mt-14 grid overflow-hidden rounded-3xl bg-slate-50 shadow-sm ring-1 ring-slate-200 md:grid-cols-5">
            <Img
              image={president.image}
              alt={president.image.alt}
              className="aspect-[4/3] w-full object-cover object-top md:col-span-2 md:aspect-auto md:h-full"
            />
            <div className="flex flex-col justify-center p-7 sm:p-10 md:col-span-3">
              <p className="text-sm font-semibold tracking-wider text-accent uppercase">{president.role}</p>
              <h3 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{president.name}</h3>
              <blockquote className="mt-5 border-l-4 border-red-200 pl-5 text-lg text-slate-700">
                <p>{president.message}</p>
              </blockquote>
              <SocialLinks socials={president.socials} name={president.name} className="mt-6 -ml-2" />
            </div>
          </article>
        ) : null}

        <ul className="mt-8 grid gap-8 sm:grid-cols-2">
          {others.map((leader) => (
            <li key={leader.name}>
              <article className="flex h-full flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md sm:p-8">
                <div className="flex items-center gap-5">
                  <Img
                    image={leader.image}
                    alt={leader.image.alt}
                    className="size-20 shrink-0 rounded-2xl object-cover sm:size-24"
                  />
                  <div>
                    <p className="text-sm font-semibold tracking-wider text-accent uppercase">{leader.role}</p>
                    <h3 className="mt-1 text-xl font-bold tracking-tight text-slate-900">{leader.name}</h3>
                  </div>
                </div>
                <blockquote className="mt-5 flex-1 text-slate-600">
                  <p>{leader.message}</p>
                </blockquote>
                <SocialLinks socials={leader.socials} name={leader.name} className="mt-5 -ml-2" />
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
