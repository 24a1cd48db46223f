import { describe, expect, it, vi } from "vitest";
import { createPageCache, publicPageCacheControl } from "~/delivery/page-cache.server";
import { routeArgs } from "./support/routes";

/**
 * The page cache's middleware sees every answer React Router gives in production, and decides who may keep it: an
 * answer rendered for a visitor with our cookies is private whatever its route said or left unsaid, and is never
 * stored; other visitors' answers keep their caching and say they differ by cookie.
 */

const canonicalPaths = ["/", "/clubs"];

function answer(
  path: string,
  render: () => Response,
  headers: HeadersInit = {},
): Promise<{ response: Response; rendered: number }> {
  const cache = createPageCache({ canonicalPaths });
  const next = vi.fn(() => Promise.resolve(render()));
  const request = new Request(new URL(path, "http://localhost"), { headers });
  return (cache.middleware(routeArgs(request), next) as Promise<Response>).then((response) => ({
    response,
    rendered: next.mock.calls.length,
  }));
}

const html = (headers: Record<string, string> = {}, status = 200) =>
  new Response("<!DOCTYPE html><p>Hello, Ishaan</p>", {
    status,
    headers: { "Content-Type": "text/html", ...headers },
  });

const signedIn = { Cookie: "theme=dark; __session=abc" };

describe("answers rendered for a signed-in visitor", () => {
  it.each([
    ["a form page that says nothing about caching", "/join", () => html()],
    ["the not-found page", "/nope", () => html({}, 404)],
    ["a client navigation's data", "/join.data", () => html({ "Content-Type": "text/x-script" })],
    ["a page that only said no-store", "/healthz", () => html({ "Cache-Control": "no-store" })],
    ["a file a route marked public", "/robots.txt", () => html({ "Cache-Control": "public, max-age=3600" })],
    ["a redirect whose headers cannot change", "/userProfile", () => Response.redirect("http://localhost/login", 302)],
  ])("%s is private, no-store", async (_case, path, render) => {
    const { response } = await answer(path, render, signedIn);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Vary")).toContain("Cookie");
  });

  it("a route's own private Cache-Control is kept as it is", async () => {
    const { response } = await answer("/x", () => html({ "Cache-Control": "private, max-age=60" }), signedIn);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=60");
  });

  it("a public page is private to the visitor's browser, and the cache renders it afresh each time", async () => {
    const cache = createPageCache({ canonicalPaths });
    const next = vi.fn(() => Promise.resolve(html({ "Cache-Control": publicPageCacheControl })));
    for (let visit = 0; visit < 2; visit += 1) {
      const request = new Request("http://localhost/clubs", { headers: signedIn });
      const response = (await cache.middleware(routeArgs(request), next)) as Response;
      expect(response.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
    }
    expect(next).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});

describe("answers for a visitor without our cookies", () => {
  it("a form page keeps saying nothing about caching, and says it differs by cookie", async () => {
    const { response } = await answer("/join", () => html({ Vary: "Accept-Encoding" }), { Cookie: "__device=1" });
    expect(response.headers.get("Cache-Control")).toBeNull();
    expect(response.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
  });

  it("a public page stays public and is served from the cache", async () => {
    const cache = createPageCache({ canonicalPaths });
    const next = vi.fn(() => Promise.resolve(html({ "Cache-Control": publicPageCacheControl })));
    await cache.middleware(routeArgs(new Request("http://localhost/clubs")), next);
    const again = (await cache.middleware(routeArgs(new Request("http://localhost/clubs")), next)) as Response;
    expect(again.headers.get("Cache-Control")).toBe(publicPageCacheControl);
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(next).toHaveBeenCalledOnce();
  });
});
