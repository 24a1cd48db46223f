import { pageOfRoute } from "../pages-derived";

/**
 * How a page reaches the browser, said once per page by its entry in the page registry (app/pages.ts): `delivery:
 * "public"`. Everything else follows from it, in this folder: whether the page ships the framework (root.tsx), its
 * scripts and their Content-Security-Policy (headers.server.ts, inline/), its cache headers and whether the page cache
 * keeps it (page-cache.server.ts). A matched route is found in the registry by its route id; a route that renders no
 * page gets `"form"`, and tests/delivery/delivery.test.ts fails for a module that renders a page the registry lacks.
 *
 * - `framework: "none"`: HTML and one small inline script of behaviours (the bar hiding on scroll, the menu's keys,
 *   the popup, the videos…: inline/behaviours.ts); no React, no React Router, no loader data in the HTML. Every link
 *   and form is an ordinary one. A client navigation from a page that runs React still renders it with React.
 * - `framework: "on-use"`: React and the page's code, held inert in the HTML and started once the visitor uses the
 *   page after its first paint (inline/starter.ts); until then, and without JavaScript, forms post to the server.
 */
export const deliveries = {
  /** The same page for every visitor without our cookies: no framework, kept by the page cache. */
  public: { framework: "none", cacheControl: "public, max-age=0, must-revalidate" },
  /** No framework, and no cache headers of its own (the not-found screen): private for a visitor with our cookies. */
  static: { framework: "none" },
  /**
   * Opened from an e-mailed link whose token is in the address: never cached, and the address never sent to another
   * site as a referrer. "same-origin" rather than "no-referrer": with no referrer at all the browser sends the page's
   * own form with `Origin: null`, which the site's cross-site check refuses.
   */
  link: { framework: "none", cacheControl: "private, no-store", referrerPolicy: "same-origin" },
  /** A form: React once used; cacheable only by the visitor's own browser when it shows their name. */
  form: { framework: "on-use" },
  /** One visitor's own data (a profile): no cache may keep it. */
  private: { framework: "on-use", cacheControl: "private, no-store" },
  /** The council's pages: private, and never indexed whatever a crawler was given. */
  council: { framework: "on-use", cacheControl: "private, no-store", robots: "noindex" },
} as const satisfies Record<string, DeliveryRule>;

export type Delivery = keyof typeof deliveries;

export interface DeliveryRule {
  framework: "none" | "on-use";
  /** Unset: whatever the answer says, made private for a visitor with our cookies (page-cache.server.ts). */
  cacheControl?: string;
  referrerPolicy?: string;
  robots?: string;
}

/** What a route module's `handle` may hold: what is not the registry's to say. */
export interface PageHandle {
  /**
   * Stylesheets only a visitor without JavaScript loads, from the <head> (inside <noscript>), so that they apply
   * before anything is laid out (one in the <body> stopped the parser where it stood, and a reload landed lower).
   */
  noscriptStylesheets?: readonly string[];
}

/** A matched route as React Router gives it (useMatches(), the server's matches): its id, and any handle. */
type Matched = { id: string; handle?: unknown };

/** The delivery of the page the matches render: the deepest route that is a page of the registry. */
export function deliveryOf(matches: readonly Matched[]): Delivery {
  for (const match of [...matches].reverse()) {
    const page = pageOfRoute(match.id);
    if (page) return page.delivery;
  }
  return "form";
}

/** Whether the page ships the framework. */
export function shipsFramework(matches: readonly Matched[]): boolean {
  return deliveries[deliveryOf(matches)].framework !== "none";
}

/** The stylesheets the matched routes ask for when the visitor runs no JavaScript. */
export function noscriptStylesheets(matches: readonly Matched[]): string[] {
  return matches.flatMap((match) => (match.handle as Partial<PageHandle> | undefined)?.noscriptStylesheets ?? []);
}
