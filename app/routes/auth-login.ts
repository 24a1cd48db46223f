import { redirect } from "react-router";
import { localeOf, localizedPath } from "~/i18n/locale";
import type { Route } from "./+types/auth-login";

/** Where the profile sends a visitor when the backend cannot be reached: the login page, in the page's language. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizedPath(localeOf(new URL(request.url).pathname), "/login"));
}
