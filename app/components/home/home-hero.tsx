import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { BackgroundVideo } from "~/components/media/background-video";
import type { Image } from "~/content/schemas";
import { ArrowLink } from "~/components/arrow-link";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

interface HomeHeroProps {
  title: string;
  tagline: string;
  institute: string;
  video: string;
  poster: Image;
}

export function HomeHero({ title, tagline, institute, video, poster }: HomeHeroProps) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <section
      aria-labelledby="home-title"
      className="relative isolate flex min-h-[calc(100svh-var(--spacing-nav))] items-center overflow-hidden bg-slate-950 text-white"
    >
      <BackgroundVideo src={video} poster={poster} />
      {/* Darkens the video so the white text keeps its contrast on every frame. */}
      <div className="absolute inset-0 -z-10 bg-linear-to-b from-slate-950/80 via-slate-950/55 to-slate-950/85" />
      <div className="mx-auto w-full max-w-6xl px-5 py-16 sm:px-8 sm:py-24">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-slate-100 ring-1 ring-white/20">
          <Icon name="map-pin" className="size-4" />
          {institute}
        </p>
        <h1 id="home-title" className="mt-6 max-w-3xl text-5xl font-extrabold tracking-tight text-balance sm:text-7xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-200 sm:text-2xl">{tagline}</p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
          <ArrowLink
            to={localized("/sih")}
            className="inline-flex items-center justify-center gap-2 rounded-full bg-accent px-7 py-3.5 text-base font-semibold text-white shadow-lg shadow-red-950/40 transition-colors hover:bg-accent-strong focus-ring-white"
          >
            {t("content.home.hero.exploreHackathon")}
          </ArrowLink>
          {/* A space that the flex row ignores: text browsers read the two links apart. */}{" "}
          <Link
            to={localized("/join")}
            className="inline-flex items-center justify-center rounded-full bg-white px-7 py-3.5 text-base font-semibold text-slate-900 shadow-lg shadow-slate-950/30 transition-colors hover:bg-slate-100 focus-ring-white"
          >
            {t("content.home.hero.join")}
          </Link>
        </div>
      </div>
    </section>
  );
}
