import { Link } from "react-router";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { Icon } from "~/components/icons";
import type { RegistrationState } from "~/time/registration-window";
import type { TarangCategoryIn } from "~/content/events-in";
import { RegistrationStatus } from "./registration-status";
import { Img } from "~/components/image";

type CategoryCard = Pick<TarangCategoryIn, "slug" | "title" | "note" | "summary" | "image"> & {
  registration: RegistrationState;
};

/** One card per Tarang category, each opening the category's own page (/rampWalk, /danceDetails ...). */
export function TarangCategories({ categories }: { categories: CategoryCard[] }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    // Centred rows, so the fifth card doesn't leave a hole in a three-column grid.
    <ul className="flex flex-wrap justify-center gap-6">
      {categories.map((category) => (
        <li key={category.slug} className="w-full sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]">
          <Link
            to={localized(`/${category.slug}`)}
            className="group flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg focus-ring motion-reduce:transition-none motion-reduce:hover:translate-y-0"
          >
            <Img image={category.image} alt={category.image.alt} className="aspect-[8/5] w-full object-cover" />
            <div className="flex flex-1 flex-col p-6">
              <h3 className="flex flex-wrap items-center gap-2 text-xl font-bold text-slate-900">
                {category.title}
                {category.note ? (
                  <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-accent">
                    ({category.note})
                  </span>
                ) : null}
              </h3>
              <p className="mt-2 flex-1 text-slate-600">{category.summary}</p>
              <RegistrationStatus status={category.registration} className="mt-4 self-start" />
              <span
                aria-hidden="true"
                className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-accent"
              >
                {t("events.tarang.viewDetails")}
                <Icon
                  name="arrow-right"
                  className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                />
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
