import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  heldScriptType,
  holdScriptsUntilPainted,
  holdScriptsUntilPaintedStream,
  scriptStarter,
} from "~/server/scripts-after-paint.server";

// The shape React renders for a page: preloads hoisted into the <head>, the inline module script at the end of the
// shell, the loader data streamed after it.
const moduleBody = `import "/assets/manifest-1.js"; import * as route0 from "/assets/root-2.js"; import("/assets/entry.client-3.js");`;
const page =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-3.js" nonce="abc=="/>` +
  `<link rel="modulepreload" href="/assets/root-2.js" nonce="abc=="/>` +
  `<style>body{color:red}</style></head><body><main><h1>Clubs</h1></main>` +
  `<script nonce="abc==">window.__reactRouterContext = {};</script>` +
  `<script nonce="abc==" type="module" async="">${moduleBody}</script>` +
  `<script nonce="abc==">window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>`;

async function throughStream(chunks: (string | Buffer)[]): Promise<string> {
  let out = "";
  for await (const piece of Readable.from(chunks).pipe(holdScriptsUntilPaintedStream())) out += String(piece);
  return out;
}

/** Any way of cutting something `length` long into up to 13 pieces, as the [start, end) of each. */
const cutsOf = (length: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max: length - 1 }), { maxLength: 12 }).map((points) => {
    const bounds = [0, ...points.sort((a, b) => a - b), length];
    return bounds.slice(1).map((end, index) => [bounds[index] ?? 0, end] as const);
  });

describe("page scripts are held back for the starter, which runs them after the first paint, once the page is used", () => {
  it("takes the module preloads out and holds the module script, with the same text and nonce, for the starter", () => {
    const html = holdScriptsUntilPainted(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const held = new RegExp(`<script nonce="abc==" type="${heldScriptType}" id="page-module" data-preload="([^"]*)">`)
      .exec(html)?.[1]
      ?.replaceAll("&quot;", '"');
    expect(JSON.parse(held ?? "null")).toEqual(["/assets/entry.client-3.js", "/assets/root-2.js"]);
    // Same text: the policy's nonce or the cached page's hash of it allows the copy the starter makes.
    expect(html).toContain(`data-preload="${held?.replaceAll('"', "&quot;")}">${moduleBody}</script>`);
    expect(html).toContain(`<script nonce="abc==">${scriptStarter}</script>`);
    // Everything else is untouched, in its order.
    expect(html.indexOf("<h1>Clubs</h1>")).toBeLessThan(html.indexOf("page-module"));
    expect(html.indexOf(scriptStarter)).toBeLessThan(html.indexOf("enqueue"));
  });

  it("leaves a document without a module script as it is", () => {
    const plain = `<!DOCTYPE html><html><head></head><body><p>Not Found</p></body></html>`;
    expect(holdScriptsUntilPainted(plain)).toBe(plain);
  });

  it("gives the same document from React's stream wherever its chunks are cut, even inside a character", async () => {
    // Hindi and an emoji take two to four bytes each in UTF-8; a byte chunk may end in the middle of one.
    const written = page.replace("<h1>Clubs</h1>", "<h1>क्लब 🚀 Clubs</h1>");
    const bytes = Buffer.from(written, "utf8");
    await fc.assert(
      fc.asyncProperty(cutsOf(page.length), cutsOf(bytes.length), async (textCuts, byteCuts) => {
        const text = textCuts.map(([start, end]) => page.slice(start, end));
        expect(await throughStream(text)).toBe(holdScriptsUntilPainted(page));
        const byteChunks = byteCuts.map(([start, end]) => bytes.subarray(start, end));
        expect(await throughStream(byteChunks)).toBe(holdScriptsUntilPainted(written));
      }),
      { numRuns: 300 },
    );
  });

  it("passes a stream without module script through whole", async () => {
    const plain = `<!DOCTYPE html><html><head><title>x</title></head><body>${"<p>text</p>".repeat(50)}</body></html>`;
    expect(await throughStream([plain.slice(0, 7), plain.slice(7, 300), plain.slice(300)])).toBe(plain);
  });
});
