import type { Behaviour } from "./behaviour";

/**
 * A decorative background video (`data-video-src`, `data-video-class`) added to its container once the page has
 * loaded, so it never competes with the page for the network, and once the loading screen is over, so it never
 * plays unseen behind it while the page is still settling (a phone without a GPU to spare composites every frame on
 * its CPU); never for a visitor who prefers reduced motion or whose browser asks to save data (Chrome's Network
 * Information API; other browsers never say so). Without scripts the container's <noscript> plays it instead.
 *
 */
export function attachBackgroundVideo(container: HTMLElement): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData === true || window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    return () => {};
  }
  let video: HTMLVideoElement | undefined;
  const start = () => {
    video = document.createElement("video");
    video.className = container.getAttribute("data-video-class") ?? "";
    video.poster = container.getAttribute("data-video-poster") ?? "";
    video.muted = true;
    video.defaultMuted = true;
    video.loop = true;
    video.autoplay = true;
    video.playsInline = true;
    video.tabIndex = -1;
    video.src = container.getAttribute("data-video-src") ?? "";
    container.append(video);
  };
  const html = document.documentElement;
  const screenShows = () => html.getAttribute("data-loading-screen") === "shown";
  const screenOver = new MutationObserver(() => {
    if (screenShows()) return;
    screenOver.disconnect();
    start();
  });
  const loaded = () => {
    if (screenShows()) screenOver.observe(html, { attributes: true, attributeFilter: ["data-loading-screen"] });
    else start();
  };
  if (document.readyState === "complete") loaded();
  else window.addEventListener("load", loaded, { once: true });
  return () => {
    window.removeEventListener("load", loaded);
    screenOver.disconnect();
    video?.remove();
  };
}

/**
 * The promotional video: its HTML has no native controls (see promo-video.tsx) and downloads nothing until it plays.
 * Here it plays only while at least half of it is visible, trying sound first and falling back to muted when the
 * browser blocks autoplay with sound, and its sound button (`[data-sound-toggle]`, hidden in the HTML) shows.
 * Visitors who ask for reduced motion get the native controls instead, and no autoplay.
 */
export function attachPromoVideo(container: HTMLElement): () => void {
  const video = container.querySelector("video");
  const button = container.querySelector<HTMLButtonElement>("[data-sound-toggle]");
  if (!video || !button) return () => {};
  const showSound = () => {
    button.setAttribute("aria-pressed", String(!video.muted));
    // The words are the page's language's, from the button's data- attributes (a behaviour carries no catalogue).
    const label = video.muted ? button.dataset.unmuteLabel : button.dataset.muteLabel;
    if (label) button.setAttribute("aria-label", label);
  };
  const toggleSound = () => {
    video.muted = !video.muted;
  };
  const playWithSoundOrMuted = () => {
    video.play().catch((error: unknown) => {
      // Browsers refuse autoplay with sound until the visitor has interacted with the page.
      if (!(error instanceof DOMException) || error.name !== "NotAllowedError" || video.muted) return;
      video.muted = true;
      video.play().catch(() => undefined);
    });
  };
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (entry && entry.intersectionRatio >= 0.5) playWithSoundOrMuted();
      else video.pause();
    },
    { threshold: 0.5 },
  );

  showSound();
  button.hidden = false;
  button.addEventListener("click", toggleSound);
  video.addEventListener("volumechange", showSound);
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) video.controls = true;
  else observer.observe(video);
  return () => {
    observer.disconnect();
    button.removeEventListener("click", toggleSound);
    video.removeEventListener("volumechange", showSound);
  };
}

export const backgroundVideo: Behaviour<null> = {
  name: "background-video",
  attach: attachBackgroundVideo,
  settings: null,
};

export const promoVideo: Behaviour<null> = { name: "promo-video", attach: attachPromoVideo, settings: null };
