// The production server's Express app: what react-router-serve does (compression, long-lived caching of
// fingerprinted assets, an access log, here as JSON lines with a request id and the route pattern) plus what a site
// on the open internet needs in front of React Router (docs/decisions/0004, 0006 and 0010): security headers on
// every response, only the methods the site uses, cached public pages answered before the router, the visitor's
// address for per-client limits, a clear log line when a TLS proxy's scheme is not trusted, a clean close of
// connections whose request body was refused (server/guards.ts), request ids and route labels
// (server/request-facts.ts), a log line per request (server/request-log.ts) and Prometheus metrics
// (server/request-metrics.ts).
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { Express, RequestHandler } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type * as entryServer from "../app/entry.server.tsx";
import {
  closeCleanlyAfterRefusedBodies,
  explainOriginMismatch,
  fillMissingHeaders,
  onlyAllowedMethods,
} from "./guards.ts";
import { sharedLogger } from "./log.ts";
import { configuredMetricsToken, metricsEnabled } from "./metrics.ts";
import { factsOf, requestIds, routePatterns, staticRoute } from "./request-facts.ts";
import type { TrustFunction } from "./request-facts.ts";
import { requestLog } from "./request-log.ts";
import { metricsEndpoint, requestMetrics } from "./request-metrics.ts";

/**
 * The React Router build, whose server entry (app/entry.server.tsx) also exports the site's security headers, its
 * page cache, the start of the app and the check of how pages are delivered.
 */
export type SiteBuild = ServerBuild & { entry: { module: typeof entryServer } };

/** The cache of public pages that the build's server entry exports. */
type PageCache = typeof entryServer.publicPageCache;

/**
 * How long a client may take to send its request. Node's defaults (five minutes for a whole request, checked every
 * 30 s) let a client that sends a body a byte at a time hold a connection and a form parser for minutes, and a few
 * hundred such clients hold them all. Node answers 408 and closes the connection. Headers are small, so 20 s for them.
 *
 * The promise is "cut within 62 s". Node checks on a timer of the event loop (every `connectionsCheckingInterval`),
 * so a loop that runs late (a machine whose cores are all busy, a long synchronous render) cuts late: 60 s checked
 * every 2 s gave 60.0–61.8 s alone but 68 s on a loaded machine. So the limit is 55 s, checked every second (cut
 * within 56 s), leaving 6 s for a late loop. 55 s still fits the largest honest request: a 5 MB ID card at 1 Mbit/s
 * takes about 42 s.
 */
const requestTimeouts = { requestTimeout: 55_000, headersTimeout: 20_000, connectionsCheckingInterval: 1_000 };

/** The HTTP server for the app, with the timeouts above. */
export function createHttpServer(app: Express): http.Server {
  return http.createServer(requestTimeouts, app);
}

export interface ServerAppOptions {
  build: SiteBuild;
  mode: string;
  trustProxy: boolean | number | string;
  clientDirectory: string;
  logger?: Logger;
}

export function createServerApp({
  build,
  mode,
  trustProxy,
  clientDirectory,
  logger = sharedLogger(),
}: ServerAppOptions): Express {
  const production = mode === "production";
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy (TRUST_PROXY=1, "loopback", a subnet...), the visitor's address, scheme and host come from
  // X-Forwarded-For/-Proto/-Host; otherwise from the socket. Express's syntax: expressjs.com/en/guide/behind-proxies
  app.set("trust proxy", trustProxy);

  const routePattern = routePatterns(build.routes);
  // Express's compiled form of the "trust proxy" setting above.
  const trustSetting = app.get("trust proxy fn") as TrustFunction;
  app.use(requestIds(trustSetting, routePattern));
  // LOG_LEVEL=silent and no METRICS_TOKEN: neither costs anything per request. Request lines are info (warn for a
  // 5xx): below warn there are none to write.
  if (logger.isLevelEnabled("warn")) app.use(requestLog(logger));
  if (metricsEnabled()) app.use(requestMetrics());

  // The document's own headers (its CSP with a nonce) come from entry.server.tsx; everything else gets the rest.
  const baseline = build.entry.module.securityHeaders({ production });
  app.use(fillMissingHeaders(baseline));
  app.use(onlyAllowedMethods);
  app.use(closeCleanlyAfterRefusedBodies);

  // Before the page cache and the router: never cached, never rendered. Without a token it does not exist (404).
  const metricsToken = configuredMetricsToken();
  if (metricsToken) app.get("/metrics", metricsEndpoint(metricsToken));

  const pageCache = build.entry.module.publicPageCache;
  if (production && pageCache) app.use(cachedPages(pageCache));

  const handleWithReactRouter = createRequestHandler({ build, mode });
  app.use(compression());
  // A file served here is labelled "static" rather than with the not-found route's pattern its path matches.
  const setHeaders = (response: express.Response) => {
    factsOf(response).route = staticRoute;
  };
  app.use(
    "/assets",
    express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y", setHeaders }),
  );
  app.use(express.static(clientDirectory, { maxAge: "1h", setHeaders }));
  app.all(
    "*",
    (request, _response, next) => {
      // Overwrites whatever the client sent under this name: only the server decides who the client is.
      request.headers["x-client-address"] = request.ip ?? "unknown";
      next();
    },
    explainOriginMismatch(trustProxy, logger),
    // React Router's handler passes its own failures to next(): there is nothing left to wait for here.
    (request, response, next) => void handleWithReactRouter(request, response, next),
  );
  return app;
}

/**
 * Answers cached public pages before the React Router handler (and before compression: they are stored
 * compressed). Misses go on to the router, whose root middleware renders and stores them.
 */
function cachedPages(pageCache: PageCache): RequestHandler {
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const hit = pageCache.lookup({
      method: request.method,
      path: request.path,
      cookie: request.headers.cookie,
      authorization: request.headers.authorization,
      acceptEncoding: request.headers["accept-encoding"],
      ifNoneMatch: request.headers["if-none-match"],
    });
    if (!hit) return next();
    for (const [name, value] of hit.headers) response.setHeader(name, value);
    response.statusCode = hit.status;
    response.end(hit.body ?? undefined);
  };
}

/** TRUST_PROXY in Express's own syntax: true, a hop count, "loopback", a list of addresses or subnets. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
