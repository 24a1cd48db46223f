import { Icon, type IconName } from "~/components/icons";
import { SectionHeading } from "./section-heading";
import { ArrowLink } from "~/components/arrow-link";
import { useText } from "~/i18n/use-text";
import { TextWithTags } from "~/i18n/text-with-tags";
import { useLocalizedPath } from "~/i18n/use-locale";

const values = [
  { icon: "trophy", name: "leadership" },
  { icon: "lightbulb", name: "innovation" },
  { icon: "heart", name: "community" },
] as const satisfies readonly { icon: IconName; name: string }[];

export function AboutSection({ councilName }: { councilName: string }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="about-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 sm:px-8 lg:grid-cols-2 lg:items-center lg:gap-16">
        <div>
          <SectionHeading
            id="about-title"
            eyebrow={t("content.home.about.eyebrow")}
            title={t("content.home.about.title")}
            align="start"
          >
            <p>{t("content.home.about.intro", { council: councilName })}</p>
            <p className="mt-4">
              <TextWithTags
                text={t("content.home.about.clubs")}
                tags={{ strong: <strong className="font-semibold text-slate-900" /> }}
              />
            </p>
          </SectionHeading>
          <ArrowLink
            to={localized("/clubs")}
            className="mt-8 inline-flex items-center gap-2 font-semibold text-accent hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          >
            {t("content.home.about.discoverClubs")}
          </ArrowLink>
        </div>
        <ul className="grid gap-4">
          {values.map((value) => (
            <li key={value.name} className="flex gap-5 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200/70">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-white text-accent shadow-sm ring-1 ring-slate-200">
                <Icon name={value.icon} className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{t(`content.home.about.${value.name}Title`)}</h3>
                <p className="mt-1 text-slate-600">{t(`content.home.about.${value.name}Text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
