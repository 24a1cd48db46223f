import type { MetaDescriptor } from "react-router";

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
  /** The page's path, for the canonical link and og:url. */
  path: string;
}

interface PageText {
  title: string;
  description: string;
  /** One visitor's own page (a profile): search engines must not index it. */
  private?: true;
}

/** The title and description of every page whose text does not depend on its content, by path. */
const pages = {
  "/clubs": {
    title: "Clubs",
    description:
      "Explore the 19 clubs and societies of the council, from coding, robotics and drones to music, dance and NSS.",
  },
  "/mentors": {
    title: "Mentors",
    description: "Meet the faculty mentors who guide the council and its clubs: our mentor heads and mentors.",
  },
  "/team": {
    title: "Office Bearers",
    description: "Meet the council's 14 office bearers, the students who run its events, clubs and communication.",
  },
  "/developers": {
    title: "Developer Team",
    description: "Meet the students who designed and built the council's website.",
  },
  "/gallery": {
    title: "Event Gallery",
    description: "Moments from the council's events, fests, hackathons and club activities.",
  },
  "/join": {
    title: "Join the Council",
    description: "Apply to join the council: tell us who you are, pick the club you want to work with and why.",
  },
  "/suggestion": {
    title: "Suggestion Box",
    description: "Share your problems and suggestions to help improve our council.",
  },
  "/ideas": {
    title: "Ideas & Innovation",
    description:
      "Have an idea that could change campus life? Tell the council what it is and the difference it would make.",
  },
  "/login": {
    title: "Login",
    description: "Sign in to your council account with your College ID and date of birth.",
  },
  "/userProfile": {
    title: "Profile",
    description: "Your council profile.",
    private: true,
  },
  "/userProfile/delete": {
    title: "Delete my account",
    description: "Erase your account and what you sent.",
    private: true,
  },
  "/userProfileRegistration": {
    title: "User Registration",
    description:
      "Create your council account: your College ID is your enrollment number and your password your date of birth.",
  },
  "/sih": {
    title: "SIH 2025 Internal Hackathon",
    description:
      "Form a team of six, pick a Smart India Hackathon 2025 problem statement and register for the institute's internal round.",
  },
  "/sih/registration": {
    title: "SIH 2025 Team Registration",
    description:
      "Register your team of six for the SIH 2025 internal hackathon: team name, category and every member's details.",
  },
  "/tarang": {
    title: "Tarang – The Waves of Talent",
    description:
      "Tarang, the cultural fest: ramp walk, dance, open mic, music and mystery games, each with its registration dates.",
  },
  "/privacy": {
    title: "Privacy notice",
    description:
      "What the council's site collects, why, who sees it, how long it is kept, and how to see, download or erase it.",
  },
} satisfies Record<string, PageText>;

export type PagePath = keyof typeof pages;

/** What a page's meta function is given: the root route's match comes first and holds the site data. */
interface MatchesWithSite {
  matches: readonly ({ loaderData?: { site?: SiteMeta } } | undefined)[];
}

/** The `meta` export of a page listed above: `export const meta = metaFor("/clubs")`. */
export function metaFor(path: PagePath) {
  const page: PageText = pages[path];
  const robots: MetaDescriptor[] = page.private ? [{ name: "robots", content: "noindex" }] : [];
  return ({ matches }: MatchesWithSite): MetaDescriptor[] => [
    ...pageMeta(matches[0]?.loaderData?.site, { title: page.title, description: page.description, path }),
    ...robots,
  ];
}

/**
 * Title, description, canonical link and the Open Graph / Twitter card tags, so a link shared on WhatsApp
 * shows the page's own title, text and image.
 */
export function pageMeta(site: SiteMeta | undefined, { title, description, path }: PageMetaInput): MetaDescriptor[] {
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
    const url = new URL(path, site.url).href;
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
