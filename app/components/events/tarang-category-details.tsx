import { Link } from "react-router";
import { useText } from "~/i18n/use-text";
import type { TextFunction as TFunction } from "~/i18n/text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { Icon } from "~/components/icons";
import type { RegistrationState } from "~/time/registration-window";
import type { TarangCategoryIn } from "~/content/events-in";
import { RegistrationStatus } from "./registration-status";
import { Img } from "~/components/image";
import { ArrowLink } from "~/components/arrow-link";
import { NumberedRules } from "./numbered-rules";
import { CoordinatorList, type Coordinator } from "./coordinator-list";
import { EntryNotes } from "./tarang-notes";

const backLinkClass =
  "inline-flex items-center gap-2 font-semibold text-accent hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent";

/** How to take part, by the category's registration state: Tarang's entries go through its student coordinators. */
function howToRegister(t: TFunction, category: string, registration: RegistrationState): string {
  switch (registration.state) {
    case "open":
      return t("events.tarangCategory.registerOpen", { category });
    case "not-yet-open":
      return t("events.tarangCategory.registerNotYetOpen", { category, state: registration.text });
    case "closed":
      return t("events.tarangCategory.registerClosed", { category });
  }
}

/**
 * A Tarang category's own page: what it is, its note and its rules, how to register (with the student coordinators,
 * as on the Tarang page) and the way back to all categories.
 */
export function TarangCategoryDetails({
  category,
  registration,
  fest,
  notes,
  coordinators,
}: {
  category: TarangCategoryIn;
  registration: RegistrationState;
  fest: string;
  notes: string[];
  coordinators: Coordinator[];
}) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <article className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
      <Link to={localized("/tarang")} className={backLinkClass}>
        <Icon name="arrow-left" className="size-5" />
        {t("events.tarangCategory.backToTarang")}
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
          <a href="#register" className={`${backLinkClass} mt-4`}>
            <Icon name="phone" className="size-5" />
            {t("events.tarangCategory.howToRegister")}
          </a>
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
          {t("events.tarangCategory.rules")}
        </h2>
        <NumberedRules rules={category.rules} tone="outlined" className="mt-6" />
      </section>

      <section
        id="register"
        aria-labelledby="register-title"
        className="mt-14 scroll-mt-[calc(var(--spacing-nav)+1.5rem)]"
      >
        <h2 id="register-title" className="text-2xl font-bold tracking-tight text-slate-900">
          {t("events.tarangCategory.howToRegister")}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{howToRegister(t, category.title, registration)}</p>
        <div className="mt-6">
          <CoordinatorList coordinators={coordinators} />
        </div>
        <h3 className="mt-10 text-xl font-bold text-slate-900">{t("events.tarangCategory.beforeYouRegister")}</h3>
        <EntryNotes notes={notes} className="mt-4" />
      </section>

      <ArrowLink to={localized("/tarang")} className={`${backLinkClass} mt-10`}>
        {t("events.tarangCategory.seeAll")}
      </ArrowLink>
    </article>
  );
}
