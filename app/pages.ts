import { matchPath } from "react-router";
import type { Delivery } from "./delivery/delivery";
import type { Catalogue } from "./i18n/catalogue/en";
import type { CataloguePart } from "./i18n/catalogue-parts";
import { englishPath, localizedPath } from "./i18n/locale.ts";

/**
 * The page registry: every page of the site, once. The route table (routes.ts, with each page's Hindi twin), the
 * page's delivery (delivery/delivery.ts), its <title> and description (seo/page-text.ts), the public paths the page
 * cache keeps and the sitemap lists (content.server.ts), and the catalogue's parts the browser loads for it
 * (i18n/browser-catalogue.ts) are all read from here. Adding a page is one entry here and its module under routes/.
 *
 * A page is public, cached and in the sitemap exactly when its delivery is "public": the page cache keeps only answers
 * carrying that delivery's cache header, so the three cannot disagree. Routes that render no page (files, redirects,
 * machine-facing answers) stay in routes.ts as endpoints.
 */
export interface Page {
  /** The English path as the route table writes it: "" for the home page, ":name" for a parameter, "*" for any. */
  path: string;
  /** Its route module, under app/ (a missing file stops the type check: see above `pages`). */
  module: `routes/${string}.tsx` | `routes/${string}.ts`;
  /** A route id of its own, where one module serves several pages; the Hindi twin's is `hi-<id>`. */
  id?: string;
  /** How it reaches the browser (delivery/delivery.ts): its scripts, headers and caching follow. */
  delivery: Delivery;
  /** "en+hi": also under /hi, the same module (decision 21); "en": English only (the council's, the machines'). */
  languages: "en" | "en+hi";
  /** The catalogue's parts it shows besides the shell's (i18n/catalogue-parts.ts): what the browser loads for it. */
  texts: readonly CataloguePart[];
  /**
   * Its <title> and description: a catalogue group holding both, which the root's meta says for it (the module has no
   * `meta`); or "module" where they depend on content (a club's name) and the module's own `meta` writes them.
   */
  head: TitleKey | "module";
  /** False: it asks search engines not to index it (robots noindex; for "module" heads the module says it). */
  indexed: boolean;
  /** A public page with a parameter: the content whose values make its pages (see PageValues in content.server.ts). */
  each?: ValueSource;
}

/** The content that gives a public page's parameter its values, each one page in the cache and the sitemap. */
export type ValueSource = "clubSlugs";

/** Where in the catalogues a title and description are: a group holding both, by its dotted path. */
export type TitleKey = TitledGroups<Catalogue>;
type TitledGroups<T, Prefix extends string = ""> = {
  [Key in keyof T & string]: T[Key] extends { title: string; description: string }
    ? `${Prefix}${Key}`
    : T[Key] extends string
      ? never
      : TitledGroups<T[Key], `${Prefix}${Key}.`>;
}[keyof T & string];

const tarangCategories = ["rampWalk", "danceDetails", "openMic", "musicEvent", "mysteryGame"] as const;

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

  // The council's pages: English only, for its members; their robots header says noindex too (delivery "council").
  {
    path: "council",
    module: "routes/council.tsx",
    delivery: "council",
    languages: "en",
    texts: [],
    head: "module",
    indexed: false,
  },
  {
    path: "council/accounts",
    module: "routes/council-accounts.tsx",
    delivery: "council",
    languages: "en",
    texts: [],
    head: "module",
    indexed: false,
  },
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

/** A list of pages: the site's (`pages`), or a test's own. */
export type Registry = readonly Page[];

/** The route id React Router gives a page's English route: its own, or its module's file without the extension. */
export function englishRouteId(page: Page): string {
  return page.id ?? page.module.replace(/\.[jt]sx?$/, "");
}

/** Its Hindi twin's route id: the English one under `hi-`. */
export function hindiRouteId(page: Page): string {
  return `hi-${englishRouteId(page)}`;
}

/** The page each route id renders, for the delivery of a matched route. */
export function pagesByRouteId(registry: Registry = pages): Map<string, Page> {
  const byId = new Map<string, Page>();
  for (const page of registry) {
    byId.set(englishRouteId(page), page);
    if (page.languages === "en+hi") byId.set(hindiRouteId(page), page);
  }
  return byId;
}

const siteRouteIds = pagesByRouteId();

/** The page a route id renders, if the route renders one. */
export function pageOfRoute(routeId: string): Page | undefined {
  return siteRouteIds.get(routeId);
}

/** The pages that exist in both languages at an address of their own (the catch-all answers any unknown address). */
export const bilingualPages: readonly Page[] = pages.filter((page) => page.languages === "en+hi" && page.path !== "*");

/** The page at this path in either language (any case, a trailing slash: as routes match), unless a catch-all's. */
export function pageAt(pathname: string, registry: Registry = pages): Page | undefined {
  const english = englishPath(pathname);
  return registry.find(
    (page) => page.path !== "*" && matchPath({ path: `/${page.path}`, end: true }, english) !== null,
  );
}

/** Whether the page at this English path has a Hindi twin (the not-found screen and the council's pages do not). */
export function isBilingualPath(englishPathname: string): boolean {
  return pageAt(englishPathname)?.languages === "en+hi";
}

/** The catalogue's parts the page at `pathname` (either language) shows: the shell's, and its own. */
export function cataloguePartsOf(pathname: string): CataloguePart[] {
  return ["shell", ...(pageAt(pathname)?.texts ?? [])];
}

/**
 * Every set of parts a page loads, once each, as `cataloguePartsOf` gives them: the build makes each set one module
 * (i18n/catalogue-parts-plugin.ts), so that a first visit downloads its page's words in one file.
 */
export function cataloguePartSets(registry: Registry = pages): CataloguePart[][] {
  const sets = new Map<string, CataloguePart[]>([["shell", ["shell"]]]);
  for (const page of registry) {
    const parts: CataloguePart[] = ["shell", ...page.texts];
    sets.set(parts.join("+"), parts);
  }
  return [...sets.values()];
}

/** The values each source of parameters gives (the server reads them from the content). */
export type PageValues = Record<ValueSource, readonly string[]>;

/**
 * Every public page's canonical path, English first, then each Hindi twin: the page cache keeps exactly these, and
 * the sitemap lists them. A page with a parameter is one path per value of its source, each value encoded.
 */
export function publicPathsOf(values: PageValues, registry: Registry = pages): string[] {
  const publicPages = registry.filter((page) => page.delivery === "public");
  const pathsOf = (page: Page) =>
    page.each === undefined
      ? [`/${page.path}`]
      : values[page.each].map((value) => `/${page.path.replace(/:[^/]+/, encodeURIComponent(value))}`);
  const english = publicPages.flatMap(pathsOf);
  const hindi = publicPages
    .filter((page) => page.languages === "en+hi")
    .flatMap(pathsOf)
    .map((path) => localizedPath("hi", path));
  return [...english, ...hindi];
}
