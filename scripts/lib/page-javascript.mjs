// What JavaScript a first visit to a page downloads, measured the way the budget is stated: gzip level 9, summed.
import { gzipSync, constants } from "node:zlib";

/**
 * Form and validation libraries leave these strings in minified bundles (zod's class names and issue codes, conform's
 * intent field are string literals, which the minifier may quote with ', " or `), so a chunk containing one carries
 * that library whatever its file name.
 */
export const formCodeMarkers = [
  { library: "zod", pattern: /["'`](?:\$Zod[A-Z]\w*|ZodError|invalid_type)["'`]/ },
  { library: "@conform-to", pattern: /["'`]__intent__["'`]/ },
];

// In the page's inline module script: `import * as route0 from "/assets/…"`, `import "/assets/…"` and
// `import("/assets/…")`. Not bare paths: the inline route manifest names chunks of every route, loaded or not.
const inlineImportPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\/assets\/[^"']+?\.js)["']/g;
// Between chunks, static imports only (`import{a}from"./x.js"`, `import"./x.js"`): the browser fetches them before
// running the chunk; dynamic ones wait until some code asks for them.
const staticImportPattern = /(?:\bfrom|\bimport)\s*["']([^"']+?\.js)["']/g;

/**
 * JavaScript the server HTML of `path` makes the browser load: script tags, module preloads and inline imports.
 * @param {string} html
 * @returns {string[]}
 */
export function scriptsInHtml(html) {
  /** @type {Set<string>} */
  const found = new Set();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi)) if (src) found.add(src);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) found.add(href);
  }
  for (const [, body = ""] of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, asset] of body.matchAll(inlineImportPattern)) if (asset) found.add(asset);
  }
  return [...found].filter((src) => new URL(src, "http://x").pathname.endsWith(".js"));
}

/**
 * @typedef {{ url: string, name: string, bytes: number, gzipBytes: number, formLibraries: string[] }} Chunk
 */

/**
 * The text of the page's inline scripts (the <head> script, React Router's context and data, or the script of
 * behaviours of a page without the framework), together, for the figure of what the HTML itself carries.
 * @param {string} html
 * @returns {string}
 */
export function inlineScriptText(html) {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map(([, body = ""]) => body)
    .join("\n");
}

/**
 * Fetches the page and every script it loads (following static imports between chunks), gzips each at level 9.
 * Returns the chunks sorted by size and the gzipped total in bytes (the budget's figure: files the page downloads),
 * and apart from it the gzipped size of its inline scripts, which travel inside the HTML.
 * @param {string | URL} baseUrl
 * @param {string} path
 * @returns {Promise<{ path: string, chunks: Chunk[], gzipBytes: number, inlineGzipBytes: number }>}
 */
export async function measurePageJavaScript(baseUrl, path) {
  const pageUrl = new URL(path, baseUrl);
  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
  const html = await response.text();

  const pending = scriptsInHtml(html).map((src) => new URL(src, pageUrl).href);
  /** @type {Map<string, Chunk>} */
  const chunks = new Map();
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (chunks.has(url)) continue;
    const chunkResponse = await fetch(url, { headers: { "accept-encoding": "identity" } });
    if (!chunkResponse.ok) throw new Error(`${url} (loaded by ${path}) answered HTTP ${chunkResponse.status}`);
    const source = await chunkResponse.text();
    chunks.set(url, {
      url,
      name: new URL(url).pathname,
      bytes: Buffer.byteLength(source),
      gzipBytes: gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length,
      formLibraries: formCodeMarkers.filter(({ pattern }) => pattern.test(source)).map(({ library }) => library),
    });
    for (const [, specifier = ""] of source.matchAll(staticImportPattern)) pending.push(new URL(specifier, url).href);
  }

  const sorted = [...chunks.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const inline = inlineScriptText(html);
  return {
    path,
    chunks: sorted,
    gzipBytes: sorted.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    inlineGzipBytes: inline ? gzipSync(inline, { level: constants.Z_BEST_COMPRESSION }).length : 0,
  };
}
