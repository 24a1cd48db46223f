import { offeredLocale } from "~/i18n/locale";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { MiddlewareFunction } from "react-router";
import { onContentChange, publicPaths } from "~/content/content.server";
import { sharedMetrics } from "~/server/ops/metrics.server";
import { deliveries } from "./delivery";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What a page delivered as `"public"` says ("the same for every visitor without our cookies"). Only responses
 * carrying it are cached, so a new page is never cached by accident.
 */
export const publicPageCacheControl = deliveries.public.cacheControl;

/**
 * What a public page rendered for a visitor with our cookies answers instead: the same page, for their browser only.
 */
export const personalPageCacheControl = "private, max-age=0, must-revalidate";

/**
 * What every other answer to a visitor with our cookies says, whatever its route said or left unsaid: a form page, the
 * not-found and error pages, a client navigation's data. Each shows at least the visitor's name in the header, or is
 * theirs (a download): no shared cache may keep it, and their browser need not either.
 */
export const signedInCacheControl = "private, no-store";

/**
 * The cookies that change what a page shows (the signed-in session, a flash message). A visitor carrying neither is
 * served from the cache; other cookies (the login device cookie, anything a proxy adds) change no page.
 */
const personalCookies = ["__session", "toast"];

type CachedPage = {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
};

/** What the cache answers, framework-neutral: server/http.ts writes it straight to the socket. */
export type CachedAnswer = { status: number; headers: [string, string][]; body: Buffer | null };

/** The parts of a request the cache looks at, so server/http.ts can ask without building a Fetch Request. */
export type CacheRequest = {
  method: string;
  /** The path as received, without the query. */
  path: string;
  cookie?: string | null;
  authorization?: string | null;
  acceptEncoding?: string | null;
  ifNoneMatch?: string | null;
};

export type PageCacheOptions = {
  /** The public pages' canonical paths: nothing else is ever cached (case and %-variants render afresh). */
  canonicalPaths: Iterable<string>;
  /** Bound on the bytes held (every encoding counted). */
  maxBytes?: number;
  /** A new version of the content clears the cache at once; the footer's year is why entries also expire. */
  ttlMs?: number;
};

/**
 * Rendered public pages, kept compressed in memory (`/` must serve 600 requests/s on two cores, and a
 * cached page at least a static file's rate). Only canonical public URLs are cached, keyed by path alone (a
 * query such as ?utm_source=… is served the canonical entry: no public page reads its query), bounded by bytes
 * with least-recently-used eviction. Concurrent misses for one page share one render. server/http.ts answers hits
 * before the React Router handler; the root middleware renders and stores misses. A public page has no
 * per-request nonce (it ships no framework): its policy lists the hashes of its inline scripts, so it is kept as is.
 */
export function createPageCache({
  canonicalPaths,
  maxBytes = 32 * 1024 * 1024,
  ttlMs = 10 * 60_000,
}: PageCacheOptions) {
  let canonical = new Set(canonicalPaths);
  // Bumped by every clear: a render that began before it holds the old content and is not kept.
  let generation = 0;
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.identity.length + page.gzip.length + page.br.length + 1024,
    ttl: ttlMs,
  });
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  // A hit is a public page answered without rendering (here or in server/http.ts); a miss is one that was rendered.
  const { pageCache: lookups } = sharedMetrics();

  function cacheKey(request: CacheRequest): string | undefined {
    if (request.method !== "GET" && request.method !== "HEAD") return undefined;
    if (personalRequest(request)) return undefined;
    return canonical.has(request.path) ? request.path : undefined;
  }

  /** The cached answer for this request, or undefined when it must be rendered. */
  function lookup(request: CacheRequest): CachedAnswer | undefined {
    const key = cacheKey(request);
    const page = key === undefined ? undefined : pages.get(key);
    if (page) lookups.inc({ result: "hit" });
    return page && answer(page, request, "hit");
  }

  /** Compresses a rendered page and keeps it, unless the content changed since its render began (`begun`). */
  async function store(key: string, response: Response, begun: number): Promise<CachedPage> {
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    headers.set("Vary", "Accept-Encoding, Cookie");
    // Fast settings, compressed at miss time: brotli 5 is within a few percent of 11 on HTML, at a tenth of the time.
    const [gzipped, brotlied] = await Promise.all([
      gzipAsync(identity, { level: 6 }),
      brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    const page: CachedPage = {
      status: response.status,
      headers: [...headers.entries()],
      identity,
      gzip: gzipped,
      br: brotlied,
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    };
    // Reading and compressing the body awaits too: a clear in that window must not let the old page in.
    if (begun === generation) pages.set(key, page);
    return page;
  }

  const middleware: MiddlewareFunction<Response> = async ({ request }, next) => {
    const url = new URL(request.url);
    const cacheRequest: CacheRequest = {
      method: request.method,
      path: url.pathname,
      cookie: request.headers.get("Cookie"),
      authorization: request.headers.get("Authorization"),
      acceptEncoding: request.headers.get("Accept-Encoding"),
      ifNoneMatch: request.headers.get("If-None-Match"),
    };
    const key = cacheKey(cacheRequest);
    if (key === undefined) return withCachingFor(cacheRequest, await next());
    const cached = pages.get(key);
    if (cached) {
      lookups.inc({ result: "hit" });
      return toResponse(answer(cached, cacheRequest, "hit"));
    }

    // Twenty visitors arriving together before the first render is stored wait for that one render.
    const pending = rendering.get(key);
    if (pending) {
      lookups.inc({ result: "hit" });
      const page = await pending;
      if (page) return toResponse(answer(page, cacheRequest, "hit"));
      return next();
    }
    lookups.inc({ result: "miss" });
    let response: Response | undefined;
    const begun = generation;
    const render = (async () => {
      response = await next();
      return storable(response) && begun === generation ? store(key, response, begun) : undefined;
    })();
    rendering.set(key, render);
    try {
      const page = await render;
      return page ? toResponse(answer(page, cacheRequest, "miss")) : response!;
    } finally {
      if (rendering.get(key) === render) rendering.delete(key);
    }
  };

  return {
    middleware,
    lookup,
    /** Forgets every page (the content changed); `paths`, the public pages' canonical paths from now on. */
    clear(paths?: Iterable<string>) {
      generation += 1;
      if (paths) canonical = new Set(paths);
      rendering.clear();
      pages.clear();
    },
    get size() {
      return pages.size;
    },
    get bytes() {
      return pages.calculatedSize;
    },
  };
}

/**
 * How an answer that is not from the cache may be kept, by whom it was rendered for. Every answer of React Router
 * passes here (pages, client navigations' data, files, redirects, the not-found and error pages), in production.
 */
function withCachingFor(request: CacheRequest, rendered: Response): Response {
  const personal = personalRequest(request);
  const adjust = (headers: Headers) => {
    // A file named by the hash of its bytes (an uploaded photo) is the same for every visitor, signed in or not.
    if (/\bimmutable\b/.test(headers.get("Cache-Control") ?? "")) return;
    if (headers.get("Cache-Control") === publicPageCacheControl) {
      // A public page rendered for a visitor with our cookies holds their name or flash message: no shared cache
      // may keep it (not every cache honours Vary: Cookie), only the visitor's own browser.
      if (personal) headers.set("Cache-Control", personalPageCacheControl);
      headers.set("Vary", "Accept-Encoding, Cookie");
      return;
    }
    // Anything else rendered for a visitor with our cookies is theirs alone, unless its route already said so; and
    // what a visitor without them gets may differ from it, which a cache in front must tell apart.
    if (personal && !isPrivate(headers.get("Cache-Control"))) headers.set("Cache-Control", signedInCacheControl);
    varyOnCookie(headers);
  };
  try {
    adjust(rendered.headers);
    return rendered;
  } catch {
    // Headers that cannot change (a Response.redirect()): the same answer, with headers of its own.
    const copy = new Response(rendered.body, rendered);
    adjust(copy.headers);
    return copy;
  }
}

/**
 * A request whose page may show something of this visitor's: our cookies, or credentials of any kind; or a language
 * cookie naming the other language than the page's, which the page then offers (a cookie naming the page's own
 * language changes nothing, so that visitor is served from the cache).
 */
function personalRequest(request: CacheRequest): boolean {
  return (
    Boolean(request.authorization) ||
    carriesPersonalCookie(request.cookie) ||
    offeredLocale(request.path, request.cookie) !== undefined
  );
}

/** Whether a Cache-Control value already keeps the answer out of shared caches. */
function isPrivate(cacheControl: string | null): boolean {
  return (cacheControl ?? "").split(",").some((directive) => directive.trim().toLowerCase() === "private");
}

function varyOnCookie(headers: Headers): void {
  const vary = headers.get("Vary");
  const listed = (vary ?? "").split(",").map((name) => name.trim().toLowerCase());
  if (listed.includes("cookie") || listed.includes("*")) return;
  headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
}

function carriesPersonalCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => personalCookies.includes(pair.split("=", 1)[0]!.trim()));
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

function answer(page: CachedPage, request: CacheRequest, state: "hit" | "miss"): CachedAnswer {
  const headers: [string, string][] = [...page.headers, ["ETag", page.etag], ["X-Page-Cache", state]];
  const known = (request.ifNoneMatch ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (known.includes(page.etag)) return { status: 304, headers, body: null };

  const encoding = preferredEncoding(request.acceptEncoding ?? null);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: page.status, headers, body: request.method === "HEAD" ? null : body };
}

function toResponse({ status, headers, body }: CachedAnswer): Response {
  return new Response(body === null ? null : new Uint8Array(body), { status, headers });
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

/** The one cache of the running server (off in development, where Vite serves fresh modules on every request). */
export const publicPageCache = createPageCache({ canonicalPaths: publicPaths() });
// A new version of the content: every page renders afresh, and the public pages are those of the new content.
onContentChange(() => publicPageCache.clear(publicPaths()));
