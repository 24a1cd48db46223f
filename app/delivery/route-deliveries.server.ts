import { matchRoutes } from "react-router";
import routes from "~/routes";
import { deliveries, type Delivery, type PageHandle } from "./delivery";

/**
 * The delivery of the page at a path, read from the route table and its module's handle, the same handle the page's
 * own render reads (entry.server.tsx). Middleware is told the request's path but not the routes it matched, so the
 * table is matched here, as React Router matches it. Undefined for a path whose route renders no page (a file, a
 * redirect, a machine-facing endpoint): those answers keep the headers their module gives them.
 */
export async function deliveryAt(pathname: string): Promise<Delivery | undefined> {
  const route = matchRoutes(routeTable, pathname)?.at(-1)?.route;
  if (!route) return undefined;
  const known = deliveryOfFile.get(route.file);
  if (known !== undefined) return known ?? undefined;
  const handle = await handles[`../${route.file}`]?.();
  const delivery = handle?.delivery && handle.delivery in deliveries ? handle.delivery : null;
  deliveryOfFile.set(route.file, delivery);
  return delivery ?? undefined;
}

/** The route table as React Router's matcher takes it, with each entry's module file. */
const routeTable = routes.map((entry) => ({ path: entry.path, index: entry.index, file: entry.file }));

/**
 * Each route module's handle, loaded on first use: by then the server has loaded every module anyway, and loading
 * them here, on first use, keeps this module out of the modules' own import order.
 */
const handles = import.meta.glob<Partial<PageHandle> | undefined>("../routes/*.{ts,tsx}", { import: "handle" });

/** What each module said, remembered (bounded by the route table); null: it renders no page. */
const deliveryOfFile = new Map<string, Delivery | null>();
