import { matchPath } from "react-router";
import type { CataloguePart } from "./i18n/catalogue-parts";
import { englishPath, localizedPath } from "./i18n/locale.ts";
import type { Page, PageValues, Registry } from "./page-entry";
import { pages } from "./pages.ts";

/*
 * What follows from the page registry (pages.ts): the route ids of a page and its Hindi twin, the page a route or an
 * address renders, the catalogue's parts a page loads, and the public paths the page cache keeps and the sitemap
 * lists. The registry holds only the entries, so that a page is read, and declared, in one place.
 */

/** The route id React Router gives a page's English route: its own, or its module's file without the extension. */
export function englishRouteId(page: Page): string {
  return page.id ?? page.module.replace(/\.[jt]sx?$/, "");
}

/** Its Hindi twin's route id: the English one under `hi-`. */
export function hindiRouteId(page: Page): string {
  return `hi-${englishRouteId(page)}`;
}

/** The page each route id renders, for the delivery of a matched route. */
export function pagesByRouteId(registry: Registry = pages): Map<string, Page> {
  const byId = new Map<string, Page>();
  for (const page of registry) {
    byId.set(englishRouteId(page), page);
    if (page.languages === "en+hi") byId.set(hindiRouteId(page), page);
  }
  return byId;
}

const siteRouteIds = pagesByRouteId();

/** The page a route id renders, if the route renders one. */
export function pageOfRoute(routeId: string): Page | undefined {
  return siteRouteIds.get(routeId);
}

/** The pages that exist in both languages at an address of their own (the catch-all answers any unknown address). */
export const bilingualPages: readonly Page[] = pages.filter((page) => page.languages === "en+hi" && page.path !== "*");

/** The page at this path in either language (any case, a trailing slash: as routes match), unless a catch-all's. */
export function pageAt(pathname: string, registry: Registry = pages): Page | undefined {
  const english = englishPath(pathname);
  return registry.find(
    (page) => page.path !== "*" && matchPath({ path: `/${page.path}`, end: true }, english) !== null,
  );
}

/** Whether the page at this English path has a Hindi twin (the not-found screen and the council's pages do not). */
export function isBilingualPath(englishPathname: string): boolean {
  return pageAt(englishPathname)?.languages === "en+hi";
}

/** The catalogue's parts the page at `pathname` (either language) shows: the shell's, and its own. */
export function cataloguePartsOf(pathname: string): CataloguePart[] {
  return ["shell", ...(pageAt(pathname)?.texts ?? [])];
}

/**
 * Every set of parts a page loads, once each, as `cataloguePartsOf` gives them: the build makes each set one module
 * (i18n/catalogue-parts-plugin.ts), so that a first visit downloads its page's words in one file.
 */
export function cataloguePartSets(registry: Registry = pages): CataloguePart[][] {
  const sets = new Map<string, CataloguePart[]>([["shell", ["shell"]]]);
  for (const page of registry) {
    const parts: CataloguePart[] = ["shell", ...page.texts];
    sets.set(parts.join("+"), parts);
  }
  return [...sets.values()];
}

/**
 * Every public page's canonical path, English first, then each Hindi twin: the page cache keeps exactly these, and
 * the sitemap lists them. A page with a parameter is one path per value of its source, each value encoded.
 */
export function publicPathsOf(values: PageValues, registry: Registry = pages): string[] {
  const publicPages = registry.filter((page) => page.delivery === "public");
  const pathsOf = (page: Page) =>
    page.each === undefined
      ? [`/${page.path}`]
      : values[page.each].map((value) => `/${page.path.replace(/:[^/]+/, encodeURIComponent(value))}`);
  const english = publicPages.flatMap(pathsOf);
  const hindi = publicPages
    .filter((page) => page.languages === "en+hi")
    .flatMap(pathsOf)
    .map((path) => localizedPath("hi", path));
  return [...english, ...hindi];
}
