import { createElement, lazy, memo, Suspense, useEffect, type ComponentType } from "react";
import { heldScriptsId, signsOfUse } from "./held-scripts";

/**
 * A component whose code stays off a page's first load. The server renders it at once, like any other; in the browser
 * its module is requested in a task of its own once the page's scripts run, or when React first needs it if that is
 * sooner, and until it arrives (rendered inside a <Suspense>) its part of the page stays the server's HTML, which React
 * hydrates when the code is there. For what is rarely used (error screens, toasts, the popup) or far down the page: it
 * must render the same with or without its code loaded.
 *
 * `rarelyShown`: for what most page views never render (the error screens, the placeholders of client navigations):
 * requested once the page is in use or idle (see below) instead, so it is there before a navigation needs it.
 */
export async function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { rarelyShown = false }: { rarelyShown?: boolean } = {},
): Promise<ComponentType<Props>> {
  if (import.meta.env.SSR) return load();
  let loading: Promise<ComponentType<Props>> | undefined;
  const request = () => (loading ??= orServerHtml(load));
  const requestSoon = () => void setTimeout(() => void request(), 0);
  // Each request is a task of its own: requesting a module costs the main thread something, and a page's nine to
  // eleven of them at once made one long task that kept the page from answering a tap.
  if (rarelyShown) void pageUsed.then(requestSoon);
  else requestSoon();
  return lazy(async () => ({ default: await request() }));
}

/**
 * The code of a deferred part, or, when it cannot be fetched (a dropped connection, a deploy that replaced the chunk),
 * a wait that never ends: React then keeps the part as the server's HTML, which works without scripts, instead of
 * throwing to the error screen and taking the whole page with it.
 */
function orServerHtml<Part>(load: () => Promise<Part>): Promise<Part> {
  return load().catch((error: unknown) => {
    console.warn("A part of the page stays without its script:", error);
    return new Promise<Part>(() => {});
  });
}

// The first sign that the visitor is using the page (signsOfUse), or the browser's first idle moment after the load
// event, whichever comes first. Until then a page is only being read.
let pageInUse = import.meta.env.SSR;
let resolvePageUsed = () => {};
const pageUsed = new Promise<void>((resolve) => {
  resolvePageUsed = resolve;
});
if (!import.meta.env.SSR) {
  const used = () => {
    for (const type of signsOfUse) removeEventListener(type, used, true);
    pageInUse = true;
    resolvePageUsed();
  };
  for (const type of signsOfUse) addEventListener(type, used, { capture: true, passive: true });
  // Safari has no requestIdleCallback: a short timer after the load event stands in for it.
  const whenIdle = () => {
    if ("requestIdleCallback" in window) requestIdleCallback(used, { timeout: 1500 });
    else setTimeout(used, 200);
  };
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
  // A page loaded from the server starts its scripts only on the visitor's first use, so its parts' code is wanted
  // at once. Those parts hydrate without it and keep the server's HTML until it comes (or for good, should it fail);
  // only from the next sign of use on does a client navigation wait for the code.
  if (document.getElementById(heldScriptsId)) resolvePageUsed();
}

/**
 * In development React Router renders the page once more right after hydrating it (to drop the stylesheet link it
 * adds there against a flash of unstyled content), and not as a transition. React then gives up the server's HTML of a
 * part still waiting for its code rather than wait: a form vanished, with what the visitor had typed and the focus, and
 * came back empty. In production the router's own updates are transitions, which wait for the code. So in development
 * a page whose scripts the visitor started loads its parts' code before it hydrates.
 */
const loadPartsBeforeHydrating =
  import.meta.env.DEV && !import.meta.env.SSR && document.getElementById(heldScriptsId) !== null;

/**
 * A part of the page whose code loads only once the page is used (see above), such as a form's validation and
 * enhancement: a visitor who only reads never downloads it. The server renders it at once; in the browser, until the
 * code is there, its part stays the server's HTML, which works as it does without scripts (a form posts to the
 * server). When the page is already in use, e.g. on a client-side navigation, the route waits for the code instead,
 * so nothing blinks. It brings its own <Suspense>, and it re-renders only when its props change, because an update
 * that reaches a part still waiting for its code would replace the server's HTML with nothing until the code came.
 */
export async function whenUsed<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Promise<ComponentType<Props>> {
  const Part: ComponentType<Props> =
    pageInUse || loadPartsBeforeHydrating
      ? await load()
      : lazy(async () => {
          await pageUsed;
          return { default: await orServerHtml(load) };
        });
  function Loaded(props: Props) {
    useEffect(() => countWaitingPart(-1), []);
    return createElement(Part, props);
  }
  return memo(function WhenUsed(props: Props) {
    useEffect(() => countWaitingPart(1), []);
    return createElement(Suspense, null, createElement(Loaded, props));
  });
}

/**
 * The site's own mark that React runs the page: `data-hydrated` on <html>, set once React has hydrated the document
 * and every part waiting for its code (whenUsed) has it. Tests and tools wait on it instead of on the framework's
 * globals. Each part counts itself in when it mounts and out once its code has rendered (React runs a child's effects
 * before its parent's, so the count may dip below zero within one commit).
 */
let waitingParts = 0;
let documentHydrated = false;
function showHydrated(): void {
  document.documentElement.toggleAttribute("data-hydrated", documentHydrated && waitingParts <= 0);
}
function countWaitingPart(change: 1 | -1): () => void {
  waitingParts += change;
  showHydrated();
  return () => {
    waitingParts -= change;
    showHydrated();
  };
}

/** Called by the root layout: its effect runs once React has hydrated the document. */
export function useHydratedMark(): void {
  useEffect(() => {
    documentHydrated = true;
    showHydrated();
  }, []);
}
