import { Link } from "react-router";
import type { Image } from "~/content/schemas";
import { SectionHeading } from "./section-heading";
import { Img } from "~/components/image";
import { ArrowLink } from "~/components/arrow-link";

export interface ClubStripEntry {
  name: string;
  logo: Image;
  link: string;
}

export function ClubsStrip({ clubs }: { clubs: ClubStripEntry[] }) {
  return (
    <section aria-labelledby="clubs-title" className="overflow-hidden bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading id="clubs-title" eyebrow="Clubs" title="Find your people">
          <p>Technology, culture, service and leadership: {clubs.length} clubs and societies to choose from.</p>
        </SectionHeading>
      </div>

      {/* Reduced motion: no sliding; one copy, swiped sideways on phones and wrapped into rows on wider screens. */}
      <div className="clubs-strip mt-12 [mask-image:linear-gradient(to_right,transparent,black_6%,black_94%,transparent)] motion-reduce:overflow-x-auto motion-reduce:[mask-image:none]">
        <div className="clubs-strip-track flex w-max motion-reduce:sm:w-auto">
          <ClubList clubs={clubs} />
          {/* The second copy only makes the loop continuous: hidden from screen readers and the tab order. */}
          <ClubList clubs={clubs} copy />
        </div>
      </div>

      <div className="mt-12 text-center">
        <ArrowLink
          to="/clubs"
          className="inline-flex items-center gap-2 rounded-full bg-slate-900 px-7 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
        >
          Explore all clubs
        </ArrowLink>
      </div>
    </section>
  );
}

function ClubList({ clubs, copy = false }: { clubs: ClubStripEntry[]; copy?: boolean }) {
  return (
    <ul
      aria-hidden={copy || undefined}
      className={`flex shrink-0 gap-4 py-2 pr-4 motion-reduce:px-5 motion-reduce:sm:mx-auto motion-reduce:sm:max-w-6xl motion-reduce:sm:shrink motion-reduce:sm:flex-wrap motion-reduce:sm:justify-center ${copy ? "motion-reduce:hidden" : ""}`}
    >
      {clubs.map((club) => (
        <li key={club.link}>
          <Link
            to={club.link}
            tabIndex={copy ? -1 : undefined}
            className="flex items-center gap-3 rounded-2xl bg-white py-2.5 pr-5 pl-2.5 whitespace-nowrap shadow-sm motion-reduce:sm:whitespace-normal ring-1 ring-slate-200 transition hover:shadow-md hover:ring-red-200 focus-ring"
          >
            <Img image={club.logo} alt="" className="size-12 rounded-xl object-cover" />
            <span className="font-medium text-slate-800">{club.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
