import { publicPaths } from "~/content/content.server";

/**
 * Every page of the route table (app/routes.ts) that a visitor opens without signing in and that answers HTML, by
 * the address a visitor uses and the status it answers, for the checks that go over every page in another browser or
 * checker than the e2e suite's (tests/markup, tests/firefox): the public pages of the sitemap in English (their list
 * is checked against the specification's table in tests/pages.test.ts), then the forms and the link pages. The link
 * pages (/verify-email, /sih/team-member) are here as opened without their link's token; the pages only a signed-in
 * student or a council member sees are those checks' own.
 */
export const publicPages: readonly { path: string; status: number }[] = [
  ...publicPaths().filter((path) => path !== "/hi" && !path.startsWith("/hi/")),
  "/join",
  "/suggestion",
  "/ideas",
  "/login",
  "/userProfileRegistration",
  "/college-id-claim",
  "/verify-email",
  "/sih/registration",
]
  .map((path) => ({ path, status: 200 }))
  .concat([
    // The Not Found screen, and a member's link page opened without its token.
    { path: "/no-such-page", status: 404 },
    { path: "/sih/team-member", status: 404 },
  ]);
