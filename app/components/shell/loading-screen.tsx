import { useEffect, useRef, useState } from "react";
import { prefersReducedMotion, type PublicSite } from "./site";

/** Sections 2, 4 and 9: every timing of the loading screen, in milliseconds. */
export const loadingScreenTimings = {
  statusRotationMs: 1500,
  /** How long the bar takes to climb toward 90 % (a CSS animation from the first paint, so it costs no script). */
  progressClimbMs: 2500,
  welcomeDelayMs: 300,
  fadeOutMs: 500,
  fallbackCompletionMs: 5000,
  forcedCompletionMs: 7000,
  /** Section 2: the application overlay is forced off after 3 s, whatever the loader's own safeguards say. */
  overlayCapMs: 3000,
} as const;

/** Section 4: progress climbs toward 90 %, is 95 % once the document is parsed and 100 % when the page has loaded. */
export const loadingProgress = { climbTarget: 90, contentLoaded: 95, complete: 100 } as const;

export const loadingStatusTexts = [
  "Initializing...",
  "Loading content...",
  "Almost there...",
  "Preparing interface...",
] as const;
export const loadingWelcomeText = "Welcome!";

type Phase = "loading" | "welcome" | "fading" | "done";
/** Where the bar stands: climbing toward 90 % by itself, or pinned at a milestone. */
type Progress = "climbing" | typeof loadingProgress.contentLoaded | typeof loadingProgress.complete;

/**
 * The full-screen loader of section 4, in the server HTML so it covers the page from the first paint. It never
 * blocks anyone: a <noscript> style hides it without JavaScript, a CSS animation removes it at the overlay cap
 * even if the script never arrives, and visitors who prefer reduced motion never see it. It lives in the root
 * layout, so client-side navigations do not bring it back.
 */
export function LoadingScreen({ site }: { site: Pick<PublicSite, "name" | "logo"> }) {
  const [phase, setPhase] = useState<Phase>("loading");
  const [progress, setProgress] = useState<Progress>("climbing");
  const [statusIndex, setStatusIndex] = useState(0);
  const [locksScroll, setLocksScroll] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const logo = useRef<HTMLImageElement>(null);
  const logoFailureReported = useRef(false);

  const reportLogoFailure = () => {
    if (logoFailureReported.current) return;
    logoFailureReported.current = true;
    setLogoFailed(true);
    console.warn(`Loading screen logo failed to load: ${site.logo.src}`);
  };

  useEffect(() => {
    // The image may have failed before React attached its onError handler.
    const image = logo.current;
    if (image && image.complete && image.naturalWidth === 0) reportLogoFailure();
  }, []);

  useEffect(() => {
    if (prefersReducedMotion()) {
      setPhase("done");
      return;
    }
    setLocksScroll(true);

    const timers = new Set<number>();
    const after = (ms: number, action: () => void) => timers.add(window.setTimeout(action, Math.max(0, ms)));
    const rotation = window.setInterval(
      () => setStatusIndex((index) => (index + 1) % loadingStatusTexts.length),
      loadingScreenTimings.statusRotationMs,
    );
    let completing = false;
    let settled = false;

    const stopEverything = () => {
      settled = true;
      timers.forEach((timer) => window.clearTimeout(timer));
      window.clearInterval(rotation);
      document.removeEventListener("DOMContentLoaded", onContentLoaded);
      window.removeEventListener("load", complete);
    };
    const hide = () => {
      stopEverything();
      setPhase("done");
    };
    function complete() {
      if (completing || settled) return;
      completing = true;
      window.clearInterval(rotation);
      setProgress(loadingProgress.complete);
      setPhase("welcome");
      after(loadingScreenTimings.welcomeDelayMs, () => {
        setPhase("fading");
        after(loadingScreenTimings.fadeOutMs, hide);
      });
    }
    function onContentLoaded() {
      setProgress((value) => (value === "climbing" ? loadingProgress.contentLoaded : value));
    }

    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onContentLoaded);
    else onContentLoaded();
    if (document.readyState === "complete") complete();
    else window.addEventListener("load", complete);

    // Measured from the start of the page load, like the CSS cap, not from when this script happened to run.
    const elapsed = performance.now();
    after(loadingScreenTimings.fallbackCompletionMs - elapsed, complete);
    after(loadingScreenTimings.forcedCompletionMs - elapsed, () => {
      console.warn("Loader timeout reached, forcing completion");
      hide();
    });
    after(loadingScreenTimings.overlayCapMs - elapsed, hide);

    return stopEverything;
  }, []);

  if (phase === "done") return null;

  const letters = Array.from(site.name.toUpperCase());
  const capStyle = {
    animationDelay: `${loadingScreenTimings.overlayCapMs - loadingScreenTimings.fadeOutMs}ms`,
    animationDuration: `${loadingScreenTimings.fadeOutMs}ms`,
    transitionDuration: `${loadingScreenTimings.fadeOutMs}ms`,
  };

  return (
    <div
      id="loading-screen"
      // A visual curtain over content that is already in the page: screen readers read the page itself.
      aria-hidden="true"
      data-phase={phase}
      data-locks-scroll={locksScroll ? "true" : "false"}
      style={capStyle}
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-white px-6 transition-opacity data-[phase=fading]:opacity-0"
    >
      <img
        ref={logo}
        src={site.logo.src}
        alt={site.logo.alt}
        width={site.logo.width}
        height={site.logo.height}
        hidden={logoFailed}
        onError={reportLogoFailure}
        className="h-20 w-20 sm:h-24 sm:w-24"
      />
      <p className="text-center text-2xl font-extrabold tracking-[0.2em] text-accent sm:text-4xl">
        <span className="sr-only">{site.name}</span>
        <span aria-hidden="true" className="flex flex-wrap justify-center">
          {letters.map((letter, index) => (
            <span
              key={index}
              className="inline-block animate-loading-letter"
              style={{ animationDelay: `${index * 80}ms` }}
            >
              {letter === " " ? "\u00a0" : letter}
            </span>
          ))}
        </span>
      </p>
      {/* Scaled rather than resized, so moving the bar never costs a layout of the page underneath. */}
      <div
        role="progressbar"
        aria-label="Loading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress === "climbing" ? undefined : progress}
        className="h-1.5 w-64 max-w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full origin-left rounded-full bg-accent transition-transform duration-300 ${progress === "climbing" ? "animate-loading-climb" : ""}`}
          style={
            progress === "climbing"
              ? { animationDuration: `${loadingScreenTimings.progressClimbMs}ms` }
              : { transform: `scaleX(${progress / 100})` }
          }
        />
      </div>
      <p className="text-sm font-medium text-slate-600">
        {phase === "loading" ? loadingStatusTexts[statusIndex] : loadingWelcomeText}
      </p>
    </div>
  );
}
