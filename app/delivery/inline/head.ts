import { markFirstPageView } from "~/behaviours/loading-screen";
import { markIfPopupDismissed } from "~/popup/dismissal";

/**
 * The inline script in every page's <head>, run before anything paints: the loading screen's first page view and the
 * hackathon popup's dismissal. The HTML is the same for every visitor (cached pages), so these per-visitor decisions
 * are the browser's. Both read the cookies once: each read is a call from the page to the browser, made in the task
 * that goes on to paint the page. Built into inline text (../inline-scripts-plugin.ts), allowed by its hash.
 */
let cookies = "";
try {
  cookies = document.cookie;
} catch {
  // A document without cookies (a sandboxed frame) reads as a visitor without them.
}
markFirstPageView(cookies);
markIfPopupDismissed(cookies);
