import { site } from "~/content/content.server";

export function loader() {
  const sitemap = new URL("/sitemap.xml", site.url).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
