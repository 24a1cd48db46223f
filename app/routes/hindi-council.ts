import { redirect } from "react-router";
import type { Route } from "./+types/hindi-council";

/**
 * The council's pages stay English (docs/hindi.md): a member who types /hi/council, or follows a Hindi page's habit
 * to /hi/council/accounts, reaches the English page of the same path instead of the Not Found screen. The path is
 * the request's own with its "/hi" taken off, so it cannot name another site.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return redirect(pathname.slice("/hi".length));
}
