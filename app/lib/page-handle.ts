/**
 * What a route module's `handle` says about its page, read by the root layout.
 *
 * `scripts: false`: every behaviour of the page works without scripts, so it ships no framework at all: no React, no
 * React Router, no route module, no loader data in the HTML. Its links are ordinary links and its forms ordinary
 * forms; the little it still does in the browser (the bar hiding on scroll, the menu's keys, the popup, the videos...)
 * is one small inline script (app/behaviours/page-script.ts). A client-side navigation from a page that does run
 * React still renders it with React, as before.
 */
export interface PageHandle {
  scripts?: false;
}

/** The handle of a page that ships no framework. */
export const withoutScripts: PageHandle = { scripts: false };

/** Whether a page, from its matched routes' handles, ships the framework. */
export function shipsScripts(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.scripts === false);
}
