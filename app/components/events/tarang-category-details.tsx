import { Link } from "react-router";
import { Icon } from "~/components/icons";
import type { RegistrationState } from "~/time/registration-window";
import type { TarangCategory } from "~/content/schemas";
import { RegistrationStatus } from "./registration-status";
import { Img } from "~/components/image";
import { ArrowLink } from "~/components/arrow-link";
import { NumberedRules } from "./numbered-rules";

const backLinkClass =
  "inline-flex items-center gap-2 font-semibold text-accent hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent";

/** A Tarang category's own page: what it is, its note and its rules, with the way back to all categories. */
export function TarangCategoryDetails({
  category,
  registration,
  fest,
}: {
  category: Omit<TarangCategory, "registration">;
  registration: RegistrationState;
  fest: string;
}) {
  return (
    <article className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
      <Link to="/tarang" className={backLinkClass}>
        <Icon name="arrow-left" className="size-5" />
        Back to Tarang
      </Link>

      <div className="mt-8 grid items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wider text-accent uppercase">{fest}</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{category.title}</h1>
          {category.note ? (
            <p className="mt-4 inline-flex rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-accent">
              {category.note}
            </p>
          ) : null}
          <p className="mt-5 text-lg text-slate-600">{category.summary}</p>
          <RegistrationStatus status={registration} className="mt-5" />
        </div>
        <Img
          image={category.image}
          alt={category.image.alt}
          loading="priority"
          className="aspect-[8/5] w-full rounded-3xl object-cover shadow-lg ring-1 ring-slate-900/5"
        />
      </div>

      <section
        aria-labelledby="rules-title"
        className="mt-14 rounded-3xl bg-slate-50 p-7 ring-1 ring-slate-200 sm:p-10"
      >
        <h2 id="rules-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Rules
        </h2>
        <NumberedRules rules={category.rules} tone="outlined" className="mt-6" />
      </section>

      <ArrowLink to="/tarang" className={`${backLinkClass} mt-10`}>
        See all Tarang categories
      </ArrowLink>
    </article>
  );
}
