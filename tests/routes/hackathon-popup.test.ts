import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { action, loader } from "~/routes/hackathon-popup";
import { popupDismissedScript } from "~/lib/hackathon-popup";
import Home, { loader as homeLoader } from "~/routes/home";
import { createPageCache, publicPageCacheControl } from "~/server/page-cache.server";

function routeArgs(request: Request) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: {}, context: new RouterContextProvider() } as never;
}

const dismissed = "hackathon-popup=dismissed";

function renderHome(): string {
  const data = homeLoader();
  const Stub = createRoutesStub([{ id: "home", path: "/", Component: Home as ComponentType, loader: () => data }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"], hydrationData: { loaderData: { home: data } } }));
}

describe("the hackathon popup remembers it was closed, for 30 days", () => {
  it("its close button, without JavaScript, posts to /hackathon-popup, which sets the cookie and goes back to /", async () => {
    const html = renderHome();
    const dialog = /<dialog[^>]*>/.exec(html)?.[0] ?? "";
    expect(dialog).toContain('id="hackathon-popup"');
    const form =
      /<form[^>]*action="\/hackathon-popup"[^>]*>\s*<button type="submit" aria-label="Close"/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');

    const response = action() as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^hackathon-popup=dismissed; /);
    expect(cookie).toContain("Max-Age=2592000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    // Nothing personal: scripts may read it, and the home page stays cacheable (no flash message on the way back).
    expect(cookie).not.toContain("HttpOnly");
    expect(response.headers.getSetCookie()).toHaveLength(1);
  });

  it("without JavaScript, the home page links the stylesheet that decides, per visitor, whether the popup shows", () => {
    // Inside <noscript>: a browser running scripts never waits for it before painting.
    expect(renderHome()).toMatch(/<noscript><link rel="stylesheet" href="\/hackathon-popup"\/><\/noscript>/);
  });

  it("with JavaScript, the <head> script marks the page before it paints, for a visitor with the cookie only", () => {
    const marked = (cookie: string) => {
      const attributes = new Map<string, string>();
      const document = {
        cookie,
        documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      };
      new Function("document", popupDismissedScript)(document);
      return attributes.has("data-popup-dismissed");
    };
    expect(marked(dismissed)).toBe(true);
    expect(marked(`a=b; ${dismissed}`)).toBe(true);
    expect(marked(`a=b;${dismissed}; c=d`)).toBe(true);
    for (const cookie of ["", "hackathon-popup=other", "xhackathon-popup=dismissed", "hackathon-popup=dismissedx"]) {
      expect(marked(cookie), cookie).toBe(false);
    }
  });

  it("the stylesheet hides the popup for a visitor with the cookie, and for no one else", async () => {
    const withCookie = await loader(
      routeArgs(new Request("http://localhost/hackathon-popup", { headers: { Cookie: `a=b; ${dismissed}` } })),
    );
    expect(withCookie.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(await withCookie.text()).toContain("#hackathon-popup{display:none!important}");

    for (const cookie of [undefined, "hackathon-popup=other", "xhackathon-popup=dismissed"]) {
      const response = await loader(
        routeArgs(new Request("http://localhost/hackathon-popup", { headers: cookie ? { Cookie: cookie } : {} })),
      );
      expect(await response.text(), String(cookie)).not.toContain("display:none");
    }
  });

  it("the stylesheet is never shared between visitors nor kept stale by the browser", async () => {
    const response = await loader(
      routeArgs(new Request("http://localhost/hackathon-popup", { headers: { Cookie: dismissed } })),
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("Vary")).toBe("Cookie");
  });

  it("the cookie neither bypasses nor splits the page cache: a visitor with it gets the one cached /", async () => {
    const cache = createPageCache({ canonicalPaths: ["/"] });
    const render = vi.fn(
      async () =>
        new Response("<p>home</p>", {
          headers: { "Content-Type": "text/html", "Cache-Control": publicPageCacheControl },
        }),
    );
    const args = (headers: HeadersInit) => {
      const request = new Request("http://localhost/", { headers });
      return {
        request,
        params: {},
        context: new RouterContextProvider(),
        url: new URL(request.url),
        pattern: "/",
      } as never;
    };
    await cache.middleware(args({}), render);
    const answer = (await cache.middleware(args({ Cookie: dismissed }), render)) as Response;
    expect(answer.headers.get("X-Page-Cache")).toBe("hit");
    expect(render).toHaveBeenCalledTimes(1);
    expect(cache.lookup({ method: "GET", path: "/", cookie: dismissed })?.headers).toContainEqual([
      "X-Page-Cache",
      "hit",
    ]);
  });
});
