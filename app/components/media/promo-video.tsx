import { useBehaviour } from "~/behaviours/behaviour";
import { promoVideo } from "~/behaviours/videos";
import { Icon } from "~/components/icons";
import type { Image } from "~/content/schemas";
import { Img } from "~/components/image";

/**
 * The promotional video. Server HTML: native controls, nothing downloaded until the visitor presses play.
 * With JavaScript (~/behaviours/videos.ts): plays only while at least half of it is visible, tries sound first and
 * falls back to muted when the browser blocks autoplay with sound; the sound toggle replaces the native controls.
 * Visitors who ask for reduced motion keep the native controls and no autoplay.
 */
export function PromoVideo({ src, poster }: { src: string; poster: Image }) {
  const behaviour = useBehaviour<HTMLDivElement, null>(promoVideo);

  return (
    <div
      {...behaviour}
      className="relative aspect-video overflow-hidden rounded-3xl bg-slate-900 shadow-xl ring-1 ring-slate-900/10"
    >
      <Img image={poster} alt="" className="absolute inset-0 size-full object-cover" />
      {/* No captions file exists for the promotional video yet; its native controls stay available. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video src={src} controls preload="none" playsInline loop className="relative size-full object-cover" />
      {/* Shown by its behaviour: a visitor without scripts never meets a dead button. */}
      <button
        type="button"
        hidden
        data-sound-toggle=""
        aria-pressed="true"
        aria-label="Mute video"
        className="group absolute right-4 bottom-4 inline-flex size-12 items-center justify-center rounded-full bg-slate-950/70 text-white shadow-lg ring-1 ring-white/20 transition-colors hover:bg-slate-950/90 focus-ring-white"
      >
        <Icon name="volume" className="size-6 group-aria-[pressed=false]:hidden" />
        <Icon name="volume-off" className="hidden size-6 group-aria-[pressed=false]:block" />
      </button>
    </div>
  );
}
