import type { MetaDescriptor } from "react-router";
import { meta as rootMeta } from "~/root";

/** What a test gives a page's meta: the root's match (its loader data) first, as the router gives it. */
interface MetaInput {
  matches: readonly { loaderData?: unknown }[];
  location?: { pathname: string };
}

/**
 * The meta of the page whose route has this id and whose texts the page registry names (app/pages.ts): such a module
 * has no `meta`, so the router uses the root's, on the matches of that page.
 */
export function metaOfPage(routeId: string) {
  return ({ matches, location = { pathname: "/" } }: MetaInput): MetaDescriptor[] =>
    rootMeta({
      loaderData: matches[0]?.loaderData,
      location,
      matches: [...matches, { id: routeId }],
      error: undefined,
    } as never) ?? [];
}
