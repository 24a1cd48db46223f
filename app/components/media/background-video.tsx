import type { Image } from "~/content/schemas";

/**
 * A decorative, looping, muted video filling its positioned parent, with the poster as a real image underneath:
 * the poster is what paints first (and is the page's largest image), and it stays when the video cannot load.
 * The source only matches visitors who have not asked for reduced motion, so they never download or see it,
 * with or without JavaScript.
 */
export function BackgroundVideo({ src, poster }: { src: string; poster: Image }) {
  return (
    <div className="absolute inset-0 -z-10" aria-hidden="true">
      <img
        src={poster.src}
        alt=""
        width={poster.width}
        height={poster.height}
        fetchPriority="high"
        className="size-full object-cover"
      />
      {/* Chrome forces native controls onto every video when scripting is off; a background has no use for them. */}
      <video
        className="pointer-events-none absolute inset-0 size-full object-cover motion-reduce:hidden [&::-webkit-media-controls]:hidden!"
        poster={poster.src}
        autoPlay
        muted
        loop
        playsInline
        tabIndex={-1}
      >
        <source src={src} media="(prefers-reduced-motion: no-preference)" />
      </video>
    </div>
  );
}
