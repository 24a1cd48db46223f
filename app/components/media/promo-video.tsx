import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icons";
import { useHydrated } from "~/lib/use-hydrated";
import type { Image } from "~/content/schemas";
import { Img } from "~/components/image";

/**
 * The promotional video. Server HTML: native controls, nothing downloaded until the visitor presses play.
 * With JavaScript: plays only while at least half of it is visible, tries sound first and
 * falls back to muted when the browser blocks autoplay with sound; the sound toggle replaces the native controls.
 * Visitors who ask for reduced motion keep the native controls and no autoplay.
 */
export function PromoVideo({ src, poster }: { src: string; poster: Image }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const enhanced = useHydrated();
  const [autoplay, setAutoplay] = useState(false);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // The motion preference is only known in the browser, after hydration has rendered the server's markup.
    setAutoplay(true);
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio >= 0.5) void playWithSoundOrMuted(video);
        else video.pause();
      },
      { threshold: 0.5 },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  function toggleSound() {
    const video = videoRef.current;
    if (video) video.muted = !video.muted;
  }

  return (
    <div className="relative aspect-video overflow-hidden rounded-3xl bg-slate-900 shadow-xl ring-1 ring-slate-900/10">
      <Img image={poster} alt="" className="absolute inset-0 size-full object-cover" />
      {/* No captions file exists for the promotional video yet; its native controls stay available. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={videoRef}
        src={src}
        controls={!autoplay}
        preload="none"
        playsInline
        loop
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        className="relative size-full object-cover"
      />
      {enhanced ? (
        <button
          type="button"
          onClick={toggleSound}
          aria-pressed={!muted}
          aria-label={muted ? "Unmute video" : "Mute video"}
          className="absolute right-4 bottom-4 inline-flex size-12 items-center justify-center rounded-full bg-slate-950/70 text-white shadow-lg ring-1 ring-white/20 backdrop-blur transition-colors hover:bg-slate-950/90 focus-ring-white"
        >
          <Icon name={muted ? "volume-off" : "volume"} className="size-6" />
        </button>
      ) : null}
    </div>
  );
}

async function playWithSoundOrMuted(video: HTMLVideoElement) {
  try {
    await video.play();
  } catch (error) {
    // Browsers refuse autoplay with sound until the visitor has interacted with the page.
    if (!(error instanceof DOMException) || error.name !== "NotAllowedError" || video.muted) return;
    video.muted = true;
    await video.play().catch(() => undefined);
  }
}
