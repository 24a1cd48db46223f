import { Link } from "react-router";
import type { Image } from "~/content/schemas";
import { Img, type ImageLoading } from "~/components/image";

interface ClubCardData {
  name: string;
  logo: Image;
  link: string;
}

/**
 * One club in the clubs grid. Hovering or focusing blurs the logo and shows the club's name with the caption
 * (the site's name). Touch screens cannot hover, so on phones and touch screens the name also sits under the logo.
 *
 * The link's name is the club's name, the logo's alt text (a text browser shows an image with an empty alt as its
 * file name), then the caption, each on a line of its own so that neither a screen reader nor a text browser runs
 * them together. The names the eye reads on the overlay and under the logo repeat it: drawn by the stylesheet from
 * data-name, and hidden from screen readers.
 */
export function ClubCard({
  club,
  caption,
  loading = "eager",
}: {
  club: ClubCardData;
  caption: string;
  loading?: ImageLoading;
}) {
  return (
    <Link
      to={club.link}
      prefetch="intent"
      data-club-card=""
      className="group block h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg focus-visible:shadow-lg focus-ring"
    >
      <div className="relative aspect-square p-5">
        {/* Named by its alt, not by the overlay: a text browser shows an image without one as its file name. */}
        <Img
          image={club.logo}
          alt={club.name}
          loading={loading}
          className="size-full object-contain transition duration-300 group-hover:scale-95 group-hover:blur-sm group-focus-visible:scale-95 group-focus-visible:blur-sm motion-reduce:transition-none"
        />
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-white/75 p-3 text-center opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none">
          <div
            aria-hidden="true"
            data-name={club.name}
            className="text-sm leading-snug font-semibold text-balance text-ink after:content-[attr(data-name)]"
          />
          <div className="text-xs font-medium tracking-wide text-accent uppercase">{caption}</div>
        </div>
      </div>
      <div
        aria-hidden="true"
        data-name={club.name}
        className="hidden border-t border-slate-100 px-3 py-2.5 text-center text-sm leading-snug font-medium text-ink after:content-[attr(data-name)] max-md:block [@media(hover:none)]:block"
      />
    </Link>
  );
}

/** The clubs grid: 2 columns on small screens, 3 medium, 5 large, 6 extra large. */
export function ClubGrid({ clubs, caption }: { clubs: ClubCardData[]; caption: string }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-5 md:grid-cols-3 lg:grid-cols-5 xl:grid-cols-6">
      {clubs.map((club, index) => (
        <li key={club.link}>
          {/* The first logo is the page's largest image on a phone: fetched first, its neighbour beside it. The rest
              wait for the layout and come at low priority, so they do not share the slow network with it; their size
              is set, nothing moves. */}
          <ClubCard club={club} caption={caption} loading={index === 0 ? "priority" : index === 1 ? "eager" : "lazy"} />
        </li>
      ))}
    </ul>
  );
}
