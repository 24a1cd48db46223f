import path from "node:path";
import type { PublicSite } from "~/components/shell/site";
import { type Club } from "./schemas";
import { env } from "~/server/ops/env.server";
import { type Locale } from "~/i18n/locale";
import type { PageValues } from "~/page-entry";
import { publicPathsOf } from "~/pages-derived";
import { contentIn } from "./content-in";
import { describeFileProblem, readContentFiles } from "./content-files.server";
import type { ContentData } from "./parts";

/**
 * The content every page reads, held in memory: no page costs a query. At import it is CONTENT_DIR's files (data/
 * unless set), read from disk rather than bundled into the build, so tests can give the server content of their own;
 * once the app starts on the built-in store, the store's newest versions replace it, and every newer version saved
 * on any replica replaces it again within seconds (content-watch.server.ts, docs/decisions/0024).
 *
 * The exports below are `let` on purpose: an ES module's importers see the binding, not a copy, so `site` or
 * `events` read inside a loader, an action or a function is always the current content. Read them when you use
 * them; a copy kept at module level (`const hackathon = events.hackathon`) would keep the content of the start.
 */
function contentAtStart(): ContentData {
  const read = readContentFiles(env.CONTENT_DIR);
  if (read.ok) return read.content;
  // A bad edit in data/ stops the start with the file and field named, instead of breaking one page for visitors later.
  const { problem } = read;
  if (problem.unreadable !== undefined) {
    // A setting to fix, said in one line as the server and the council command say every such mistake.
    throw new Error(
      `Invalid environment: CONTENT_DIR (${env.CONTENT_DIR}) holds no readable ${path.basename(problem.file)}: ${problem.unreadable}. See .env.example.`,
    );
  }
  throw new Error(`Content: ${describeFileProblem(problem)}`);
}

/**
 * One public address for the whole site: SITE_URL, which every e-mail's links start with, when it is set, so the
 * sitemap, robots.txt, canonical and language links and calendar files agree with the e-mails; else the content's.
 */
const withSiteUrl = (site: ContentData["site"]) => ({ ...site, url: env.SITE_URL ?? site.url });

const start = contentAtStart();
export let site = withSiteUrl(start.site);
export let clubs = start.clubs;
export let people = start.people;
export let events = start.events;
export let gallery = start.gallery;
/** What the council's decision e-mails say (/council: "E-mail the decision"). */
export let decisionEmails = start["decision-emails"];
/** The store's version id the content above is (0: the files read at start). */
let contentVersion = 0;

const listeners = new Set<(version: number) => void>();

/**
 * Makes `content` what every page reads from now on (the store's newest versions, numbered `version`), then tells
 * those who keep something made from it (the page cache). The content watcher calls it; a test may too.
 */
export function useContent(content: ContentData, version: number): void {
  site = withSiteUrl(content.site);
  clubs = content.clubs;
  people = content.people;
  events = content.events;
  gallery = content.gallery;
  decisionEmails = content["decision-emails"];
  publicSite = publicSiteIn("en");
  pageValues = { clubSlugs: clubs.map((club) => club.slug) };
  contentVersion = version;
  for (const listener of listeners) listener(version);
}

/** Calls `listener` after every change of the content; the function returned stops it. */
export function onContentChange(listener: (version: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store's version id of the content the pages read now; 0 while it is the files read at start. */
export function currentContentVersion(): number {
  return contentVersion;
}

/** The part of the site identity every page's shell shows (navbar, footer, loading screen, meta tags), in `locale`. */
export function publicSiteIn(locale: Locale): PublicSite {
  const { name, tagline, url, email, address, logo, shareImage, aboutBlurb, socialLinks } = site;
  return contentIn({ name, tagline, url, email, address, logo, shareImage, aboutBlurb, socialLinks }, locale);
}

/** The English site identity. */
export let publicSite: PublicSite = publicSiteIn("en");

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
export let pageValues: PageValues = { clubSlugs: clubs.map((club) => club.slug) };

/**
 * Every public page's canonical path (the registry's, in its order, English then Hindi): what the sitemap lists and
 * the page cache keeps.
 */
export function publicPaths(): string[] {
  return publicPathsOf(pageValues);
}
