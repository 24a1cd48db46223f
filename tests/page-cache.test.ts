import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  createPageCache,
  preferredEncoding,
  publicPageCacheControl,
  withScriptHashes,
} from "~/server/page-cache.server";

const inlineScript = "window.__context = {\"page\":1};";
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

function call(cache: ReturnType<typeof createPageCache>, path: string, render: () => Response, headers: HeadersInit = {}, method = "GET") {
  const request = new Request(new URL(path, "http://localhost"), { method, headers });
  const next = vi.fn(async () => render());
  const args = { request, params: {}, context: new RouterContextProvider(), url: new URL(request.url), pattern: path };
  return { next, response: cache.middleware(args as never, next) as Promise<Response> };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("the public page cache", () => {
  it("renders a public page once, then answers later visitors without rendering", async () => {
    const cache = createPageCache();
    const first = call(cache, "/clubs", () => page());
    expect((await first.response).headers.get("X-Page-Cache")).toBe("miss");
    const second = call(cache, "/clubs", () => page({ body: "<p>rendered again</p>" }));
    const response = await second.response;
    expect(second.next).not.toHaveBeenCalled();
    expect(response.headers.get("X-Page-Cache")).toBe("hit");
    expect(await response.text()).toBe(html);
  });

  it("sends brotli or gzip when the browser accepts it, with the right length", async () => {
    const cache = createPageCache();
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

  it("replaces the per-request nonce with the hashes of exactly the page's inline scripts", async () => {
    const cache = createPageCache();
    const response = await call(cache, "/", () => page()).response;
    const cspHeader = response.headers.get("Content-Security-Policy") ?? "";
    expect(cspHeader).not.toContain("nonce-");
    expect(cspHeader).toContain(`script-src 'self' ${sha256(inlineScript)} ${sha256('import "/assets/b.js";')};`);
    expect(cspHeader).toContain("object-src 'none'");
    // An external script needs no hash ('self' covers it).
    expect(withScriptHashes(policy, '<script src="/x.js"></script>')).toBe("default-src 'self'; script-src 'self' ; object-src 'none'");
  });

  it("answers 304 to a browser that already has this version", async () => {
    const cache = createPageCache();
    const etag = (await call(cache, "/", () => page()).response).headers.get("ETag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await call(cache, "/", () => page(), { "If-None-Match": `W/"other", ${etag}` }).response;
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
  });

  it("answers HEAD from the cache without a body", async () => {
    const cache = createPageCache();
    await call(cache, "/", () => page()).response;
    const head = call(cache, "/", () => page(), {}, "HEAD");
    const response = await head.response;
    expect(head.next).not.toHaveBeenCalled();
    expect(response.body).toBeNull();
    expect(Number(response.headers.get("Content-Length"))).toBe(Buffer.byteLength(html));
  });

  it.each([
    ["a visitor with a cookie (maybe signed in, maybe a flash message)", "/", { Cookie: "__session=x" }],
    ["a query string", "/?utm=whatsapp", {}],
    ["client-side navigation data", "/clubs.data", {}],
  ])("always renders for %s", async (_case, path, headers) => {
    const cache = createPageCache();
    await call(cache, path, () => page(), headers).response;
    const again = call(cache, path, () => page(), headers);
    await again.response;
    expect(again.next).toHaveBeenCalledOnce();
    expect(cache.size).toBe(0);
  });

  it("tells shared caches that a public page rendered for a visitor with cookies varies by cookie", async () => {
    const cache = createPageCache();
    const response = await call(cache, "/", () => page(), { Cookie: "toast=x" }).response;
    expect(response.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
  });

  it.each([
    ["a page that did not opt in", page({ headers: { "Cache-Control": "" } })],
    ["a private page", page({ headers: { "Cache-Control": "private, no-store" } })],
    ["a response that sets a cookie", page({ headers: { "Set-Cookie": "toast=; Max-Age=0" } })],
    ["a 404", page({ status: 404 })],
    ["a redirect", new Response(null, { status: 302, headers: { Location: "/login" } })],
    ["JSON", new Response("{}", { headers: { "Content-Type": "application/json", "Cache-Control": publicPageCacheControl } })],
  ])("never stores %s", async (_case, response) => {
    const cache = createPageCache();
    await call(cache, "/x", () => response.clone()).response;
    expect(cache.size).toBe(0);
  });

  it("renders again after the entry expires", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    await call(cache, "/", () => page()).response;
    clock = 1001;
    const later = call(cache, "/", () => page());
    expect((await later.response).headers.get("X-Page-Cache")).toBe("miss");
    expect(later.next).toHaveBeenCalledOnce();
  });

  it("keeps at most maxEntries pages, dropping the oldest", async () => {
    const cache = createPageCache({ maxEntries: 2 });
    for (const path of ["/a", "/b", "/c"]) await call(cache, path, () => page()).response;
    expect(cache.size).toBe(2);
    const oldest = call(cache, "/a", () => page());
    await oldest.response;
    expect(oldest.next).toHaveBeenCalledOnce();
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
