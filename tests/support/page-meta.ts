import type { MetaDescriptor } from "react-router";
import { meta as rootMeta } from "~/root";

/** What a test gives a page's meta: the root's match (its loader data), as the router gives it. */
interface MetaInput {
  matches: readonly { loaderData?: unknown }[];
  location?: { pathname: string };
}

/**
 * The meta of the page at this path whose texts the page registry names (app/pages.ts): such a module has no `meta`,
 * so the router uses the root's, which it calls with the matches down to the root only.
 */
export function metaOfPage(path: string) {
  return ({ matches, location = { pathname: path } }: MetaInput): MetaDescriptor[] =>
    rootMeta({
      loaderData: matches[0]?.loaderData,
      location,
      matches: matches.slice(0, 1).map((match) => ({ ...match, id: "root" })),
      error: undefined,
    } as never) ?? [];
}
