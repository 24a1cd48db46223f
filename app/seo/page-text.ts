/**
 * The title and description of every page whose text does not depend on its content. Only the root loader reads
 * this table, so it reaches the browser as loader data rather than in a script every page loads.
 */
import { type Catalogue, en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import type { Locale } from "~/i18n/locale";

export interface PageText {
  title: string;
  description: string;
  /** One visitor's own page (a profile): search engines must not index it. */
  private?: true;
}

export const pageTexts = {
  "/clubs": { title: en.pages.clubs.title, description: en.pages.clubs.description },
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
  "/join": { ...en.titles.join },
  "/suggestion": { ...en.titles.suggestion },
  "/ideas": { ...en.titles.ideas },
  "/login": { ...en.titles.login },
  "/userProfile": { ...en.titles.userProfile, private: true },
  "/userProfile/delete": { ...en.titles.userProfileDelete, private: true },
  "/verify-email": { ...en.titles.verifyEmail, private: true },
  "/sih/team-member": { ...en.events.pages.sihTeamMember, private: true },
  "/sih/team/add-member": { ...en.events.pages.sihTeamAddMember, private: true },
  "/userProfileRegistration": { ...en.titles.userProfileRegistration },
  "/college-id-claim": { ...en.titles.collegeIdClaim, private: true },
  "/sih": { ...en.events.pages.sih },
  "/sih/registration": { ...en.events.pages.sihRegistration },
  "/tarang": { ...en.events.pages.tarang },
  "/privacy": {
    title: "Privacy notice",
    description:
      "What the council's site collects, why, who sees it, how long it is kept, and how to see, download or erase it.",
  },
} satisfies Record<string, PageText>;

export type PagePath = keyof typeof pageTexts;

/**
 * The pages whose title and description the catalogues hold (app/i18n/catalogue), by their group under `pages`. A
 * page moves here once its text is translated; until then its Hindi twin shows the English of this table.
 */
const cataloguedPages = { "/clubs": "clubs" } as const satisfies Partial<Record<PagePath, keyof Catalogue["pages"]>>;

/** The event pages, whose titles and descriptions the events area of the catalogues holds. */
const cataloguedEventPages = {
  "/sih": "sih",
  "/sih/registration": "sihRegistration",
  "/tarang": "tarang",
  "/sih/team-member": "sihTeamMember",
  "/sih/team/add-member": "sihTeamAddMember",
} as const satisfies Partial<Record<PagePath, keyof Catalogue["events"]["pages"]>>;

/** The form and account pages, whose title and description are in the catalogues' `titles` area (the server's). */
const titledPages = {
  "/join": "join",
  "/suggestion": "suggestion",
  "/ideas": "ideas",
  "/login": "login",
  "/userProfile": "userProfile",
  "/userProfile/delete": "userProfileDelete",
  "/verify-email": "verifyEmail",
  "/userProfileRegistration": "userProfileRegistration",
  "/college-id-claim": "collegeIdClaim",
} as const satisfies Partial<Record<PagePath, keyof Catalogue["titles"]>>;

/** The content pages whose title and description are in the catalogues' `content` area, by their group there. */
const contentPages = {
  "/mentors": "mentors",
  "/team": "team",
  "/developers": "developers",
  "/gallery": "gallery",
  "/privacy": "privacy",
} as const satisfies Partial<Record<PagePath, keyof Catalogue["content"]>>;

/** The table in a page's language. */
export function pageTextsIn(locale: Locale): Record<PagePath, PageText> {
  const catalogue = locale === "hi" ? hi : en;
  const translated = Object.entries(cataloguedPages).map(([path, key]) => {
    const { title, description } = catalogue.pages[key];
    return [path, { title, description }];
  });
  // A private page stays private in either language.
  const events = Object.entries(cataloguedEventPages).map(([path, key]) => {
    const { title, description } = catalogue.events.pages[key];
    return [path, { ...pageTexts[path as keyof typeof cataloguedEventPages], title, description }];
  });
  const titled = Object.entries(titledPages).map(([path, key]) => {
    const { title, description } = catalogue.titles[key];
    return [path, { ...pageTexts[path as PagePath], title, description }];
  });
  const content = Object.entries(contentPages).map(([path, key]) => {
    const { title, description } = catalogue.content[key];
    return [path, { ...pageTexts[path as PagePath], title, description }];
  });
  return {
    ...pageTexts,
    ...Object.fromEntries(translated),
    ...Object.fromEntries(events),
    ...Object.fromEntries(titled),
    ...Object.fromEntries(content),
  } as Record<PagePath, PageText>;
}
