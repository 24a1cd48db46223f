import { useBehaviour } from "~/behaviours/behaviour";
import { backgroundVideo } from "~/behaviours/videos";
import { Img, type ImageFile } from "~/components/image";

// Chrome forces native controls onto every video when scripting is off; a background has no use for them.
const videoClasses =
  "pointer-events-none absolute inset-0 size-full object-cover motion-reduce:hidden [&::-webkit-media-controls]:hidden!";

/**
 * A decorative, looping, muted video filling its positioned parent, with the poster as a real image underneath:
 * the poster is what paints first (the page's largest image, fetched first), and it stays when the video cannot
 * load. With JavaScript the video is added only once the page has loaded, and never for a visitor who prefers
 * reduced motion or asks to save data (~/behaviours/videos.ts), so it never competes with the page for the network.
 * Without JavaScript the browser plays it from the HTML, still never for reduced motion.
 */
export function BackgroundVideo({ src, poster }: { src: string; poster: ImageFile }) {
  const behaviour = useBehaviour<HTMLDivElement, null>(backgroundVideo);
  return (
    <div
      {...behaviour}
      data-video-src={src}
      data-video-poster={poster.src}
      data-video-class={videoClasses}
      className="absolute inset-0 -z-10"
      aria-hidden="true"
    >
      <Img image={poster} alt="" loading="priority" className="size-full object-cover" />
      <noscript>
        <video className={videoClasses} poster={poster.src} autoPlay muted loop playsInline tabIndex={-1}>
          <source src={src} media="(prefers-reduced-motion: no-preference)" />
        </video>
      </noscript>
    </div>
  );
}
