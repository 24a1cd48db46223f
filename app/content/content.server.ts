import { readFileSync } from "node:fs";
import path from "node:path";
import type { PublicSite } from "~/components/shell/site";
import {
  clubsSchema,
  decisionEmailsSchema,
  eventsSchema,
  gallerySchema,
  peopleSchema,
  siteSchema,
  type Club,
} from "./schemas";
import { env } from "~/server/ops/env.server";
import { type Locale } from "~/i18n/locale";
import type { PageValues } from "~/page-entry";
import { publicPathsOf } from "~/pages-derived";
import { contentIn } from "./content-in";

/**
 * One file of CONTENT_DIR (data/ unless set), as JSON. Read from disk at start rather than bundled into the build, so
 * tests can give the server content of their own (registration windows that are open whatever today's date is).
 */
function contentFile(name: string): unknown {
  const file = path.resolve(env.CONTENT_DIR, name);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    // A setting to fix, said in one line as the server and the council command say every such mistake.
    throw new Error(
      `Invalid environment: CONTENT_DIR (${env.CONTENT_DIR}) holds no readable ${name}: ${messageOf(error)}. See .env.example.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`Content: ${file} is not valid JSON: ${messageOf(error)}`);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Parsed once when the server starts: a bad edit in data/ stops the start with zod's message naming the field,
// instead of breaking one page for visitors later.
const siteFile = siteSchema.parse(contentFile("site.json"));
/**
 * One public address for the whole site: SITE_URL, which every e-mail's links start with, when it is set, so the
 * sitemap, robots.txt, canonical and language links and calendar files agree with the e-mails; else the content's.
 */
export const site = { ...siteFile, url: env.SITE_URL ?? siteFile.url };
export const clubs = clubsSchema.parse(contentFile("clubs.json"));
export const people = peopleSchema.parse(contentFile("people.json"));
export const events = eventsSchema.parse(contentFile("events.json"));
export const gallery = gallerySchema.parse(contentFile("gallery.json"));
/** What the council's decision e-mails say (/council: "E-mail the decision"). */
export const decisionEmails = decisionEmailsSchema.parse(contentFile("decision-emails.json"));

/** The part of the site identity every page's shell shows (navbar, footer, loading screen, meta tags), in `locale`. */
export function publicSiteIn(locale: Locale): PublicSite {
  const { name, tagline, url, email, address, logo, shareImage, aboutBlurb, socialLinks } = site;
  return contentIn({ name, tagline, url, email, address, logo, shareImage, aboutBlurb, socialLinks }, locale);
}

/** The English site identity. */
export const publicSite: PublicSite = publicSiteIn("en");

/**
 * The club a /club/:clubName link opens. The earlier site matched a club whose name contains the parameter,
 * ignoring case; some slugs do not appear in the names, so the explicit slug is tried first and that match second.
 */
export function clubBySlug(param: string): Club | undefined {
  const wanted = param.trim().toLowerCase();
  if (!wanted) return undefined;
  return (
    clubs.find((club) => club.slug.toLowerCase() === wanted) ??
    clubs.find((club) => club.name.toLowerCase().includes(wanted))
  );
}

export function clubLink(club: Pick<Club, "slug">): string {
  return `/club/${encodeURIComponent(club.slug)}`;
}

/** React Router matches paths case-insensitively, so /rampwalk reaches the same page as /rampWalk. */
export function tarangCategory(slug: string) {
  const wanted = slug.toLowerCase();
  return events.tarang.categories.find((category) => category.slug.toLowerCase() === wanted);
}

/** The values of the public pages' parameters (app/pages.ts: `each`), from the content. */
export const pageValues: PageValues = { clubSlugs: clubs.map((club) => club.slug) };

/**
 * Every public page's canonical path (the registry's, in its order, English then Hindi): what the sitemap lists and
 * the page cache keeps.
 */
export function publicPaths(): string[] {
  return publicPathsOf(pageValues);
}
