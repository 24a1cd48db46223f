import type { RouteConfig, RouteConfigEntry } from "@react-router/dev/routes";
import type { Page, Registry } from "./page-entry";
import { pages } from "./pages";
import { hindiRouteId } from "./pages-derived";

// React Router's route() and index() helpers, as the plain entries they make: the server reads this table at run time
// too (app/delivery/route-deliveries.server.ts), where @react-router/dev, a build tool, is not installed.
function route(path: string, file: string, options: { id?: string } = {}): RouteConfigEntry {
  return { path, file, ...options };
}
function index(file: string): RouteConfigEntry {
  return { index: true, file };
}

/** A page's English route: at its path, with React Router's id from its module unless the registry gives one. */
function englishRoute(page: Page) {
  if (page.path === "") return index(page.module);
  return page.id ? route(page.path, page.module, { id: page.id }) : route(page.path, page.module);
}

/** Its Hindi twin: the same module under /hi, with an id of its own. */
function hindiRoute(page: Page) {
  return route(page.path === "" ? "hi" : `hi/${page.path}`, page.module, { id: hindiRouteId(page) });
}

/** The routes of the registry's pages: each at its English path, then the Hindi twins of those that have one. */
export function pageRoutes(registry: Registry): RouteConfigEntry[] {
  const hindi = registry.filter((page) => page.languages === "en+hi");
  return [...registry.map(englishRoute), ...hindi.map(hindiRoute)];
}

// Every page and endpoint of the site.
export default [
  // Every page of the registry (app/pages.ts), in English at its path and, for most, in Hindi under /hi.
  ...pageRoutes(pages),
  // A student's own data as a file (the profile's download).
  route("userProfile/data", "routes/user-profile-data.ts"),
  // The language link: remembers the choice (an offer on the next visit, never a redirect) and opens the twin.
  route("language", "routes/language.ts"),
  // "Add to calendar" on the two event pages: each event's calendar file.
  route("sih/calendar.ics", "routes/event-calendar.ts", { id: "sih-calendar" }),
  route("tarang/calendar.ics", "routes/event-calendar.ts", { id: "tarang-calendar" }),
  // The same files in Hindi, for the Hindi pages' links.
  route("hi/sih/calendar.ics", "routes/event-calendar.ts", { id: "hi-sih-calendar" }),
  route("hi/tarang/calendar.ics", "routes/event-calendar.ts", { id: "hi-tarang-calendar" }),

  // Where the profile sends a visitor when the backend cannot be reached.
  route("auth/login", "routes/auth-login.ts"),
  route("hi/auth/login", "routes/auth-login.ts", { id: "hi-auth-login" }),

  // The council inbox's files: the CSV export, and the ID cards a member checks an account's College ID against.
  route("council/export/:file", "routes/council-export.ts"),
  route("council/accounts/:accountId/id-card", "routes/council-id-card.ts", { id: "council-account-id-card" }),
  route("council/accounts/claims/:claimId/id-card", "routes/council-id-card.ts", { id: "council-claim-id-card" }),

  // The council's pages stay English: their /hi addresses lead to them.
  route("hi/council", "routes/hindi-council.ts", { id: "hi-council" }),
  route("hi/council/*", "routes/hindi-council.ts", { id: "hi-council-pages" }),

  // The photos the council uploaded for the content, from the store (docs/decisions/0026).
  route("media/content/:file", "routes/content-media.ts"),

  // The home page's popup: the stylesheet that hides it once dismissed, and its close button without JavaScript.
  route("hackathon-popup", "routes/hackathon-popup.ts"),

  // Machine-facing resources.
  route("readyz", "routes/readyz.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
] satisfies RouteConfig;
