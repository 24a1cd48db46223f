import type { Behaviour } from "~/behaviours/behaviour";
import { carousel } from "~/behaviours/carousel";
import { loadingScreen } from "~/behaviours/loading-screen";
import { navbar } from "~/behaviours/navbar";
import { sectionNav } from "~/behaviours/section-nav";
import { toasts } from "~/behaviours/toasts";
import { backgroundVideo, promoVideo } from "~/behaviours/videos";
import { popup } from "~/popup/behaviour";

/**
 * Every behaviour a page's HTML can ask for by its `data-behaviour` attribute, in the order they attach. The loading
 * screen comes last: once it is gone, everything else on the page already works.
 */
// Each with its own settings' type; the pass hands each its own settings.
const behaviours = [
  navbar,
  toasts,
  popup,
  backgroundVideo,
  promoVideo,
  carousel,
  sectionNav,
  loadingScreen,
] as unknown as Behaviour<unknown>[];

/**
 * The one script of a page that ships no framework, written inline at the end of its <body>: it attaches every
 * element that asks for a behaviour. The pass starts just after the first frame (at once in a hidden tab, which draws
 * none): run while the document is parsed, the behaviours' first reads of the layout (the scroll position, the popup's
 * style, the carousel's width) forced the whole page's style and layout before the first paint. Each element is
 * attached in a task of its own, so the pass never holds the main thread for long (all in one task it took 14 ms on
 * the home page on our machine; on a phone four times slower a tap would wait for it); a hidden tab, whose timers the
 * browser slows down, attaches them all at once. A behaviour that fails is logged and leaves the others working.
 */
function attachAll(): void {
  const queue: [Behaviour<unknown>, HTMLElement][] = [];
  const elements = document.querySelectorAll<HTMLElement>("[data-behaviour]");
  for (const behaviour of behaviours) {
    for (const element of elements) if (element.dataset.behaviour === behaviour.name) queue.push([behaviour, element]);
  }
  const next = () => {
    const item = queue.shift();
    if (!item) return;
    const [behaviour, element] = item;
    try {
      behaviour.attach(element, behaviour.settings);
    } catch (error) {
      console.error(error);
    }
    if (document.visibilityState === "hidden") next();
    else setTimeout(next, 0);
  };
  next();
}

if (document.visibilityState === "hidden") attachAll();
else requestAnimationFrame(() => setTimeout(attachAll, 0));
