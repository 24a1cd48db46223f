import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every page and endpoint of the site, in the order a visitor meets them.
export default [
  index("routes/home.tsx"),
  route("clubs", "routes/clubs.tsx"),
  route("club/:clubName", "routes/club-detail.tsx"),
  route("mentors", "routes/mentors.tsx"),
  route("team", "routes/team.tsx"),
  route("developers", "routes/developers.tsx"),
  route("gallery", "routes/gallery.tsx"),
  route("join", "routes/join.tsx"),
  route("suggestion", "routes/suggestion.tsx"),
  route("ideas", "routes/ideas.tsx"),
  route("login", "routes/login.tsx"),
  route("userProfile", "routes/user-profile.tsx"),
  // Students' rights: everything the site keeps about them as a file, and erasure with a confirmation step.
  route("userProfile/data", "routes/user-profile-data.ts"),
  route("userProfile/delete", "routes/user-profile-delete.tsx"),
  route("userProfileRegistration", "routes/user-profile-registration.tsx"),
  // Registration refused because the College ID has an account: its owner tells the council, with their ID card.
  route("college-id-claim", "routes/college-id-claim.tsx"),
  // The page an e-mail verification link opens: its button confirms (opening the link changes nothing).
  route("verify-email", "routes/verify-email.tsx"),
  route("sih", "routes/sih.tsx"),
  route("sih/registration", "routes/sih-registration.tsx"),
  // A team member's link from their notice (confirm, or remove themselves; no account needed), and the leader's
  // "Add a member" while the team has fewer than six.
  route("sih/team-member", "routes/sih-team-member.tsx"),
  route("sih/team/add-member", "routes/sih-team-add-member.tsx"),
  route("tarang", "routes/tarang.tsx"),
  // "Add to calendar" on the two event pages: each event's calendar file.
  route("sih/calendar.ics", "routes/event-calendar.ts", { id: "sih-calendar" }),
  route("tarang/calendar.ics", "routes/event-calendar.ts", { id: "tarang-calendar" }),

  // Where the profile sends a visitor when the backend cannot be reached.
  route("auth/login", "routes/auth-login.ts"),

  // Students' data: the privacy notice.
  route("privacy", "routes/privacy.tsx"),

  // The Tarang category pages the Tarang page links to (the Tarang page does not show their content itself): one
  // module, one route each, so every category has its own URL as the earlier site had.
  ...(["rampWalk", "danceDetails", "openMic", "musicEvent", "mysteryGame"] as const).map((category) =>
    route(category, "routes/tarang-category.tsx", { id: `tarang-${category}` }),
  ),

  // The council inbox: for council members only, never cached, never in the sitemap.
  route("council", "routes/council.tsx"),
  route("council/export/:file", "routes/council-export.ts"),
  // Accounts whose College ID a member checks against the ID card, and "This College ID is mine" claims.
  route("council/accounts", "routes/council-accounts.tsx"),
  route("council/accounts/:accountId/id-card", "routes/council-id-card.ts", { id: "council-account-id-card" }),
  route("council/accounts/claims/:claimId/id-card", "routes/council-id-card.ts", { id: "council-claim-id-card" }),

  // The home page's popup: the stylesheet that hides it once dismissed, and its close button without JavaScript.
  route("hackathon-popup", "routes/hackathon-popup.ts"),

  // Machine-facing resources.
  route("healthz", "routes/healthz.tsx"),
  route("readyz", "routes/readyz.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  route("dev/outbox", "routes/dev-outbox.tsx"), // development only (404 elsewhere): the e-mails the log "sent"

  // Anything else: HTTP 404 with the specified Not Found screen.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
