import { englishPath, localizedPath } from "~/i18n/locale";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The sitemap of these pages at the site's address, each naming its twins as the pages' own hreflang links do. */
export function sitemapXml(paths: readonly string[], siteUrl: string): string {
  const absolute = (path: string) => escapeXml(new URL(path, siteUrl).href);
  const urls = paths
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
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}
