import { redirect } from "react-router";
import { languageCookieName, localeOf, localizedPath } from "~/i18n/locale";
import { safeRedirectPath } from "~/server/requests/request.server";
import { env } from "~/server/ops/env.server";
import type { Route } from "./+types/language";

/** A year: long enough to be remembered on the next visit. */
const rememberFor = 60 * 60 * 24 * 365;

/**
 * The language link's target: `/language?to=/hi/clubs`. It remembers the language of `to` in a cookie (read only to
 * offer that language on a page in the other one) and sends the visitor there. A link, not a script, so it works
 * without JavaScript; the pages themselves never set a cookie, so the page cache keeps them.
 */
export function loader({ request }: Route.LoaderArgs) {
  const to = new URL(request.url).searchParams.get("to") ?? "/";
  // Only a path of this site that every browser reads as one; anything else opens the home page of the language the
  // link asked for (a Hindi link's "/hi..." still lands in Hindi).
  const target = safeRedirectPath(to, localizedPath(localeOf(to), "/"));
  const locale = localeOf(new URL(target, request.url).pathname);
  return redirect(target, {
    status: 303,
    headers: {
      "Set-Cookie": `${languageCookieName}=${locale}; Path=/; Max-Age=${rememberFor}; SameSite=Lax; HttpOnly${env.isProduction ? "; Secure" : ""}`,
      "Cache-Control": "private, no-store",
    },
  });
}
