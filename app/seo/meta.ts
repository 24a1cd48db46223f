import type { MetaDescriptor } from "react-router";
import { type Locale, localeOf, localizedPath } from "~/i18n/locale";
import type { Registry } from "~/page-entry";
import { pages } from "~/pages";
import { pageAt } from "~/pages-derived";
import type { PageText } from "./page-text";

/** What every page's meta needs from the root loader's site data. */
interface SiteMeta {
  name: string;
  url: string;
  shareImage: { src: string; alt: string; width: number; height: number };
}

interface PageMetaInput {
  /** The page's own title; the site name is appended ("Clubs | Student Council"). Omit on the home page. */
  title?: string;
  description: string;
  /** The page's English path, for the canonical link and og:url. */
  path: string;
  /** The page's language: a Hindi page's canonical address is its own, under /hi. */
  locale?: Locale;
}

/** What the root loader gives every page's meta: the site data and the table of page texts. */
interface RootMetaData {
  site?: SiteMeta;
  pages?: Partial<Record<string, PageText>>;
}

/**
 * The tags of a page whose registry entry names its texts in the catalogues (app/pages.ts: `head`): such a module has
 * no `meta` of its own, so the root's meta says them. The page is found by the address: the root's meta is given the
 * matches only down to the root, not the page's route. Undefined for any other page.
 */
export function registeredPageMeta(
  { location, rootData }: { location: { pathname: string }; rootData: RootMetaData | undefined },
  registry: Registry = pages,
): MetaDescriptor[] | undefined {
  const page = pageAt(location.pathname, registry);
  if (!page || page.head === "module") return undefined;
  const path = `/${page.path}`;
  const text = rootData?.pages?.[path];
  if (!text) return undefined;
  const robots: MetaDescriptor[] = text.private ? [{ name: "robots", content: "noindex" }] : [];
  return [
    ...pageMeta(rootData.site, {
      title: text.title,
      description: text.description,
      path,
      locale: localeOf(location.pathname),
    }),
    ...robots,
  ];
}

/**
 * Title, description, canonical link and the Open Graph / Twitter card tags, so a link shared on WhatsApp
 * shows the page's own title, text and image.
 */
export function pageMeta(
  site: SiteMeta | undefined,
  { title, description, path, locale = "en" }: PageMetaInput,
): MetaDescriptor[] {
  const siteName = site?.name ?? "Student Council";
  const fullTitle = title ? `${title} | ${siteName}` : siteName;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (site) {
    const url = new URL(localizedPath(locale, canonicalPath(path)), site.url).href;
    const image = new URL(site.shareImage.src, site.url).href;
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
      { property: "og:image", content: image },
      { property: "og:image:width", content: String(site.shareImage.width) },
      { property: "og:image:height", content: String(site.shareImage.height) },
      { property: "og:image:alt", content: site.shareImage.alt },
      { name: "twitter:image", content: image },
    );
  }
  return tags;
}

/**
 * A page's path in the one form its canonical link and og:url give it: without trailing slashes (but "/"), as the
 * sitemap and the page cache name pages, so /tarang/ and /tarang are one page to a search engine; and with one
 * leading slash, since "//host" would name another site.
 */
export function canonicalPath(path: string): string {
  return path.replace(/^\/+/, "/").replace(/(?<=.)\/+$/, "");
}
