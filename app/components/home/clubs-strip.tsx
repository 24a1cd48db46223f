import { Link } from "react-router";
import type { Image } from "~/content/schemas";
import { SectionHeading } from "./section-heading";
import { Img } from "~/components/image";
import { ArrowLink } from "~/components/arrow-link";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

export interface ClubStripEntry {
  name: string;
  logo: Image;
  link: string;
}

export function ClubsStrip({ clubs }: { clubs: ClubStripEntry[] }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="clubs-title" className="overflow-hidden bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="clubs-title"
          eyebrow={t("content.home.clubs.eyebrow")}
          title={t("content.home.clubs.title")}
        >
          <p>{t("content.home.clubs.intro", { count: clubs.length })}</p>
        </SectionHeading>
      </div>

      {/* Reduced motion: no sliding; one copy, swiped sideways on phones and wrapped into rows on wider screens. */}
      <div className="clubs-strip mt-12 [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)] motion-reduce:overflow-x-auto motion-reduce:[mask-image:none]">
        <div className="clubs-strip-track flex w-max motion-reduce:sm:w-auto">
          <ClubList clubs={clubs} />
          <ClubListCopy clubs={clubs} />
        </div>
      </div>

      <div className="mt-12 text-center">
        <ArrowLink
          to={localized("/clubs")}
          className="inline-flex items-center gap-2 rounded-full bg-slate-900 px-7 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
        >
          {t("content.home.clubs.exploreAll")}
        </ArrowLink>
      </div>
    </section>
  );
}

const clubLinkClass =
  "flex items-center gap-3 rounded-2xl bg-white py-2.5 pr-5 pl-2.5 whitespace-nowrap shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-red-200 focus-ring";
const logoClass = "size-12 rounded-xl object-cover";
const nameClass = "font-medium text-slate-800";

function ClubList({ clubs }: { clubs: ClubStripEntry[] }) {
  return (
    <ul className="flex shrink-0 gap-4 py-2 pr-4 motion-reduce:px-5 motion-reduce:sm:mx-auto motion-reduce:sm:max-w-6xl motion-reduce:sm:shrink motion-reduce:sm:flex-wrap motion-reduce:sm:justify-center">
      {clubs.map((club) => (
        <li key={club.link}>
          <Link to={club.link} className={`${clubLinkClass} motion-reduce:sm:whitespace-normal`}>
            {/* The name as the logo's alt, drawn beside it by the stylesheet: a text browser shows an image
                without alt text as its file name. */}
            <Img image={club.logo} alt={club.name} className={logoClass} />
            <span aria-hidden="true" data-name={club.name} className={`${nameClass} after:content-[attr(data-name)]`} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The second copy, which only makes the loop continuous: the same look, but decoration. Hidden from screen readers and
 * the tab order (a mouse can still follow it), and its names are drawn by the stylesheet from data-name, so a text
 * browser, which shows every element whatever its attributes, does not list the clubs twice. Not a list, for the same
 * reason. Visitors who prefer reduced motion get the first copy alone.
 */
function ClubListCopy({ clubs }: { clubs: ClubStripEntry[] }) {
  return (
    <div aria-hidden="true" data-strip-copy="" className="flex shrink-0 gap-4 py-2 pr-4 motion-reduce:hidden">
      {clubs.map((club) => (
        <Link key={club.link} to={club.link} tabIndex={-1} className={clubLinkClass}>
          <Img image={club.logo} alt="" className={logoClass} />
          <span data-name={club.name} className={`${nameClass} after:content-[attr(data-name)]`} />
        </Link>
      ))}
    </div>
  );
}
