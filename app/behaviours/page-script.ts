import { carousel } from "./carousel";
import { loadingScreen } from "./loading-screen";
import { navbar } from "./navbar";
import { popup } from "./popup";
import { sectionNav } from "./section-nav";
import { toasts } from "./toasts";
import { backgroundVideo, promoVideo } from "./videos";

/**
 * Every behaviour a page's HTML can ask for by its `data-behaviour` attribute, in the order they attach. The loading
 * screen comes last: once it is gone, everything else on the page already works.
 */
const behaviours = [navbar, toasts, popup, backgroundVideo, promoVideo, carousel, sectionNav, loadingScreen];

/**
 * The one script of a page that ships no framework (a route whose handle says `scripts: false`), written inline at the
 * end of its <body>: each behaviour's own function, as text, with its settings, then the pass that attaches every
 * element that asks for one. The pass starts just after the first frame (at once in a hidden tab, which draws none):
 * run while the document is parsed, the behaviours' first reads of the layout (the scroll position, the popup's
 * style, the carousel's width) forced the whole page's style and layout inside the parser's task, before the first
 * paint; after it they cost little. Each element is attached in a task of its own, so the pass never holds the main
 * thread for long (all in one task it took 14 ms on the home page, on our machine: on a phone four times slower, a
 * tap would wait for it); a hidden tab, whose timers the browser slows down, attaches them all at once. Until then
 * the page is its HTML, which works without scripts. A behaviour that fails is logged and leaves the others working.
 * The same text on every such page, so the Content-Security-Policy allows it by its hash (entry.server.tsx), cached
 * pages included.
 */
export const pageScript =
  `(function(){var b=[${behaviours
    .map(({ name, attach, settings }) => `[${JSON.stringify(name)},${String(attach)},${JSON.stringify(settings)}]`)
    .join(",")}];` +
  `function run(){var f=document.querySelectorAll("[data-behaviour]"),q=[],i=0;for(var k=0;k<b.length;k++)` +
  `for(var j=0;j<f.length;j++)if(f[j].getAttribute("data-behaviour")===b[k][0])q.push([b[k],f[j]]);` +
  `(function next(){var t=q[i++];if(!t)return;try{t[0][1](t[1],t[0][2])}catch(r){console.error(r)}` +
  `if(document.visibilityState==="hidden")next();else setTimeout(next,0)})()}` +
  `if(document.visibilityState==="hidden")run();else requestAnimationFrame(function(){setTimeout(run,0)})})()`;
