import headScript from "./inline/head.ts?inline-script";
import behavioursScript from "./inline/behaviours.ts?inline-script";
import starterScript from "./inline/starter.ts?inline-script";

/**
 * Server-only in use, though not named .server: root.tsx imports it while rendering on the server only
 * (import.meta.env.SSR), and React Router refuses any .server module named in a route module, which in development
 * left the browser without root.tsx (an answer of 500) and the page without its scripts.
 *
 * The site's three inline programs, as the build made them from their TypeScript modules (inline-scripts-plugin.ts):
 * the text the server writes into pages, and the text whose hash the Content-Security-Policy lists.
 *
 * - `head`: in every page's <head>, before anything paints: per-visitor decisions on an HTML that is the same for
 *   everyone (cached pages): the loading screen's first page view, the popup's dismissal.
 * - `behaviours`: the one script of a page that ships no framework (deliveries with `framework: "none"`).
 * - `starter`: on a page that ships the framework, starts its held scripts once the visitor uses the painted page.
 */
export const inlineScripts = { head: headScript, behaviours: behavioursScript, starter: starterScript } as const;
