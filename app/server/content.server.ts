import clubsJson from "../../data/clubs.json";
import eventsJson from "../../data/events.json";
import galleryJson from "../../data/gallery.json";
import peopleJson from "../../data/people.json";
import siteJson from "../../data/site.json";
import type { PublicSite } from "~/components/shell/site";
import { clubsSchema, eventsSchema, gallerySchema, peopleSchema, siteSchema, type Club } from "~/content/schemas";

// Parsed once when the server starts: a bad edit in data/ stops the start with zod's message naming the field,
// instead of breaking one page for visitors later.
export const site = siteSchema.parse(siteJson);
export const clubs = clubsSchema.parse(clubsJson);
export const people = peopleSchema.parse(peopleJson);
export const events = eventsSchema.parse(eventsJson);
export const gallery = gallerySchema.parse(galleryJson);

/** The part of the site identity every page's shell shows (navbar, footer, loading screen, meta tags). */
export const publicSite: PublicSite = {
  name: site.name,
  tagline: site.tagline,
  url: site.url,
  email: site.email,
  address: site.address,
  logo: site.logo,
  shareImage: site.shareImage,
  aboutBlurb: site.aboutBlurb,
  socialLinks: site.socialLinks,
};

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

/** Every public page's canonical path, in the order of the specification's route table (sitemap, page cache). */
export function publicPaths(): string[] {
  return [
    "/",
    "/clubs",
    ...clubs.map(clubLink),
    "/mentors",
    "/team",
    "/developers",
    "/gallery",
    "/sih",
    "/tarang",
    "/privacy",
    ...events.tarang.categories.map((category) => `/${category.slug}`),
  ];
}
