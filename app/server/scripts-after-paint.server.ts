import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { heldPageModuleId, signsOfUse } from "~/lib/page-scripts";

/**
 * Every page paints from its HTML alone (the stylesheet is inline, nothing blocks rendering) and works without
 * scripts (forms post to the server), but React Router's page scripts start at once: the module preloads in the
 * <head> and the module script at the end of the body. On a fast connection those arrive and run before the
 * browser's first frame, so the visitor sees nothing until hydration has run; on a slow phone they compete with the
 * HTML for the network, and hydrating (about 110 kB of code) keeps a cheap phone's main thread busy while the visitor
 * is still reading. This rewrite lets the page come first and the scripts come when they are of use:
 *
 * - the module preloads are taken out of the HTML, their addresses kept on the module script;
 * - the module script is held back (an inert type), and a small script after it starts the preloads and a copy of it
 *   once the visitor uses the page, after the first frame.
 *
 * The copy has the same text, so the Content-Security-Policy allows it as it allowed the original: by the nonce,
 * which the starter copies, or by its hash on cached pages. React puts back the preloads it rendered when it hydrates;
 * by then the browser has them. Until the scripts have run, every link and form works as it does without them.
 */

const preloadTag = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const moduleScriptTag = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

export const heldScriptType = "text/x-page-module";

/**
 * The starter, the same on every page, in plain ES5 (it must run wherever the page's modules run). It starts the
 * scripts once both hold:
 * - the visitor has used the page (`signsOfUse`): one who only reads never downloads them, and the first touch of a
 *   field leaves the time to type in it for them to arrive (meanwhile the form posts to the server);
 * - the page has painted: the browser has reported its first contentful paint (a paint entry is delivered after the
 *   frame is shown, whereas a frame callback runs before it) and the page's largest image, the one fetched first
 *   (fetchpriority="high"), is decoded and has had a frame to show in, so on a slow network the scripts take
 *   neither the first frame's time nor that image's bandwidth. A hidden tab paints nothing, so there it counts as
 *   painted at once; so does any page after 2.5 s, for a browser that reports no paints or an image that never comes.
 */
export const scriptStarter =
  `(function(){var h=document.getElementById(${JSON.stringify(heldPageModuleId)});if(!h)return;var s=false,u=false,r=false,` +
  `e=${JSON.stringify(signsOfUse)};function start(){if(s||!u||!r)return;` +
  `s=true;var p=JSON.parse(h.getAttribute("data-preload")||"[]");for(var i=0;i<p.length;i++){` +
  `var l=document.createElement("link");l.rel="modulepreload";l.href=p[i];document.head.appendChild(l)}` +
  `var m=document.createElement("script");m.type="module";m.nonce=h.nonce;m.textContent=h.textContent;` +
  `h.parentNode.insertBefore(m,h.nextSibling)}function used(){for(var i=0;i<e.length;i++)` +
  `removeEventListener(e[i],used,true);u=true;start()}for(var i=0;i<e.length;i++)` +
  `addEventListener(e[i],used,{capture:true,passive:true});function ready(){r=true;start()}` +
  `function afterFrame(){requestAnimationFrame(function(){` +
  `setTimeout(ready,0)})}function afterImages(){var g=document.querySelectorAll('img[fetchpriority="high"]'),` +
  `n=g.length,d=0;function one(){if(++d>=n)afterFrame()}if(!n)return afterFrame();for(var i=0;i<n;i++){` +
  `if(g[i].decode)g[i].decode().then(one,one);else one()}}if(document.visibilityState==="hidden")return ready();` +
  `setTimeout(ready,2500);try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint")` +
  `.length){o.disconnect();afterImages()}}).observe({type:"paint",buffered:true})}catch(x){afterImages()}})()`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The rewrite on a whole document (for tests and for pages rendered at once). */
export function holdScriptsUntilPainted(html: string): string {
  const preloads: string[] = [];
  const withoutPreloads = html.replace(preloadTag, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  return withoutPreloads.replace(
    moduleScriptTag,
    (_tag, nonce: string | undefined, body: string) =>
      `<script${nonce ?? ""} type="${heldScriptType}" id="${heldPageModuleId}" data-preload="${escapeAttribute(
        JSON.stringify(preloads),
      )}">${body}</script><script${nonce ?? ""}>${scriptStarter}</script>`,
  );
}

/**
 * The same rewrite on React's stream. The preloads come early (in the <head>) and the module script at the end of
 * the shell, which React writes in one go: the stretch between them is gathered, rewritten, then sent; what comes
 * before and after (the streamed loader data) flows through as it comes.
 */
export function holdScriptsUntilPaintedStream(): Transform {
  let held = "";
  let holding = false;
  let done = false;
  // A character written as several bytes may be cut between two chunks: the decoder keeps its first bytes back.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (done) return callback(null, text);
      held += text;
      if (!holding) {
        const start = held.indexOf('<link rel="modulepreload"');
        if (start === -1) {
          // Keep a tail that may be the start of a preload tag cut by the chunk boundary.
          const keep = Math.max(0, held.length - 32);
          const out = held.slice(0, keep);
          held = held.slice(keep);
          return callback(null, out);
        }
        holding = true;
        const out = held.slice(0, start);
        held = held.slice(start);
        if (out) this.push(out);
      }
      const script = moduleScriptTag.exec(held);
      if (!script) return callback();
      const closing = script.index + script[0].length;
      const out = holdScriptsUntilPainted(held.slice(0, closing)) + held.slice(closing);
      held = "";
      done = true;
      callback(null, out);
    },
    flush(callback) {
      callback(null, (done ? "" : held) + decoder.end());
    },
  });
}
