import type { RouteConfig, RouteConfigEntry } from "@react-router/dev/routes";
import { type BilingualPage, bilingualPages, hindiRouteId } from "./i18n/pages";

// React Router's route() and index() helpers, as the plain entries they make: the server reads this table at run time
// too (app/delivery/route-deliveries.server.ts), where @react-router/dev, a build tool, is not installed.
function route(path: string, file: string, options: { id?: string } = {}): RouteConfigEntry {
  return { path, file, ...options };
}
function index(file: string): RouteConfigEntry {
  return { index: true, file };
}

/** A page's English route: at its path, with React Router's id from its file unless the list gives one. */
function englishRoute(page: BilingualPage) {
  if (page.path === "") return index(page.file);
  return page.id ? route(page.path, page.file, { id: page.id }) : route(page.path, page.file);
}

/** Its Hindi twin: the same module under /hi, with an id of its own. */
function hindiRoute(page: BilingualPage) {
  return route(page.path === "" ? "hi" : `hi/${page.path}`, page.file, { id: hindiRouteId(page) });
}

// Every page and endpoint of the site, in the order a visitor meets them.
export default [
  // Every page twice: in English at its path, and in Hindi under /hi (app/i18n/pages.ts lists them).
  ...bilingualPages.map(englishRoute),
  ...bilingualPages.map(hindiRoute),
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

  // The council inbox: for council members only, never cached, never in the sitemap.
  route("council", "routes/council.tsx"),
  route("council/export/:file", "routes/council-export.ts"),
  // Accounts whose College ID a member checks against the ID card, and "This College ID is mine" claims.
  route("council/accounts", "routes/council-accounts.tsx"),
  route("council/accounts/:accountId/id-card", "routes/council-id-card.ts", { id: "council-account-id-card" }),
  route("council/accounts/claims/:claimId/id-card", "routes/council-id-card.ts", { id: "council-claim-id-card" }),

  // The council's pages stay English: their /hi addresses lead to them.
  route("hi/council", "routes/hindi-council.ts", { id: "hi-council" }),
  route("hi/council/*", "routes/hindi-council.ts", { id: "hi-council-pages" }),

  // The home page's popup: the stylesheet that hides it once dismissed, and its close button without JavaScript.
  route("hackathon-popup", "routes/hackathon-popup.ts"),

  // Machine-facing resources.
  route("healthz", "routes/healthz.tsx"),
  route("readyz", "routes/readyz.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  route("dev/outbox", "routes/dev-outbox.tsx"), // development only (404 elsewhere): the e-mails the log "sent"

  // Anything else: HTTP 404 with the specified Not Found screen (in Hindi under /hi).
  route("hi/*", "routes/not-found.tsx", { id: "hi-routes/not-found" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
