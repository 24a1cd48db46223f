import { redirect } from "react-router";
import { popupCookieText, popupDismissed, popupElementId } from "~/popup/dismissal";
import { env } from "~/server/ops/env.server";
import type { Route } from "./+types/hackathon-popup";

/**
 * The home page's stylesheet that hides the hackathon popup for a visitor who closed it, and the close button's
 * form target for visitors without JavaScript. The home page itself stays one cached page for everyone; only this
 * small answer differs per visitor, and no cache may share it (private, revalidated on every view).
 */
export function loader({ request }: Route.LoaderArgs) {
  const css = popupDismissed(request.headers.get("Cookie")) ? `#${popupElementId}{display:none!important}\n` : "\n";
  return new Response(css, {
    headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "private, no-cache", Vary: "Cookie" },
  });
}

/**
 * The close button without JavaScript: remember the dismissal and go back to the home page, which now hides it; in
 * Hindi (`?lang=hi`, from the Hindi home page's form) to the Hindi home page. Only those two places, never a given URL.
 */
export function action({ request }: Route.ActionArgs) {
  const home = new URL(request.url).searchParams.get("lang") === "hi" ? "/hi" : "/";
  return redirect(home, { status: 303, headers: { "Set-Cookie": popupCookieText(env.isProduction) } });
}
