import { useBehaviour } from "~/behaviours/behaviour";
import { promoVideo } from "~/behaviours/videos";
import { Icon } from "~/components/icons";
import type { Image } from "~/content/schemas";
import { Img } from "~/components/image";
import { useText } from "~/i18n/use-text";

/**
 * The promotional video, downloading nothing until it plays. With JavaScript (~/behaviours/videos.ts) it plays only
 * while at least half of it is visible, tries sound first and falls back to muted when the browser blocks autoplay
 * with sound, and has a sound toggle; visitors who ask for reduced motion get native controls and no autoplay.
 * Without scripts the <noscript> copy, with native controls, takes its place.
 *
 * The scripted video has no `controls` in the HTML: native controls are a shadow tree of about 25 elements with a
 * large stylesheet of their own, and styling them took about 40 ms of main thread after the first paint on our
 * machine (four times that on a cheap phone), only for the behaviour to remove them.
 */
export function PromoVideo({ src, poster }: { src: string; poster: Image }) {
  const behaviour = useBehaviour<HTMLDivElement, null>(promoVideo);
  // The same video in both copies; only the <noscript> one has native controls.
  const video = { src, preload: "none", playsInline: true, loop: true, className: "relative size-full object-cover" };
  const { t } = useText();

  return (
    <div
      {...behaviour}
      className="relative aspect-video overflow-hidden rounded-3xl bg-slate-900 shadow-xl ring-1 ring-slate-900/10"
    >
      <Img image={poster} alt="" className="absolute inset-0 size-full object-cover" />
      {/* No captions file exists for the promotional video yet. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video {...video} className={`${video.className} noscript:hidden`} />
      <noscript>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video {...video} controls />
      </noscript>
      {/* Shown by its behaviour: a visitor without scripts never meets a dead button. */}
      <button
        type="button"
        hidden
        data-sound-toggle=""
        aria-pressed="true"
        aria-label={t("content.home.promo.mute")}
        data-mute-label={t("content.home.promo.mute")}
        data-unmute-label={t("content.home.promo.unmute")}
        className="group absolute right-4 bottom-4 inline-flex size-12 items-center justify-center rounded-full bg-slate-950/70 text-white shadow-lg ring-1 ring-white/20 transition-colors hover:bg-slate-950/90 focus-ring-white"
      >
        <Icon name="volume" className="size-6 group-aria-[pressed=false]:hidden" />
        <Icon name="volume-off" className="hidden size-6 group-aria-[pressed=false]:block" />
      </button>
    </div>
  );
}
