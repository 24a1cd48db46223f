import { useBehaviour } from "~/behaviours/behaviour";
import { carousel } from "~/behaviours/carousel";
import { Icon } from "~/components/icons";
import type { MentorHead } from "~/content/schemas";
import type { In } from "~/content/content-in";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { SectionHeading } from "./section-heading";
import { Img } from "~/components/image";
import { ArrowLink } from "~/components/arrow-link";

/** The buttons under the row, stepping it by half its width. */
const steps = [
  { step: -1, label: "previous", icon: "chevron-left" },
  { step: 1, label: "next", icon: "chevron-right" },
] as const;

/**
 * A scroll-snapping row of the mentor heads. It scrolls by swipe, trackpad or keyboard (the row is focusable)
 * without JavaScript; with it, previous/next buttons step half the row's width at any screen size, since the row is
 * wider than its box on a desktop too and a mouse otherwise has only the thin scrollbar (~/behaviours/carousel.ts,
 * which hides them when the row fits).
 */
export function MentorsCarousel({ mentors }: { mentors: In<MentorHead>[] }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  const behaviour = useBehaviour<HTMLDivElement, null>(carousel);

  const buttonClass =
    "inline-flex size-12 items-center justify-center rounded-full bg-white text-slate-800 shadow-md ring-1 ring-slate-200 transition-colors hover:text-accent aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:text-slate-800 focus-ring";

  return (
    <section aria-labelledby="mentors-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading
            id="mentors-title"
            eyebrow={t("content.home.mentors.eyebrow")}
            title={t("content.home.mentors.title")}
            align="start"
          >
            <p>{t("content.home.mentors.intro")}</p>
          </SectionHeading>
          <ArrowLink
            to={localized("/mentors")}
            className="inline-flex shrink-0 items-center gap-2 font-semibold text-accent hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          >
            {t("content.home.mentors.meetAll")}
          </ArrowLink>
        </div>

        <div
          {...behaviour}
          id="mentors-row"
          role="region"
          aria-label={t("content.home.mentors.carousel")}
          // A scrolling region must take focus, or keyboard users cannot scroll it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="-mx-5 mt-12 flex snap-x snap-mandatory scroll-px-5 gap-5 overflow-x-auto px-5 pb-6 [scrollbar-width:thin] focus-ring sm:mx-0 sm:scroll-px-0 sm:px-0"
        >
          <ul className="flex gap-5">
            {mentors.map((mentor) => (
              <li
                key={mentor.name}
                className="w-[78vw] max-w-72 shrink-0 snap-start rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:w-72"
              >
                <Img
                  image={mentor.image}
                  alt={mentor.image.alt}
                  className="aspect-square w-full rounded-2xl object-cover"
                />
                <h3 className="mt-5 text-lg font-bold text-slate-900">{mentor.name}</h3>
                <p className="text-sm font-medium text-accent">{mentor.role}</p>
                <blockquote className="mt-3 text-slate-600">
                  <p>“{mentor.quote}”</p>
                </blockquote>
              </li>
            ))}
          </ul>
        </div>

        {/* In the HTML, hidden without scripts (data-requires-js), so nothing moves when the buttons work. */}
        <div className="mt-4 flex h-12 justify-center gap-4">
          {steps.map(({ step, label, icon }) => (
            <button
              key={step}
              type="button"
              data-requires-js=""
              data-step={step}
              aria-label={t(`content.home.mentors.${label}`)}
              aria-controls="mentors-row"
              // The row starts at its beginning: there is nothing before it yet. aria-disabled rather than disabled,
              // so a keyboard user stepping to an end keeps their focus on the button.
              aria-disabled={step === -1 ? true : undefined}
              className={buttonClass}
            >
              <Icon name={icon} className="size-6" />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
