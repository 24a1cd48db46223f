/**
 * What a route module's `handle` says about its page, read by the root layout.
 *
 * `scripts: false`: every behaviour of the page works without scripts, so it ships no framework at all: no React, no
 * React Router, no route module, no loader data in the HTML. Its links are ordinary links and its forms ordinary
 * forms; the little it still does in the browser (the bar hiding on scroll, the menu's keys, the popup, the videos...)
 * is one small inline script (app/behaviours/page-script.ts). A client-side navigation from a page that does run
 * React still renders it with React, as before.
 *
 * `noscriptStylesheets`: stylesheets only a visitor without JavaScript loads, from the <head> (inside <noscript>), so
 * that they apply before anything is laid out. One in the <body> stopped the parser where it stood: Chrome laid out and
 * restored a reloaded page's scroll offset while what follows it was still on its way, and landed the visitor 276 px
 * lower on the home page about one reload in twenty.
 */
export interface PageHandle {
  scripts?: false;
  noscriptStylesheets?: readonly string[];
}

/** The handle of a page that ships no framework. */
export const withoutScripts: PageHandle = { scripts: false };

/** Whether a page, from its matched routes' handles, ships the framework. */
export function shipsScripts(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.scripts === false);
}

/** The stylesheets the matched routes ask for when the visitor runs no JavaScript. */
export function noscriptStylesheets(matches: readonly { handle?: unknown }[]): string[] {
  return matches.flatMap((match) => (match.handle as PageHandle | undefined)?.noscriptStylesheets ?? []);
}
