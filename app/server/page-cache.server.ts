import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { MiddlewareFunction } from "react-router";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The marker a route puts on its document to say "this page is the same for every visitor who has no cookie":
 * `export const headers = publicPageHeaders`. Only responses carrying it are cached, so a new page is never
 * cached by accident; form and profile pages simply don't opt in.
 */
export const publicPageCacheControl = "public, max-age=0, must-revalidate";
export function publicPageHeaders() {
  return { "Cache-Control": publicPageCacheControl };
}

type CachedPage = {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  storedAt: number;
};

export type PageCacheOptions = {
  maxEntries?: number;
  /** Content is read at start, so pages change only with a deploy; the footer's year is why entries expire. */
  ttlMs?: number;
  now?: () => number;
};

/**
 * Rendered public pages, kept compressed in memory (issue 2: `/` must serve 600 requests/s on two cores, and
 * rendering the home page alone takes ~12 ms). Only cookie-less GET/HEAD document requests without a query are
 * answered from it, and only pages that opted in with `publicPageHeaders`; anything with a Set-Cookie is never
 * stored. A cached page cannot carry a per-request CSP nonce, so its policy lists the SHA-256 hashes of its
 * inline scripts instead (equally strict: only those exact scripts run).
 */
export function createPageCache({ maxEntries = 200, ttlMs = 10 * 60_000, now = Date.now }: PageCacheOptions = {}) {
  const pages = new Map<string, CachedPage>();

  async function store(key: string, response: Response): Promise<CachedPage> {
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    const policy = headers.get("Content-Security-Policy");
    if (policy) headers.set("Content-Security-Policy", withScriptHashes(policy, identity.toString("utf8")));
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    headers.set("Vary", "Accept-Encoding, Cookie");
    const [gzipped, brotlied] = await Promise.all([
      gzipAsync(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    const page: CachedPage = {
      status: response.status,
      headers: [...headers.entries()],
      identity,
      gzip: gzipped,
      br: brotlied,
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
      storedAt: now(),
    };
    // Bounded: a flood of distinct (valid) addresses must not grow memory; the oldest entry makes room.
    if (pages.size >= maxEntries && !pages.has(key)) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    return page;
  }

  function lookup(key: string): CachedPage | undefined {
    const page = pages.get(key);
    if (page && now() - page.storedAt > ttlMs) {
      pages.delete(key);
      return undefined;
    }
    return page;
  }

  const middleware: MiddlewareFunction<Response> = async ({ request }, next) => {
    const key = cacheKey(request);
    if (!key) {
      const response = await next();
      // A public page rendered for a visitor with cookies may hold their flash message: shared caches must not
      // hand it to anyone else.
      if (response.headers.get("Cache-Control") === publicPageCacheControl) response.headers.set("Vary", "Accept-Encoding, Cookie");
      return response;
    }
    const cached = lookup(key);
    if (cached) return answer(cached, request, "hit");
    const response = await next();
    if (!storable(response)) return response;
    return answer(await store(key, response), request, "miss");
  };

  return { middleware, clear: () => pages.clear(), get size() { return pages.size; } };
}

/** The cache key for a request the cache may answer, or null. */
function cacheKey(request: Request): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  // A visitor with any cookie may be signed in or have a flash message waiting: always rendered for them.
  if (request.headers.has("Cookie") || request.headers.has("Authorization")) return null;
  const url = new URL(request.url);
  // Queries are not part of any public page; keying on them would let anyone fill the cache with copies.
  if (url.search !== "") return null;
  // Client-side navigations fetch loader data (`/page.data`), not documents.
  if (url.pathname.endsWith(".data")) return null;
  return url.pathname;
}

function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !response.headers.has("Set-Cookie") &&
    response.headers.get("Cache-Control") === publicPageCacheControl &&
    response.body !== null
  );
}

function answer(page: CachedPage, request: Request, state: "hit" | "miss"): Response {
  const headers = new Headers(page.headers);
  headers.set("ETag", page.etag);
  headers.set("X-Page-Cache", state);
  const known = (request.headers.get("If-None-Match") ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (known.includes(page.etag)) return new Response(null, { status: 304, headers });

  const encoding = preferredEncoding(request.headers.get("Accept-Encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: page.status, headers });
}

/** br when the client accepts it, then gzip; a coding listed with q=0 is refused. */
export function preferredEncoding(acceptEncoding: string | null): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [coding = "", ...parameters] = part.trim().split(";");
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (coding && !refused) accepted.add(coding.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/** Replaces the policy's per-request nonce with the hashes of the inline scripts in `html`. */
export function withScriptHashes(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return policy.replace(/'nonce-[^']*'/g, [...hashes].join(" "));
}

/** The one cache of the running server (off in development, where Vite serves fresh modules on every request). */
export const publicPageCache = createPageCache();
