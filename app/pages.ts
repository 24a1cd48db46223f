import type { Page } from "./page-entry";

/*
 * The page registry: every page of the site, once. The route table (routes.ts, with each page's Hindi twin), the
 * page's delivery (delivery/delivery.ts), its <title> and description (seo/page-text.ts), the public paths the page
 * cache keeps and the sitemap lists (content.server.ts), and the catalogue's parts the browser loads for it
 * (i18n/browser-catalogue.ts) all follow from it (pages-derived.ts). Adding a page is one entry here and its module
 * under routes/; what an entry says is in page-entry.ts.
 *
 * A page is public, cached and in the sitemap exactly when its delivery is "public": the page cache keeps only answers
 * carrying that delivery's cache header, so the three cannot disagree. Routes that render no page (files, redirects,
 * machine-facing answers) stay in routes.ts as endpoints.
 */

const tarangCategories = ["rampWalk", "danceDetails", "openMic", "musicEvent", "mysteryGame"] as const;

/** A council page: English only, for its members; its robots header says noindex too (delivery "council"). */
function councilPage<const Path extends string, const Module extends `routes/${string}.tsx`>(
  path: Path,
  module: Module,
) {
  return {
    path,
    module,
    delivery: "council",
    languages: "en",
    texts: [],
    head: "module",
    indexed: false,
  } as const;
}

/**
 * In the order a visitor meets them. A module named here that does not exist stops the type check: the route table is
 * made from this list, and `react-router typegen` (the first step of `npm run typecheck`, and of lint, build and dev)
 * reads every route module and stops with ENOENT naming the file. tests/pages.test.ts checks it without the build
 * tools. A field left out, or a title key the catalogues lack, is a type error of tsc.
 */
export const pages = [
  {
    path: "",
    module: "routes/home.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content"],
    head: "module",
    indexed: true,
  },
  {
    path: "clubs",
    module: "routes/clubs.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content"],
    head: "pages.clubs",
    indexed: true,
  },
  {
    path: "club/:clubName",
    module: "routes/club-detail.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content"],
    head: "module",
    indexed: true,
    each: "clubSlugs",
  },
  {
    path: "mentors",
    module: "routes/mentors.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content"],
    head: "content.mentors",
    indexed: true,
  },
  {
    path: "team",
    module: "routes/team.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content"],
    head: "content.team",
    indexed: true,
  },
  {
    path: "developers",
    module: "routes/developers.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content"],
    head: "content.developers",
    indexed: true,
  },
  {
    path: "gallery",
    module: "routes/gallery.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content"],
    head: "content.gallery",
    indexed: true,
  },
  {
    path: "join",
    module: "routes/join.tsx",
    delivery: "form",
    languages: "en+hi",
    texts: ["forms", "join"],
    head: "titles.join",
    indexed: true,
  },
  {
    path: "suggestion",
    module: "routes/suggestion.tsx",
    delivery: "form",
    languages: "en+hi",
    texts: ["forms", "notes"],
    head: "titles.suggestion",
    indexed: true,
  },
  {
    path: "ideas",
    module: "routes/ideas.tsx",
    delivery: "form",
    languages: "en+hi",
    texts: ["forms", "notes"],
    head: "titles.ideas",
    indexed: true,
  },
  {
    path: "login",
    module: "routes/login.tsx",
    delivery: "form",
    languages: "en+hi",
    texts: ["forms", "login"],
    head: "titles.login",
    indexed: true,
  },
  {
    path: "userProfile",
    module: "routes/user-profile.tsx",
    delivery: "private",
    languages: "en+hi",
    texts: ["profile"],
    head: "titles.userProfile",
    indexed: false,
  },
  {
    path: "userProfile/delete",
    module: "routes/user-profile-delete.tsx",
    delivery: "private",
    languages: "en+hi",
    texts: ["forms", "deleteAccount"],
    head: "titles.userProfileDelete",
    indexed: false,
  },
  {
    path: "userProfileRegistration",
    module: "routes/user-profile-registration.tsx",
    delivery: "form",
    languages: "en+hi",
    texts: ["forms", "registration"],
    head: "titles.userProfileRegistration",
    indexed: true,
  },
  {
    path: "college-id-claim",
    module: "routes/college-id-claim.tsx",
    delivery: "form",
    languages: "en+hi",
    texts: ["forms", "registration", "claim"],
    head: "titles.collegeIdClaim",
    indexed: false,
  },
  {
    path: "verify-email",
    module: "routes/verify-email.tsx",
    delivery: "link",
    languages: "en+hi",
    texts: ["forms", "verify"],
    head: "titles.verifyEmail",
    indexed: false,
  },
  {
    path: "sih",
    module: "routes/sih.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["events"],
    head: "events.pages.sih",
    indexed: true,
  },
  {
    path: "sih/registration",
    module: "routes/sih-registration.tsx",
    delivery: "form",
    languages: "en+hi",
    texts: ["forms", "team", "sihRegistration"],
    head: "events.pages.sihRegistration",
    indexed: true,
  },
  {
    path: "sih/team-member",
    module: "routes/sih-team-member.tsx",
    delivery: "link",
    languages: "en+hi",
    texts: ["forms", "teamMember", "sihTeamMember"],
    head: "events.pages.sihTeamMember",
    indexed: false,
  },
  {
    path: "sih/team/add-member",
    module: "routes/sih-team-add-member.tsx",
    delivery: "private",
    languages: "en+hi",
    texts: ["forms", "team", "teamMember", "sihAddMember"],
    head: "events.pages.sihTeamAddMember",
    indexed: false,
  },
  {
    path: "tarang",
    module: "routes/tarang.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["events"],
    head: "events.pages.tarang",
    indexed: true,
  },
  {
    path: "privacy",
    module: "routes/privacy.tsx",
    delivery: "public",
    languages: "en+hi",
    texts: ["content", "forms"],
    head: "content.privacy",
    indexed: true,
  },
  // One page per Tarang category, each its own route id, from one module.
  ...tarangCategories.map((category) => ({
    path: category,
    module: "routes/tarang-category.tsx" as const,
    id: `tarang-${category}`,
    delivery: "public" as const,
    languages: "en+hi" as const,
    texts: ["events"] as const,
    head: "module" as const,
    indexed: true,
  })),

  // The council's pages: the inbox, the accounts to check.
  councilPage("council", "routes/council.tsx"),
  councilPage("council/accounts", "routes/council-accounts.tsx"),
  // The site's content, edited by the council (and a club's entry by its coordinator).
  councilPage("council/content", "routes/council-content.tsx"),
  councilPage("council/content/:part", "routes/council-content-part.tsx"),
  councilPage("council/content/:part/history", "routes/council-content-history.tsx"),
  councilPage("council/content/photos", "routes/council-content-photos.tsx"),
  // The container's health check renders a whole page, so that a server unable to render pages is reported unhealthy.
  {
    path: "healthz",
    module: "routes/healthz.tsx",
    delivery: "private",
    languages: "en",
    texts: [],
    head: "module",
    indexed: false,
  },
  // Development only (404 elsewhere): the e-mails the log "sent".
  {
    path: "dev/outbox",
    module: "routes/dev-outbox.tsx",
    delivery: "private",
    languages: "en",
    texts: [],
    head: "module",
    indexed: false,
  },
  // Anything else: HTTP 404 with the specified Not Found screen, in Hindi under /hi. Its status keeps it out of an
  // index, so it asks nothing of search engines.
  {
    path: "*",
    module: "routes/not-found.tsx",
    delivery: "static",
    languages: "en+hi",
    texts: [],
    head: "module",
    indexed: true,
  },
] as const satisfies readonly Page[];
