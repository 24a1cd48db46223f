import { Icon } from "~/components/icons";
import type { RegistrationState } from "~/time/registration-window";
import type { Events } from "~/content/schemas";
import { ContentSection } from "./content-section";
import { CoordinatorList } from "./coordinator-list";
import { RegistrationStatus } from "./registration-status";
import { ArrowLink } from "~/components/arrow-link";
import { NumberedRules } from "./numbered-rules";
import { SectionNav, type PageSection } from "./section-nav";

type Hackathon = Omit<Events["hackathon"], "popup" | "registration">;

const sections: PageSection[] = [
  { id: "about", label: "About" },
  { id: "registration", label: "Registration" },
  { id: "resources", label: "Resources" },
  { id: "contact", label: "Contact" },
];

/** Everything on /sih under its hero: the sections' own navigation, then About, Registration, Resources, Contact. */
export function HackathonSections({
  hackathon,
  registration,
}: {
  hackathon: Hackathon;
  registration: RegistrationState;
}) {
  return (
    <>
      <SectionNav sections={sections} label="Hackathon sections" />
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
  return (
    <ContentSection id="about" eyebrow="About" title="What is the internal hackathon?">
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
  return (
    <ContentSection id="registration" eyebrow="Registration" title="Build your team and register" tinted>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
          <h3 className="text-xl font-bold text-slate-900">Team rules</h3>
          <NumberedRules rules={teamRules} tone="tinted" className="mt-5" />
        </div>
        <div className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-2">
          <h3 className="text-xl font-bold text-slate-900">Important dates</h3>
          <dl className="mt-5 divide-y divide-slate-200">
            <div className="flex items-center justify-between gap-4 py-3">
              <dt className="flex items-center gap-2 text-slate-700">
                <Icon name="calendar" className="size-4 text-slate-500" />
                Registration
              </dt>
              <dd>
                <RegistrationStatus status={registration} />
              </dd>
            </div>
            {dates.map((date) => (
              <div key={date.label} className="flex items-center justify-between gap-4 py-3">
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
          <ArrowLink to="/sih/registration" className={`${linkButton} bg-accent text-white hover:bg-accent-strong`}>
            Start Registration
          </ArrowLink>
        ) : null}
        <a
          href={problemStatementsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${linkButton} bg-white text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50`}
        >
          View problem statements
          <span className="sr-only"> (opens in a new tab)</span>
          <Icon name="external" className="size-5" />
        </a>
      </div>
    </ContentSection>
  );
}

function HackathonResources({ pptTemplate, officialSiteUrl }: Pick<Hackathon, "pptTemplate" | "officialSiteUrl">) {
  const cardClass =
    "group flex h-full items-start gap-5 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-red-200 focus-ring";
  const iconClass =
    "inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-red-50 text-accent transition-colors group-hover:bg-accent group-hover:text-white";
  return (
    <ContentSection id="resources" eyebrow="Resources" title="Everything you need to prepare">
      <ul className="grid gap-6 md:grid-cols-2">
        <li>
          <a href={pptTemplate.href} download className={cardClass}>
            <span className={iconClass}>
              <Icon name="download" className="size-6" />
            </span>
            <span>
              <span className="block text-lg font-bold text-slate-900">PPT format</span>
              <span className="mt-1 block text-slate-600">Download: {pptTemplate.label}</span>
            </span>
          </a>
        </li>
        <li>
          <a href={officialSiteUrl} target="_blank" rel="noopener noreferrer" className={cardClass}>
            <span className={iconClass}>
              <Icon name="external" className="size-6" />
            </span>
            <span>
              <span className="block text-lg font-bold text-slate-900">Official SIH website</span>
              <span className="mt-1 block text-slate-600">
                Guidelines, themes and announcements for Smart India Hackathon 2025
                <span className="sr-only"> (opens in a new tab)</span>
              </span>
            </span>
          </a>
        </li>
      </ul>
    </ContentSection>
  );
}

function HackathonContact({ coordinators }: Pick<Hackathon, "coordinators">) {
  return (
    <ContentSection id="contact" eyebrow="Contact" title="Student coordinators" tinted>
      <p className="-mt-4 mb-8 max-w-2xl text-lg text-slate-600">
        Questions about teams or registration? Call any of our coordinators.
      </p>
      <CoordinatorList coordinators={coordinators} />
    </ContentSection>
  );
}
