import { publicPaths, site } from "~/content/content.server";
import { englishPath, localizedPath } from "~/i18n/locale";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const absolute = (path: string) => escapeXml(new URL(path, site.url).href);

/** Every public page in both languages, each naming its twins as the pages' own hreflang links do. */
export function loader() {
  const urls = publicPaths()
    .map((path) => {
      const english = englishPath(path);
      const alternates = [
        ["en", english],
        ["hi", localizedPath("hi", english)],
        ["x-default", english],
      ]
        .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${absolute(href!)}"/>`)
        .join("");
      return `  <url><loc>${absolute(path)}</loc>${alternates}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
