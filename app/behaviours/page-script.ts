import { carousel } from "./carousel";
import { loadingScreen } from "./loading-screen";
import { navbar } from "./navbar";
import { popup } from "./popup";
import { sectionNav } from "./section-nav";
import { toasts } from "./toasts";
import { backgroundVideo, promoVideo } from "./videos";

/** Every behaviour a page's HTML can ask for by its `data-behaviour` attribute. */
const behaviours = [navbar, loadingScreen, toasts, popup, backgroundVideo, promoVideo, carousel, sectionNav];

/**
 * The one script of a page that ships no framework (a route whose handle says `scripts: false`), written inline at the
 * end of its <body>: each behaviour's own function, as text, with its settings, then one pass that attaches every
 * behaviour the page asks for. The pass runs just after the first frame (at once in a hidden tab, which draws none):
 * run while the document is parsed, the behaviours' first reads of the layout (the scroll position, the popup's
 * style, the carousel's width) forced the whole page's style and layout inside the parser's task, before the first
 * paint; after it they cost nothing. Until then the page is its HTML, which works without scripts. A behaviour that
 * fails is logged and leaves the others working. The same text on every such page, so the Content-Security-Policy
 * allows it by its hash (entry.server.tsx), cached pages included.
 */
export const pageScript =
  `(function(){var b={${behaviours
    .map(({ name, attach, settings }) => `${JSON.stringify(name)}:[${String(attach)},${JSON.stringify(settings)}]`)
    .join(",")}};` +
  `function run(){var f=document.querySelectorAll("[data-behaviour]");for(var i=0;i<f.length;i++){` +
  `var e=f[i],x=b[e.getAttribute("data-behaviour")];if(x)try{x[0](e,x[1])}catch(r){console.error(r)}}}` +
  `if(document.visibilityState==="hidden")run();else requestAnimationFrame(function(){setTimeout(run,0)})})()`;
