import { Link } from "react-router";
import { Icon } from "~/components/icons";
import type { Events } from "~/content/schemas";
import type { In } from "~/content/content-in";
import { useText } from "~/i18n/use-text";
import { SectionHeading } from "./section-heading";

export function GetInvolved({ cards }: { cards: In<Events["getInvolved"]> }) {
  const { t } = useText();
  return (
    <section aria-labelledby="involved-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="involved-title"
          eyebrow={t("content.home.involved.eyebrow")}
          title={t("content.home.involved.title")}
        >
          <p>{t("content.home.involved.intro")}</p>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.link + card.title}>
              <Link
                to={card.link}
                className="group flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-red-200 focus-ring motion-reduce:transition-none motion-reduce:hover:translate-y-0"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-red-50 text-accent transition-colors group-hover:bg-accent group-hover:text-white">
                  <Icon name={card.icon} className="size-6" />
                </span>
                <h3 className="mt-6 text-lg font-bold text-slate-900">{card.title}</h3>
                <p className="mt-2 flex-1 text-slate-600">{card.description}</p>
                <span
                  className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-accent"
                  aria-hidden="true"
                >
                  {t("content.home.involved.getStarted")}
                  <Icon
                    name="arrow-right"
                    className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
