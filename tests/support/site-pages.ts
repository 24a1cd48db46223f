import { specifiedClubs } from "../fixtures/specified-clubs";

/**
 * Every page of the route table (app/routes.ts) that a visitor opens without signing in and that answers HTML, by
 * the address a visitor uses and the status it answers, for the checks that go over every page in another browser or
 * checker than the e2e suite's (tests/markup, tests/firefox). The link pages (/verify-email, /sih/team-member) are
 * here as opened without their link's token; the pages only a signed-in student or a council member sees are those
 * checks' own.
 */
export const publicPages: readonly { path: string; status: number }[] = [
  "/",
  "/clubs",
  ...specifiedClubs.map(([slug]) => `/club/${encodeURIComponent(slug)}`),
  "/mentors",
  "/team",
  "/developers",
  "/gallery",
  "/join",
  "/suggestion",
  "/ideas",
  "/login",
  "/userProfileRegistration",
  "/college-id-claim",
  "/verify-email",
  "/sih",
  "/sih/registration",
  "/tarang",
  "/privacy",
  "/rampWalk",
  "/danceDetails",
  "/openMic",
  "/musicEvent",
  "/mysteryGame",
]
  .map((path) => ({ path, status: 200 }))
  .concat([
    // The Not Found screen, and a member's link page opened without its token.
    { path: "/no-such-page", status: 404 },
    { path: "/sih/team-member", status: 404 },
  ]);
