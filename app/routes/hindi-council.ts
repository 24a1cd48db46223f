import { redirect } from "react-router";
import { safeRedirectPath } from "~/server/requests/request.server";
import type { Route } from "./+types/hindi-council";

/**
 * The council's pages stay English (docs/hindi.md): a member who types /hi/council, or follows a Hindi page's habit
 * to /hi/council/accounts, reaches the English page of the same path instead of the Not Found screen. The path is
 * the request's own with its "/hi" taken off; like every redirect to a path a visitor wrote, it goes through
 * safeRedirectPath, so a path no browser reads as this site's (a dot segment, an encoded control character) opens the
 * inbox instead.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return redirect(safeRedirectPath(pathname.slice("/hi".length), "/council"));
}
