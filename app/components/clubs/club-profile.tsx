import { Link } from "react-router";
import { Icon } from "~/components/icons";
import type { Image } from "~/content/schemas";
import type { ShownBearer } from "./bearers";
import { Img } from "~/components/image";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

interface ClubProfileData {
  name: string;
  logo: Image;
  description: string;
  mission: string;
  vision: string;
  instagramUrl?: string;
  bearers: ShownBearer[];
}

/** The club page: back link, logo and name, about, mission and vision, bearers, Instagram. */
export function ClubProfile({ club }: { club: ClubProfileData }) {
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <BackToClubs />
      <ClubHeading club={club} />
      <ClubAbout description={club.description} mission={club.mission} vision={club.vision} />
      <ClubBearers bearers={club.bearers} />
    </article>
  );
}

function BackToClubs() {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized("/clubs")}
      className="inline-flex items-center gap-2 rounded-full py-2 pr-3 text-sm font-medium text-slate-700 hover:text-accent focus-ring"
    >
      <Icon name="arrow-left" className="size-4" />
      {t("content.club.back")}
    </Link>
  );
}

function ClubHeading({ club }: { club: Pick<ClubProfileData, "name" | "logo" | "instagramUrl"> }) {
  const { t } = useText();
  return (
    <header className="mt-6 flex flex-col items-center gap-6 rounded-3xl bg-slate-50 px-6 py-10 text-center ring-1 ring-slate-200 sm:flex-row sm:px-10 sm:text-left">
      <Img
        image={club.logo}
        alt={club.logo.alt}
        loading="eager"
        className="size-28 shrink-0 rounded-2xl bg-white object-contain p-3 shadow-sm ring-1 ring-slate-200 sm:size-36"
      />
      <div className="flex flex-col items-center gap-5 sm:items-start">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{club.name}</h1>
        {club.instagramUrl ? (
          <a
            href={club.instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-accent-strong focus-ring"
          >
            <Icon name="instagram" className="size-5" />
            {t("content.club.followOnInstagram")}
          </a>
        ) : null}
      </div>
    </header>
  );
}

function ClubAbout({ description, mission, vision }: Pick<ClubProfileData, "description" | "mission" | "vision">) {
  const { t } = useText();
  return (
    <section aria-labelledby="about-club" className="mt-12">
      <h2 id="about-club" className="text-2xl font-bold tracking-tight text-ink">
        {t("content.club.about")}
      </h2>
      <p className="mt-4 max-w-3xl text-base leading-relaxed text-slate-700 sm:text-lg">{description}</p>
      <div className="mt-8 grid gap-5 md:grid-cols-2">
        <StatementCard title={t("content.club.mission")} text={mission} />
        <StatementCard title={t("content.club.vision")} text={vision} />
      </div>
    </section>
  );
}

function StatementCard({ title, text }: { title: string; text: string }) {
  return (
    <div className="relative overflow-hidden rounded-2xl bg-white p-6 pt-7 shadow-sm ring-1 ring-slate-200">
      <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1 bg-accent" />
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
    </div>
  );
}

function ClubBearers({ bearers }: { bearers: ShownBearer[] }) {
  const { t } = useText();
  return (
    <section aria-labelledby="club-bearers" className="mt-14">
      <h2 id="club-bearers" className="text-2xl font-bold tracking-tight text-ink">
        {t("content.club.bearers")}
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {bearers.map((bearer) => (
          <li
            key={bearer.role}
            data-bearer={bearer.role}
            className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
          >
            <Img
              image={{ src: bearer.photo, width: 128, height: 128 }}
              alt={bearer.name}
              className="size-28 rounded-full bg-slate-100 object-cover ring-4 ring-slate-50"
            />
            <h3 className="mt-4 text-lg font-semibold text-ink">{bearer.name}</h3>
            <p className="mt-1 text-sm font-medium text-accent capitalize">{bearer.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
