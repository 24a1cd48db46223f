import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { createPageCache, preferredEncoding, publicPageCacheControl } from "~/delivery/page-cache.server";
import { get, routeArgs } from "./support/routes";

const inlineScript = 'window.__context = {"page":1};';
const html = `<!DOCTYPE html><html><head><script src="/assets/a.js"></script></head><body>
<h1>Clubs</h1><script nonce="abc">${inlineScript}</script><script type="module" nonce="abc">import "/assets/b.js";</script></body></html>`;
const policy = "default-src 'self'; script-src 'self' 'nonce-abc'; object-src 'none'";

function page(init: { status?: number; headers?: Record<string, string>; body?: string } = {}) {
  return new Response(init.body ?? html, {
    status: init.status ?? 200,
    headers: {
      "Content-Type": "text/html",
      "Cache-Control": publicPageCacheControl,
      "Content-Security-Policy": policy,
      ...init.headers,
    },
  });
}

function call(
  cache: ReturnType<typeof createPageCache>,
  path: string,
  render: () => Response,
  headers: HeadersInit = {},
  method = "GET",
) {
  const request = new Request(new URL(path, "http://localhost"), { method, headers });
  const next = vi.fn(() => Promise.resolve(render()));
  return { next, response: cache.middleware(routeArgs(request), next) as Promise<Response> };
}

const canonicalPaths = ["/", "/clubs", "/club/coding", "/x", "/a", "/b", "/c"];

describe("the public page cache", () => {
  it("renders a public page once, then answers later visitors without rendering", async () => {
    const cache = createPageCache({ canonicalPaths });
    const first = call(cache, "/clubs", () => page());
    expect((await first.response).headers.get("X-Page-Cache")).toBe("miss");
    const second = call(cache, "/clubs", () => page({ body: "<p>rendered again</p>" }));
    const response = await second.response;
    expect(second.next).not.toHaveBeenCalled();
    expect(response.headers.get("X-Page-Cache")).toBe("hit");
    expect(await response.text()).toBe(html);
  });

  it("sends brotli or gzip when the browser accepts it, with the right length", async () => {
    const cache = createPageCache({ canonicalPaths });
    await call(cache, "/", () => page()).response;
    const br = await call(cache, "/", () => page(), { "Accept-Encoding": "gzip, deflate, br" }).response;
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(Number(br.headers.get("Content-Length"))).toBe(brBody.length);
    expect(brotliDecompressSync(brBody).toString()).toBe(html);

    const gz = await call(cache, "/", () => page(), { "Accept-Encoding": "gzip" }).response;
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    expect(gz.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
  });

  it("keeps a public page's policy as it is: such a page has no per-request nonce", async () => {
    const cache = createPageCache({ canonicalPaths });
    const response = await call(cache, "/", () => page()).response;
    expect(response.headers.get("Content-Security-Policy")).toBe(policy);
  });

  it("answers 304 to a browser that already has this version", async () => {
    const cache = createPageCache({ canonicalPaths });
    const etag = (await call(cache, "/", () => page()).response).headers.get("ETag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await call(cache, "/", () => page(), { "If-None-Match": `W/"other", ${etag}` }).response;
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
  });

  it("answers HEAD from the cache without a body", async () => {
    const cache = createPageCache({ canonicalPaths });
    await call(cache, "/", () => page()).response;
    const head = call(cache, "/", () => page(), {}, "HEAD");
    const response = await head.response;
    expect(head.next).not.toHaveBeenCalled();
    expect(response.body).toBeNull();
    expect(Number(response.headers.get("Content-Length"))).toBe(Buffer.byteLength(html));
  });

  it.each([
    ["a signed-in visitor", "/", { Cookie: "theme=dark; __session=x" }],
    ["a visitor with a flash message waiting", "/", { Cookie: "toast=x" }],
    ["client-side navigation data", "/clubs.data", {}],
    ["a case variant of a canonical path", "/CLUBS", {}],
    ["a percent-encoded variant", "/club/%63oding", {}],
    ["a trailing slash", "/clubs/", {}],
    ["an unknown path (a 404 page never takes a slot)", "/club/nope", {}],
  ])("always renders for %s, and stores nothing", async (_case, path, headers) => {
    const cache = createPageCache({ canonicalPaths });
    await call(cache, path, () => page(), headers).response;
    const again = call(cache, path, () => page(), headers);
    await again.response;
    expect(again.next).toHaveBeenCalledOnce();
    expect(cache.size).toBe(0);
  });

  it("serves a canonical page with an unknown query (utm_source…) from the canonical entry", async () => {
    const cache = createPageCache({ canonicalPaths });
    await call(cache, "/clubs", () => page()).response;
    const tagged = call(cache, "/clubs?utm_source=whatsapp&utm_medium=share", () => page({ body: "other" }));
    const response = await tagged.response;
    expect(tagged.next).not.toHaveBeenCalled();
    expect(await response.text()).toBe(html);
    expect(cache.size).toBe(1);
  });

  it("cookies that change no page (the login device cookie, a proxy's) do not bypass it", async () => {
    const cache = createPageCache({ canonicalPaths });
    await call(cache, "/", () => page()).response;
    const visitor = call(cache, "/", () => page(), { Cookie: "__device=abc; _ga=GA1.1.1" });
    expect((await visitor.response).headers.get("X-Page-Cache")).toBe("hit");
    expect(visitor.next).not.toHaveBeenCalled();
  });

  it("renders a page once for twenty visitors arriving together", async () => {
    const cache = createPageCache({ canonicalPaths });
    let renders = 0;
    const slowRender = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
      return page();
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => cache.middleware(routeArgs(get("/clubs")), slowRender) as Promise<Response>),
    );
    expect(renders).toBe(1);
    for (const response of responses) expect(await response.text()).toBe(html);
    expect(responses.filter((response) => response.headers.get("X-Page-Cache") === "miss")).toHaveLength(1);
  });

  it("answers server.js's lookup with the stored bytes, before any React Router work", async () => {
    const cache = createPageCache({ canonicalPaths });
    expect(cache.lookup({ method: "GET", path: "/clubs" })).toBeUndefined();
    await call(cache, "/clubs", () => page()).response;
    const hit = cache.lookup({ method: "GET", path: "/clubs", acceptEncoding: "br" })!;
    expect(hit.status).toBe(200);
    expect(new Headers(hit.headers).get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(hit.body!).toString()).toBe(html);
    expect(cache.lookup({ method: "GET", path: "/clubs", cookie: "__session=x" })).toBeUndefined();
    expect(cache.lookup({ method: "POST", path: "/clubs" })).toBeUndefined();
  });

  it.each([
    ["a signed-in visitor", { Cookie: "__session=x" }],
    ["a visitor with a flash message", { Cookie: "theme=dark; toast=x" }],
    ["a request with credentials", { Authorization: "Basic eDp5" }],
  ])("answers a public page rendered for %s as private: no shared cache may keep it", async (_case, headers) => {
    const cache = createPageCache({ canonicalPaths });
    const response = await call(cache, "/", () => page(), headers).response;
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
    expect(cache.size).toBe(0);
  });

  it("keeps a public page public for a visitor without our cookies, also where it is not cached", async () => {
    const cache = createPageCache({ canonicalPaths });
    for (const [path, headers] of [
      ["/", { Cookie: "__device=abc" }],
      ["/CLUBS", {}],
    ] as const) {
      const response = await call(cache, path, () => page(), headers).response;
      expect(response.headers.get("Cache-Control"), path).toBe(publicPageCacheControl);
    }
  });

  it("leaves a private page's own Cache-Control alone", async () => {
    const cache = createPageCache({ canonicalPaths });
    const response = await call(cache, "/x", () => page({ headers: { "Cache-Control": "private, no-store" } }), {
      Cookie: "__session=x",
    }).response;
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each([
    ["a page that did not opt in", page({ headers: { "Cache-Control": "" } })],
    ["a private page", page({ headers: { "Cache-Control": "private, no-store" } })],
    ["a response that sets a cookie", page({ headers: { "Set-Cookie": "toast=; Max-Age=0" } })],
    ["a 404", page({ status: 404 })],
    ["a redirect", new Response(null, { status: 302, headers: { Location: "/login" } })],
    [
      "JSON",
      new Response("{}", { headers: { "Content-Type": "application/json", "Cache-Control": publicPageCacheControl } }),
    ],
  ])("never stores %s", async (_case, response) => {
    const cache = createPageCache({ canonicalPaths });
    await call(cache, "/x", () => response.clone()).response;
    expect(cache.size).toBe(0);
  });

  it("renders again after the entry expires", async () => {
    const cache = createPageCache({ canonicalPaths, ttlMs: 50 });
    await call(cache, "/", () => page()).response;
    await new Promise((resolve) => setTimeout(resolve, 80));
    const later = call(cache, "/", () => page());
    expect((await later.response).headers.get("X-Page-Cache")).toBe("miss");
    expect(later.next).toHaveBeenCalledOnce();
  });

  it("holds at most maxBytes, dropping the least recently used page: a page in use stays", async () => {
    const big = (label: string) => page({ body: `${html}<!-- ${label} ${"x".repeat(40_000)} -->` });
    const cache = createPageCache({ canonicalPaths, maxBytes: 200_000 });
    await call(cache, "/", () => big("home")).response;
    for (const path of ["/a", "/b", "/c", "/x"]) {
      await call(cache, path, () => big(path)).response;
      // The home page is visited between the others, so it is never the least recently used.
      expect(cache.lookup({ method: "GET", path: "/" })).toBeDefined();
    }
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeLessThan(5);
    expect(cache.lookup({ method: "GET", path: "/a" })).toBeUndefined();
  });
});

describe("content negotiation", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", "identity"],
    ["", "identity"],
    [null, "identity"],
  ] as const)("Accept-Encoding %j gets %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
