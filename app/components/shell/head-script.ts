import { popupDismissedScript } from "~/lib/hackathon-popup";
import { loadingScreenScript } from "./loading-screen";

/**
 * The one inline script in every page's <head>, run before anything paints: the loading screen's first-visit check
 * and the hackathon popup's dismissal. The HTML is the same for every visitor (cached pages), so these per-visitor
 * decisions are the browser's. Both read the cookies, once: each read is a call from the page to the browser, made
 * in the task that goes on to paint the page. The Content-Security-Policy allows it by its hash (entry.server.tsx).
 */
export const headScript =
  `(function(){var c="";try{c=document.cookie}catch(e){}` +
  `${loadingScreenScript("c")};${popupDismissedScript("c")}})()`;
