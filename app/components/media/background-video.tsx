import { useEffect, useState } from "react";
import { Img, type ImageFile } from "~/components/image";

/** Whether the browser asks to save data (Chrome's Network Information API; other browsers never say so). */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * A decorative, looping, muted video filling its positioned parent, with the poster as a real image underneath:
 * the poster is what paints first (the page's largest image, fetched first), and it stays when the video cannot
 * load. With JavaScript the video is added only once the page has loaded, and never for a visitor who prefers
 * reduced motion or asks to save data, so it never competes with the page for the network. Without JavaScript
 * the browser plays it from the HTML, still never for reduced motion.
 */
export function BackgroundVideo({ src, poster }: { src: string; poster: ImageFile }) {
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (savesData() || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const start = () => setPlaying(true);
    if (document.readyState === "complete") return start();
    window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);

  // Chrome forces native controls onto every video when scripting is off; a background has no use for them.
  const videoClasses =
    "pointer-events-none absolute inset-0 size-full object-cover motion-reduce:hidden [&::-webkit-media-controls]:hidden!";
  return (
    <div className="absolute inset-0 -z-10" aria-hidden="true">
      <Img image={poster} alt="" loading="priority" className="size-full object-cover" />
      {playing ? (
        <video className={videoClasses} poster={poster.src} src={src} autoPlay muted loop playsInline tabIndex={-1} />
      ) : (
        <noscript>
          <video className={videoClasses} poster={poster.src} autoPlay muted loop playsInline tabIndex={-1}>
            <source src={src} media="(prefers-reduced-motion: no-preference)" />
          </video>
        </noscript>
      )}
    </div>
  );
}
