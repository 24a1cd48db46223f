import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";
import { prefersReducedMotion } from "./site";

/** On every route change the page scrolls to the top in 700 ms under a light overlay. */
export const routeScrollDurationMs = 700;

/**
 * Render it after <ScrollRestoration />: its layout effect then runs after React Router has reset the scroll
 * position, so it can start from where the visitor was and glide up. Back and forward (POP) keep React Router's
 * restored position; links to a #fragment keep theirs; reduced motion keeps the instant jump and shows no overlay.
 */
export function RouteChangeScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownPathname = useRef(location.pathname);
  const lastScrollY = useRef(0);
  const cancelGlide = useRef<() => void>(() => {});
  const [overlayRun, setOverlayRun] = useState(0);

  useEffect(() => {
    // The position before a navigation: scroll events arrive a frame late, so this still holds it at commit time.
    const record = () => {
      lastScrollY.current = window.scrollY;
    };
    record();
    window.addEventListener("scroll", record, { passive: true });
    return () => window.removeEventListener("scroll", record);
  }, []);

  useLayoutEffect(() => {
    if (shownPathname.current === location.pathname) return;
    shownPathname.current = location.pathname;
    if (navigationType === NavigationType.Pop || location.hash || prefersReducedMotion()) return;

    // The overlay restarts with the glide, which only this effect can start: it needs the window's scroll position.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOverlayRun((run) => run + 1);
    cancelGlide.current();
    const from = lastScrollY.current;
    if (from > 0) {
      window.scrollTo(0, from);
      cancelGlide.current = glideToTop(from, routeScrollDurationMs);
    }
  }, [location.pathname, location.hash, navigationType]);

  useEffect(() => () => cancelGlide.current(), []);

  if (!overlayRun) return null;
  return (
    <div
      key={overlayRun}
      aria-hidden="true"
      data-route-overlay
      onAnimationEnd={() => setOverlayRun(0)}
      style={{ animationDuration: `${routeScrollDurationMs}ms` }}
      className="pointer-events-none fixed inset-0 z-30 animate-route-overlay bg-white/60"
    />
  );
}

function glideToTop(from: number, durationMs: number): () => void {
  const start = performance.now();
  let frame = 0;
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / durationMs);
    const eased = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
    window.scrollTo(0, Math.round(from * (1 - eased)));
    if (t < 1) frame = window.requestAnimationFrame(step);
  };
  frame = window.requestAnimationFrame(step);
  return () => window.cancelAnimationFrame(frame);
}
