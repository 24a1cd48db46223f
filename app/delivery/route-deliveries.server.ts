import { matchRoutes } from "react-router";
import routes from "~/routes";
import { pageOfRoute } from "~/pages-derived";
import type { Delivery } from "./delivery";

/**
 * The delivery of the page at a path, from the page registry, as the page's own render finds it (entry.server.tsx):
 * by the id of the route the path matches. Middleware is told the request's path but not the routes it matched, so the
 * table is matched here, as React Router matches it. Undefined for a path whose route renders no page (a file, a
 * redirect, a machine-facing endpoint): those answers keep the headers their module gives them.
 */
export function deliveryAt(pathname: string): Delivery | undefined {
  const route = matchRoutes(routeTable, pathname)?.at(-1)?.route;
  return route && pageOfRoute(route.id)?.delivery;
}

/** The route table as React Router's matcher takes it, each entry with the id React Router gives it. */
const routeTable = routes.map((entry) => ({
  path: entry.path,
  index: entry.index,
  id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""),
}));
