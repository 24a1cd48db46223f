// What the server notes about each request while it answers it: its id (X-Request-Id), the route table's pattern
// its path matches (the label of its log line and metrics) and when it arrived.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import type { RouteObject, ServerBuild } from "react-router";
import { matchRoutes } from "react-router";
import { currentRequest } from "./log.ts";

/** What this server notes about a request while it answers it (in Express's `response.locals`). */
export interface RequestFacts {
  /** performance.now() at arrival */
  startedAt: number;
  /** the route table's pattern, or "static", or "/metrics" */
  route: string;
  /** set once, when the answer has ended */
  durationMs?: number;
}

export type RoutePattern = (requestPath: string) => string;

/** Express's compiled TRUST_PROXY setting: whether the hop at index `hop` (0: the socket's peer) is trusted. */
export type TrustFunction = (address: string | undefined, hop: number) => boolean;

export function factsOf(response: Response): RequestFacts {
  return response.locals as RequestFacts;
}

/** The methods the site answers; any other is refused (server/guards.ts) and counted as "other". */
export const allowedMethods = ["GET", "HEAD", "POST", "OPTIONS"];

/** The route label of a file from build/client (assets, images, the favicon). */
export const staticRoute = "static";

/** React Router's route discovery endpoint (the build's default `routeDiscovery`). */
const manifestPath = "/__manifest";

/** Plain and short: a proxy's id goes into every log line and a response header, so nothing else is taken. */
const plainRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The route table's pattern for a path ("/club/:clubName" for /club/coding), so metric labels and log fields stay
 * bounded: an unknown path gets the not-found route's "/*". Built from the build's own route table, so a cached page
 * answered before React Router gets the same pattern as a rendered one.
 */
export function routePatterns(manifest: ServerBuild["routes"]): RoutePattern {
  const byParent = new Map<string | undefined, NonNullable<ServerBuild["routes"][string]>[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);
  const known = new Map<string, string>();
  return (requestPath) => {
    const cached = known.get(requestPath);
    if (cached) return cached;
    // React Router's route discovery (lazy: which routes a link leads to) is one route of its own.
    if (requestPath === manifestPath) return manifestPath;
    // React Router's data requests (/join.data; /_.data for / and /club/_.data for /club/, as trailing-slash-aware
    // data requests name them; /_root.data before that) belong to the page they load.
    const pathname =
      requestPath === "/_root.data" ? "/" : requestPath.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
    const matches = matchRoutes(routes, pathname) ?? [];
    const pattern = `/${matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/")}`.replace(/\/{2,}/g, "/");
    // Remembered for the paths the site has (bounded by the route table), not for every path a client invents.
    if (!pattern.includes("*") && known.size < 1000) known.set(requestPath, pattern);
    return pattern;
  };
}

/**
 * Every request gets an id: the one a trusted proxy sent (so one id follows the request through both logs), else a
 * new one. It is answered as X-Request-Id and handed to React Router in the request's own x-request-id header,
 * overwriting whatever the client sent there, for the error page's reference.
 */
export function requestIds(trusted: TrustFunction, routePattern: RoutePattern): RequestHandler {
  return (request, response, next) => {
    const offered = request.headers["x-request-id"];
    const fromProxy =
      typeof offered === "string" && plainRequestId.test(offered) && trusted(request.socket.remoteAddress, 0);
    const id = fromProxy ? offered : randomUUID();
    request.id = id;
    request.headers["x-request-id"] = id;
    response.setHeader("X-Request-Id", id);
    const facts = factsOf(response);
    facts.startedAt = performance.now();
    facts.route = routePattern(request.path);
    // Everything the request causes runs inside its id, so any line logged meanwhile names it (server/log.ts).
    currentRequest().run(id, next);
  };
}

/** Milliseconds from arrival to the end of the answer, read once it ended, so the log and the metric agree. */
export function durationMs(response: Response): number {
  const facts = factsOf(response);
  facts.durationMs ??= Math.round((performance.now() - facts.startedAt) * 100) / 100;
  return facts.durationMs;
}

/** The request as Express has it, for code typed with Node's own (pino-http). */
export function asRequest(incoming: unknown): Request {
  return incoming as Request;
}

/** The response as Express has it, for code typed with Node's own (pino-http). */
export function asResponse(outgoing: unknown): Response {
  return outgoing as Response;
}
