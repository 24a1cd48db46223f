import { existsSync } from "node:fs";
import { matchRoutes, type MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { pageValues, publicPaths, publicSite, site } from "~/content/content.server";
import { deliveries } from "~/delivery/delivery";
import { pageHeaders } from "~/delivery/headers.server";
import { createPageCache } from "~/delivery/page-cache.server";
import { hi } from "~/i18n/catalogue/hi";
import type { Page, Registry } from "~/page-entry";
import { pages } from "~/pages";
import { cataloguePartSets, hindiRouteId, pagesByRouteId, publicPathsOf } from "~/pages-derived";
import routes, { pageRoutes } from "~/routes";
import { registeredPageMeta } from "~/seo/meta";
import { pageTextsIn } from "~/seo/page-text";
import { sitemapXml } from "~/seo/sitemap";
import { metaOfPage } from "./support/page-meta";
import { get, routeArgs } from "./support/routes";

/** Every route module, by its file under app/. */
const modules = import.meta.glob<{ default?: unknown; meta?: (args: never) => MetaDescriptor[] }>(
  "../app/routes/*.{ts,tsx}",
  { eager: true },
);
const moduleOf = (page: Page) => modules[`../app/${page.module}`];

describe("the page registry", () => {
  it("names a module that exists for every page (React Router's typegen, the type check's first step, stops too)", () => {
    for (const page of pages)
      expect(existsSync(new URL(`../app/${page.module}`, import.meta.url)), page.module).toBe(true);
  });

  it("gives every route of the table an id of its own", () => {
    const ids = [...pagesByRouteId().keys()];
    expect(new Set(ids).size).toBe(pages.length + pages.filter((page) => page.languages === "en+hi").length);
    expect(ids).toContain(hindiRouteId(pages[0]));
  });

  it("lets the root say a page's texts when the registry names them, and the module when it writes its own", () => {
    for (const page of pages) {
      const hasMeta = typeof moduleOf(page)?.meta === "function";
      expect(hasMeta, `${page.module} ${page.head === "module" ? "needs" : "must leave to the root"} a meta`).toBe(
        page.head === "module",
      );
    }
  });

  it("keeps out of search engines every page that asks to be, whoever writes its <head>", () => {
    const noindex = { name: "robots", content: "noindex" };
    for (const page of pages.filter((entry) => !entry.indexed)) {
      const args = { matches: [{ loaderData: undefined }], location: { pathname: `/${page.path}` }, params: {} };
      const tags =
        page.head === "module"
          ? moduleOf(page)!.meta!(args as never)
          : metaOfPage(`/${page.path}`)({ matches: [{ loaderData: { site: publicSite, pages: pageTextsIn("en") } }] });
      expect(tags, page.path).toContainEqual(noindex);
    }
  });

  it("has a source of values for each public page with a parameter, and for no other", () => {
    for (const page of pages as Registry) {
      const needsValues = page.delivery === "public" && page.path.includes(":");
      expect(page.each !== undefined, page.path).toBe(needsValues);
    }
  });

  it("gives the sitemap and the page cache the public pages of the specification's table, in both languages", () => {
    const english = [
      "/",
      "/clubs",
      ...pageValues.clubSlugs.map((slug) => `/club/${encodeURIComponent(slug)}`),
      "/mentors",
      "/team",
      "/developers",
      "/gallery",
      "/sih",
      "/tarang",
      "/privacy",
      "/rampWalk",
      "/danceDetails",
      "/openMic",
      "/musicEvent",
      "/mysteryGame",
    ];
    expect(publicPaths()).toEqual([...english, ...english.map((path) => (path === "/" ? "/hi" : `/hi${path}`))]);
  });

  it("refuses an entry that leaves a field out or names texts the catalogues lack, at the type check", () => {
    // @ts-expect-error: `indexed` is left out.
    const forgotten: Page = {
      path: "notices",
      module: "routes/notices.tsx",
      delivery: "public",
      languages: "en+hi",
      texts: [],
      head: "content.privacy",
    };
    const misnamed: Page = {
      ...forgotten,
      // @ts-expect-error: no group of the catalogues is there.
      head: "content.notices",
    };
    expect([forgotten, misnamed]).toHaveLength(2);
  });
});

describe("a page added to the registry", () => {
  // One entry, served here by an existing module: the registry is all a new page needs besides its module.
  const notices: Page = {
    path: "notices",
    module: "routes/privacy.tsx",
    id: "notices",
    delivery: "public",
    languages: "en+hi",
    texts: ["content", "events"],
    head: "content.privacy",
    indexed: true,
  };
  const registry: Registry = [...pages, notices];
  const byId = pagesByRouteId(registry);

  it("is routed in both languages, to its module", () => {
    const table = pageRoutes(registry).map(({ path, index, id, file }) => ({ path, index, id: id ?? file, file }));
    const english = matchRoutes(table, "/notices")?.at(-1)?.route;
    const hindi = matchRoutes(table, "/hi/notices")?.at(-1)?.route;
    expect(english).toMatchObject({ id: "notices", file: "routes/privacy.tsx" });
    expect(hindi).toMatchObject({ id: "hi-notices", file: "routes/privacy.tsx" });
    expect(byId.get("hi-notices")).toBe(notices);
    // The site's own table is the same function of the site's registry.
    expect(routes.slice(0, pageRoutes(pages).length)).toEqual(pageRoutes(pages));
  });

  it("is titled in each language from the catalogue group it names, with its own canonical address", () => {
    expect(pageTextsIn("hi", registry)["/notices"]).toEqual({
      title: hi.content.privacy.title,
      description: hi.content.privacy.description,
    });
    const tags = registeredPageMeta(
      {
        location: { pathname: "/hi/notices" },
        rootData: { site: publicSiteFor(), pages: pageTextsIn("hi", registry) },
      },
      registry,
    );
    expect(tags).toContainEqual({ title: `${hi.content.privacy.title} | ${site.name}` });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${site.url}/hi/notices` });
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("is kept by the page cache, in both languages", async () => {
    const cache = createPageCache({ canonicalPaths: publicPathsOf(pageValues, registry) });
    const delivery = byId.get("hi-notices")!.delivery;
    expect(deliveries[delivery].framework).toBe("none");
    const render = () =>
      Promise.resolve(
        new Response("<!DOCTYPE html><title>Notices</title>", {
          headers: { "Content-Type": "text/html", ...pageHeaders(delivery, { nonce: undefined, production: true }) },
        }),
      );
    for (const path of ["/notices", "/hi/notices"]) {
      await cache.middleware(routeArgs(get(path)), render);
      expect(cache.lookup({ method: "GET", path })?.headers, path).toContainEqual(["X-Page-Cache", "hit"]);
    }
  });

  it("is in the sitemap in both languages, naming its twins", () => {
    const xml = sitemapXml(publicPathsOf(pageValues, registry), site.url);
    expect(xml).toContain(`<loc>${site.url}/notices</loc>`);
    expect(xml).toContain(`<loc>${site.url}/hi/notices</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${site.url}/hi/notices"/>`);
  });

  it("has the catalogue's parts it shows among the sets the build makes for the browser", () => {
    expect(cataloguePartSets(pages)).not.toContainEqual(["shell", "content", "events"]);
    expect(cataloguePartSets(registry)).toContainEqual(["shell", "content", "events"]);
  });
});

/** The site data the root loader gives every page's meta. */
function publicSiteFor() {
  return { name: publicSite.name, url: site.url, shareImage: publicSite.shareImage };
}
