import { publicPaths, site } from "~/content/content.server";
import { sitemapXml } from "~/seo/sitemap";

/** Every public page of the page registry (app/pages.ts) in both languages. */
export function loader() {
  return new Response(sitemapXml(publicPaths(), site.url), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
