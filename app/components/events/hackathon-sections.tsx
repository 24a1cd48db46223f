import { Icon } from "~/components/icons";
import type { RegistrationState } from "~/time/registration-window";
import type { HackathonIn } from "~/content/events-in";
import { useLocalizedPath } from "~/i18n/use-locale";
import { useText } from "~/i18n/use-text";
import { ContentSection } from "./content-section";
import { CoordinatorList } from "./coordinator-list";
import { RegistrationStatus } from "./registration-status";
import { ArrowLink } from "~/components/arrow-link";
import { NumberedRules } from "./numbered-rules";
import { SectionNav, type PageSection } from "./section-nav";

type Hackathon = Omit<HackathonIn, "when">;

const sectionIds = ["about", "registration", "resources", "contact"] as const;

/** Everything on /sih under its hero: the sections' own navigation, then About, Registration, Resources, Contact. */
export function HackathonSections({
  hackathon,
  registration,
}: {
  hackathon: Hackathon;
  registration: RegistrationState;
}) {
  const { t } = useText();
  const sections: PageSection[] = sectionIds.map((id) => ({ id, label: t(`events.sih.sections.${id}`) }));
  return (
    <>
      <SectionNav sections={sections} label={t("events.sih.sectionsLabel")} />
      <HackathonAbout about={hackathon.about} />
      <HackathonRegistration
        teamRules={hackathon.teamRules}
        dates={hackathon.dates}
        registration={registration}
        problemStatementsUrl={hackathon.problemStatementsUrl}
      />
      <HackathonResources pptTemplate={hackathon.pptTemplate} officialSiteUrl={hackathon.officialSiteUrl} />
      <HackathonContact coordinators={hackathon.coordinators} />
    </>
  );
}

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold transition-colors focus-ring";

function HackathonAbout({ about }: Pick<Hackathon, "about">) {
  const { t } = useText();
  return (
    <ContentSection id="about" eyebrow={t("events.sih.sections.about")} title={t("events.sih.aboutTitle")}>
      <div className="max-w-3xl space-y-5 text-lg text-slate-700">
        {about.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </ContentSection>
  );
}

function HackathonRegistration({
  teamRules,
  dates,
  problemStatementsUrl,
  registration,
}: Pick<Hackathon, "teamRules" | "dates" | "problemStatementsUrl"> & { registration: RegistrationState }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <ContentSection
      id="registration"
      eyebrow={t("events.sih.sections.registration")}
      title={t("events.sih.registrationTitle")}
      tinted
    >
      {/* min-w-0: a grid item is otherwise as wide as its longest row, and at 360 px the dates' card pushed the page
          sideways. */}
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
          <h3 className="text-xl font-bold text-slate-900">{t("events.sih.teamRules")}</h3>
          <NumberedRules rules={teamRules} tone="tinted" className="mt-5" />
        </div>
        <div className="min-w-0 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-2">
          <h3 className="text-xl font-bold text-slate-900">{t("events.sih.importantDates")}</h3>
          <dl className="mt-5 divide-y divide-slate-200">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
              <dt className="flex items-center gap-2 text-slate-700">
                <Icon name="calendar" className="size-4 text-slate-500" />
                {t("events.sih.registrationDate")}
              </dt>
              <dd>
                <RegistrationStatus status={registration} />
              </dd>
            </div>
            {dates.map((date) => (
              <div key={date.label} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <dt className="flex items-center gap-2 text-slate-700">
                  <Icon name="calendar" className="size-4 text-slate-500" />
                  {date.label}
                </dt>
                <dd className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">
                  {date.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {registration.state === "open" ? (
          <ArrowLink
            to={localized("/sih/registration")}
            className={`${linkButton} bg-accent text-white hover:bg-accent-strong`}
          >
            {t("events.sih.startRegistration")}
          </ArrowLink>
        ) : null}
        {/* A flex row ignores this space; a text browser needs it between the two links' names. */}{" "}
        <a
          href={problemStatementsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${linkButton} bg-white text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50`}
        >
          {t("events.sih.viewProblemStatements")}
          <span className="sr-only">{t("events.opensInNewTab")}</span>
          <Icon name="external" className="size-5" />
        </a>
      </div>
    </ContentSection>
  );
}

function HackathonResources({ pptTemplate, officialSiteUrl }: Pick<Hackathon, "pptTemplate" | "officialSiteUrl">) {
  const { t } = useText();
  const cardClass =
    "group flex h-full items-start gap-5 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-red-200 focus-ring";
  const iconClass =
    "inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-accent transition-colors group-hover:bg-accent group-hover:text-white";
  return (
    <ContentSection id="resources" eyebrow={t("events.sih.sections.resources")} title={t("events.sih.resourcesTitle")}>
      <ul className="grid gap-6 md:grid-cols-2">
        <li>
          <a href={pptTemplate.href} download className={cardClass}>
            <span className={iconClass}>
              <Icon name="download" className="size-6" />
            </span>
            <span>
              <span className="block text-lg font-bold text-slate-900">{t("events.sih.pptFormat")}</span>
              {/* Apart in a text browser, which reads these lines as one: "PPT format Download: …". */}{" "}
              <span className="mt-1 block text-slate-600">
                {t("events.sih.download", { label: pptTemplate.label })}
              </span>
            </span>
          </a>
        </li>
        <li>
          <a href={officialSiteUrl} target="_blank" rel="noopener noreferrer" className={cardClass}>
            <span className={iconClass}>
              <Icon name="external" className="size-6" />
            </span>
            <span>
              <span className="block text-lg font-bold text-slate-900">{t("events.sih.officialSite")}</span>{" "}
              <span className="mt-1 block text-slate-600">
                {t("events.sih.officialSiteText")}
                <span className="sr-only">{t("events.opensInNewTab")}</span>
              </span>
            </span>
          </a>
        </li>
      </ul>
    </ContentSection>
  );
}

function HackathonContact({ coordinators }: Pick<Hackathon, "coordinators">) {
  const { t } = useText();
  return (
    <ContentSection id="contact" eyebrow={t("events.sih.sections.contact")} title={t("events.sih.contactTitle")} tinted>
      <p className="-mt-4 mb-8 max-w-2xl text-lg text-slate-600">{t("events.sih.contactIntro")}</p>
      <CoordinatorList coordinators={coordinators} />
    </ContentSection>
  );
}
