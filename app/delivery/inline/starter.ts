import { heldScriptsId, signsOfUse } from "../held-scripts";

/**
 * A page that ships the framework paints from its HTML alone and works without scripts (forms post to the server).
 * Its scripts (React Router's module preloads, its context and its module script, about 110 kB) wait, inert, in a
 * <template> the site writes around <Scripts> (root.tsx). This starter, the same on every such page, puts them into
 * the page once both hold:
 * - the visitor has used the page (signsOfUse): one who only reads never downloads them, and the first touch of a
 *   field leaves the time to type in it for them to arrive (meanwhile the form posts to the server);
 * - the page has painted: the browser has reported its first contentful paint and the page's largest image (the one
 *   fetched first, fetchpriority="high") is decoded and has had a frame to show in, so on a slow network the scripts
 *   take neither the first frame's time nor that image's bandwidth. A hidden tab paints nothing, so there it counts
 *   as painted at once; so does any page after 2.5 s, for a browser that reports no paints or an image that never
 *   comes.
 * Written copies of the held elements run as the originals would have: inline scripts by the nonce they carry. The
 * starter stands right after the template, before anything React Router streams after it.
 */
const held = document.getElementById(heldScriptsId);
if (held instanceof HTMLTemplateElement) {
  // React Router's preloads are written inside the template; one outside would load the scripts before they are wanted.
  if (document.querySelector('link[rel="modulepreload"]')) {
    console.error("A module preload is outside the held scripts: the page's scripts load before it is used.");
  }
  const parsed = heldElements(held);
  // Classic inline scripts (React Router's context, which the loader data streamed after it fills) run at once, as
  // they would have: they are small and load nothing. What loads and runs the page's code waits.
  let after: Element = held;
  const waiting: Element[] = [];
  for (const original of parsed) {
    if (original instanceof HTMLScriptElement && !original.src && !original.type) after = writeAfter(after, original);
    else waiting.push(original);
  }
  if (!waiting.some((element) => element instanceof HTMLScriptElement && element.type === "module")) {
    console.error("The held scripts hold no module script: the page cannot start its scripts.");
  }
  startOnUseAfterPaint(() => {
    for (const original of waiting) after = writeAfter(after, original);
  });
}

function startOnUseAfterPaint(startScripts: () => void): void {
  let started = false;
  let used = false;
  let painted = false;
  const start = () => {
    if (started || !used || !painted) return;
    started = true;
    startScripts();
  };
  const onUse = () => {
    for (const type of signsOfUse) removeEventListener(type, onUse, true);
    used = true;
    // In a task of its own: the tap or key that used the page is answered (painted) first.
    setTimeout(start, 0);
  };
  for (const type of signsOfUse) addEventListener(type, onUse, { capture: true, passive: true });
  const ready = () => {
    painted = true;
    start();
  };
  if (document.visibilityState === "hidden") return ready();
  setTimeout(ready, 2500);
  const afterFrame = () => requestAnimationFrame(() => setTimeout(ready, 0));
  const afterImages = () => {
    const images = document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]');
    if (images.length === 0) return afterFrame();
    let decoded = 0;
    const one = () => {
      if (++decoded >= images.length) afterFrame();
    };
    for (const image of images) image.decode().then(one, one);
  };
  try {
    // A paint entry is delivered after the frame is shown, whereas a frame callback runs before it.
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      afterImages();
    }).observe({ type: "paint", buffered: true });
  } catch {
    afterImages();
  }
}

/**
 * The held elements, in their order. With scripting on, the <noscript> inside the template holds its markup as text;
 * elements parsed from markup never run, so each is written afresh into the page (writeAfter).
 */
function heldElements(template: HTMLTemplateElement): Element[] {
  const markup = template.content.querySelector("noscript")?.textContent ?? "";
  const parsed = new DOMParser().parseFromString(markup, "text/html");
  return [...parsed.querySelectorAll("link[rel='modulepreload'], script")];
}

/** A live copy of `original` after `after`; returns it. */
function writeAfter(after: Element, original: Element): Element {
  const copy = document.createElement(original.localName);
  for (const { name, value } of original.attributes) copy.setAttribute(name, value);
  // The nonce attribute is hidden once in the page; the property carries it.
  if (copy instanceof HTMLElement) copy.nonce = original.getAttribute("nonce") ?? "";
  if (copy instanceof HTMLScriptElement) copy.textContent = original.textContent;
  after.after(copy);
  return copy;
}
