import { describe, expect, it, vi } from "vitest";
import { action, loader } from "~/routes/hackathon-popup";
import { markIfPopupDismissed } from "~/popup/dismissal";
import Home, { handle, loader as homeLoader } from "~/routes/home";
import { createPageCache, publicPageCacheControl } from "~/delivery/page-cache.server";
import { get, post, renderRoute, routeArgs } from "../support/routes";

const dismissed = "hackathon-popup=dismissed";

const renderHome = () => renderRoute({ path: "/", Component: Home, loaderData: homeLoader(routeArgs(get("/"))) });

describe("the hackathon popup remembers it was closed, for 30 days", () => {
  it("its close button, without JavaScript, posts to /hackathon-popup, which sets the cookie and goes back to /", () => {
    const html = renderHome();
    const dialog = /<dialog[^>]*>/.exec(html)?.[0] ?? "";
    expect(dialog).toContain('id="hackathon-popup"');
    const form =
      /<form[^>]*action="\/hackathon-popup"[^>]*>\s*<button type="submit".*?<\/button>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    // Named in its text, which text browsers show too (they read no aria-label).
    expect(form.replace(/<[^>]+>/g, "")).toBe("Close");

    const response = action(routeArgs(post("/hackathon-popup", {})));
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

  it("without JavaScript, the home page asks for the stylesheet that decides, per visitor, whether the popup shows", () => {
    // The root layout puts it in the <head>, inside <noscript> (tests/deploy/pages-without-framework.system.test.ts): a
    // browser running scripts never waits for it; none in the body, where it stopped the parser mid-page.
    expect(handle.noscriptStylesheets).toEqual(["/hackathon-popup"]);
    expect(renderHome()).not.toMatch(/<link[^>]*rel="stylesheet"/);
  });

  it("with JavaScript, the <head> script marks the page before it paints, for a visitor with the cookie only", () => {
    const marked = (cookie: string) => {
      const attributes = new Map<string, string>();
      // The only global it touches: the document's root element.
      vi.stubGlobal("document", {
        documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      });
      try {
        markIfPopupDismissed(cookie);
      } finally {
        vi.unstubAllGlobals();
      }
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
    const withCookie = loader(routeArgs(get("/hackathon-popup", { cookie: `a=b; ${dismissed}` })));
    expect(withCookie.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(await withCookie.text()).toContain("#hackathon-popup{display:none!important}");

    for (const cookie of [undefined, "hackathon-popup=other", "xhackathon-popup=dismissed"]) {
      const response = loader(routeArgs(get("/hackathon-popup", { cookie })));
      expect(await response.text(), String(cookie)).not.toContain("display:none");
    }
  });

  it("the stylesheet is never shared between visitors nor kept stale by the browser", () => {
    const response = loader(routeArgs(get("/hackathon-popup", { cookie: dismissed })));
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("Vary")).toBe("Cookie");
  });

  it("the cookie neither bypasses nor splits the page cache: a visitor with it gets the one cached /", async () => {
    const cache = createPageCache({ canonicalPaths: ["/"] });
    const render = vi.fn(() =>
      Promise.resolve(
        new Response("<p>home</p>", {
          headers: { "Content-Type": "text/html", "Cache-Control": publicPageCacheControl },
        }),
      ),
    );
    await cache.middleware(routeArgs(get("/")), render);
    const answer = (await cache.middleware(routeArgs(get("/", { cookie: dismissed })), render)) as Response;
    expect(answer.headers.get("X-Page-Cache")).toBe("hit");
    expect(render).toHaveBeenCalledTimes(1);
    expect(cache.lookup({ method: "GET", path: "/", cookie: dismissed })?.headers).toContainEqual([
      "X-Page-Cache",
      "hit",
    ]);
  });
});
