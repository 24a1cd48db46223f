// The production server's Express app: what react-router-serve does (compression, long-lived caching of
// fingerprinted assets, an access log, here as JSON lines with a request id and the route pattern) plus what a site
// on the open internet needs in front of React Router (docs/decisions/0004, 0006 and 0010): security headers on
// every response, only the methods the site uses, cached public pages answered before the router, the visitor's
// address for per-client limits, a clear log line when a TLS proxy's scheme is not trusted, a clean close of
// connections whose request body was refused, and Prometheus metrics.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { matchRoutes } from "react-router";
import { currentRequest, sharedLogger } from "./log.js";
import { configuredMetricsToken, metricsEnabled, sharedMetrics } from "./metrics.js";

/** @typedef {import("express").Request} Request */
/** @typedef {import("express").Response} Response */
/** @typedef {import("express").NextFunction} NextFunction */
/** @typedef {import("express").RequestHandler} RequestHandler */
/** @typedef {import("pino").Logger} Logger */
/** The cache of public pages that the build's server entry exports. */
/** @typedef {typeof import("../app/entry.server").publicPageCache} PageCache */
/**
 * The React Router build, whose server entry (app/entry.server.tsx) also exports the site's security headers and its
 * page cache.
 * @typedef {import("react-router").ServerBuild & { entry: { module: typeof import("../app/entry.server") } }} SiteBuild
 */
/**
 * What this server notes about a request while it answers it (in Express's `response.locals`).
 * @typedef {object} RequestFacts
 * @property {number} startedAt performance.now() at arrival
 * @property {string} route the route table's pattern, or "static", or "/metrics"
 * @property {number} [durationMs] set once, when the answer has ended
 */
/** @typedef {(requestPath: string) => string} RoutePattern */

/**
 * @param {Response} response
 * @returns {RequestFacts}
 */
function factsOf(response) {
  return /** @type {RequestFacts} */ (response.locals);
}

const allowedMethods = ["GET", "HEAD", "POST", "OPTIONS"];

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

/**
 * The HTTP server for the app, with the timeouts above.
 * @param {import("express").Express} app
 */
export function createHttpServer(app) {
  return http.createServer(requestTimeouts, app);
}

/**
 * @param {{ build: SiteBuild, mode: string, trustProxy: boolean | number | string, clientDirectory: string,
 *   logger?: Logger }} options
 */
export function createServerApp({ build, mode, trustProxy, clientDirectory, logger = sharedLogger() }) {
  const production = mode === "production";
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy (TRUST_PROXY=1, "loopback", a subnet...), the visitor's address, scheme and host come from
  // X-Forwarded-For/-Proto/-Host; otherwise from the socket. Express's syntax: expressjs.com/en/guide/behind-proxies
  app.set("trust proxy", trustProxy);

  const routePattern = routePatterns(build.routes);
  /** @type {unknown} Express's compiled form of the "trust proxy" setting above */
  const trustSetting = app.get("trust proxy fn");
  app.use(requestIds(/** @type {TrustFunction} */ (trustSetting), routePattern));
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
  /** @param {Response} response */
  const setHeaders = (response) => {
    factsOf(response).route = staticRoute;
  };
  app.use(
    "/assets",
    express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y", setHeaders }),
  );
  app.use(express.static(clientDirectory, { maxAge: "1h", setHeaders }));
  app.all(
    "*",
    (request, response, next) => {
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
 * The route table's pattern for a path ("/club/:clubName" for /club/coding), so metric labels and log fields stay
 * bounded: an unknown path gets the not-found route's "/*". Built from the build's own route table, so a cached page
 * answered before React Router gets the same pattern as a rendered one.
 */
/**
 * @param {import("react-router").ServerBuild["routes"]} manifest
 * @returns {RoutePattern}
 */
function routePatterns(manifest) {
  /** @type {Map<string | undefined, NonNullable<import("react-router").ServerBuild["routes"][string]>[]>} */
  const byParent = new Map();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  /** @type {(parentId: string | undefined) => import("react-router").RouteObject[]} */
  const tree = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);
  /** @type {Map<string, string>} */
  const known = new Map();
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

/** The route label of a file from build/client (assets, images, the favicon). */
const staticRoute = "static";

/** React Router's route discovery endpoint (the build's default `routeDiscovery`). */
const manifestPath = "/__manifest";

/** Plain and short: a proxy's id goes into every log line and a response header, so nothing else is taken. */
const plainRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/** Express's compiled TRUST_PROXY setting: whether the hop at index `hop` (0: the socket's peer) is trusted. */
/** @typedef {(address: string | undefined, hop: number) => boolean} TrustFunction */

/**
 * Every request gets an id: the one a trusted proxy sent (so one id follows the request through both logs), else a
 * new one. It is answered as X-Request-Id and handed to React Router in the request's own x-request-id header,
 * overwriting whatever the client sent there, for the error page's reference.
 * @param {TrustFunction} trusted
 * @param {RoutePattern} routePattern
 * @returns {RequestHandler}
 */
function requestIds(trusted, routePattern) {
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
    // Everything the request causes runs inside its id, so any line logged meanwhile names it (server/log.js).
    currentRequest().run(id, next);
  };
}

/**
 * Milliseconds from arrival to the end of the answer, read once it ended, so the log and the metric agree.
 * @param {Response} response
 */
function durationMs(response) {
  const facts = factsOf(response);
  facts.durationMs ??= Math.round((performance.now() - facts.startedAt) * 100) / 100;
  return facts.durationMs;
}

/**
 * One line per request: its id, method, path without the query (a search may hold a name), route pattern, status and
 * duration. Nothing else of the request: no headers, no body. The logger's redaction (server/log.js) is the net
 * under that.
 */
/**
 * @param {Logger} logger
 * @returns {RequestHandler}
 */
function requestLog(logger) {
  /** @param {import("node:http").IncomingMessage} incoming @param {import("node:http").ServerResponse} outgoing */
  const fields = (incoming, outgoing) => {
    const request = asRequest(incoming);
    const response = asResponse(outgoing);
    return {
      method: request.method,
      path: request.path,
      route: factsOf(response).route,
      status: response.statusCode,
      durationMs: durationMs(response),
    };
  };
  /** @param {import("node:http").IncomingMessage} incoming @param {import("node:http").ServerResponse} outgoing */
  const message = (incoming, outgoing) => {
    const request = asRequest(incoming);
    const response = asResponse(outgoing);
    return `${request.method} ${request.path} ${response.statusCode} ${durationMs(response)} ms`;
  };
  return pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    // pino-http would otherwise serialise the whole request (every header) for a child logger on each request, only
    // for the line above to leave it out: about as much work as answering a cached page.
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    customAttributeKeys: { reqId: "reqId" },
    // Prometheus scrapes every few seconds: their lines only at debug, but a refused token (someone guessing it, or a
    // scraper with an old one) at warn. The line never holds the token: no header is logged.
    // Files from build/client (most of the lines of a page view) are at debug too: the page's own line says it was seen.
    customLogLevel: (incoming, outgoing) => {
      const response = asResponse(outgoing);
      const { route } = factsOf(response);
      if (route === "/metrics") return response.statusCode === 401 ? "warn" : "debug";
      if (response.statusCode >= 500) return "warn";
      return route === staticRoute ? "debug" : "info";
    },
    customSuccessObject: fields,
    customErrorObject: fields,
    customSuccessMessage: message,
    customErrorMessage: message,
  });
}

/**
 * pino-http is typed for Node's own request and response; under Express they are Express's, with the path and the
 * facts above.
 * @param {import("node:http").IncomingMessage} incoming
 */
function asRequest(incoming) {
  return /** @type {Request} */ (incoming);
}

/** @param {import("node:http").ServerResponse} outgoing */
function asResponse(outgoing) {
  return /** @type {Response} */ (/** @type {unknown} */ (outgoing));
}

/** @param {number} status */
function statusClass(status) {
  return `${Math.floor(status / 100)}xx`;
}

/**
 * Every form's action answers through the submission pipeline with one status scheme, so a POST's status is its
 * outcome: a redirect (or 2xx) after success, 429 from the rate limit, another 4xx for input refused (the schema,
 * the size, a duplicate), 5xx when the backend failed. A bot caught by the honeypot gets the success answer and is
 * counted as stored. A POST to a page without a form (405) is no submission.
 */
/** @param {number} status */
function submissionOutcome(status) {
  if (status === 405) return undefined;
  if (status < 400) return "stored";
  if (status === 429) return "rate-limited";
  if (status < 500) return "refused";
  return "failed";
}

/** @returns {RequestHandler} */
function requestMetrics() {
  const { requestDuration, submissions } = sharedMetrics();
  return (request, response, next) => {
    response.once("finish", () => {
      const route = factsOf(response).route;
      // A method the site does not answer (405) is "other": a client inventing methods adds no new series.
      const method = allowedMethods.includes(request.method) ? request.method : "other";
      requestDuration.observe(
        { method, route, status_class: statusClass(response.statusCode) },
        durationMs(response) / 1000,
      );
      const outcome = request.method === "POST" && route !== "/*" ? submissionOutcome(response.statusCode) : undefined;
      if (outcome) submissions.inc({ form: route, outcome });
    });
    next();
  };
}

/**
 * GET /metrics for `Authorization: Bearer <token>` only; the comparison takes the same time for any wrong token.
 * @param {string} token
 * @returns {RequestHandler}
 */
function metricsEndpoint(token) {
  const expected = createHash("sha256").update(token).digest();
  const { registry } = sharedMetrics();
  /** @type {(request: Request, response: Response) => Promise<void>} */
  const answer = async (request, response) => {
    factsOf(response).route = "/metrics";
    response.setHeader("Cache-Control", "no-store");
    const [scheme, given = ""] = (request.headers.authorization ?? "").split(" ", 2);
    const digest = createHash("sha256").update(given).digest();
    if (scheme?.toLowerCase() !== "bearer" || !timingSafeEqual(digest, expected)) {
      response.status(401).set("WWW-Authenticate", "Bearer").type("text/plain").send("Unauthorized\n");
      return;
    }
    // Exactly the content type Prometheus expects (Express's send would add a charset in the middle).
    response.setHeader("Content-Type", registry.contentType);
    response.end(await registry.metrics());
  };
  // Express 4 does not wait for a promise: a failure goes to its error handler, like a thrown error would.
  return (request, response, next) => {
    answer(request, response).catch(next);
  };
}

/**
 * Sets each header just before the response's head is written, unless the response set it itself.
 * @param {Record<string, string>} headers
 * @returns {RequestHandler}
 */
function fillMissingHeaders(headers) {
  const entries = Object.entries(headers);
  return (_request, response, next) => {
    // Kept to be called on the response again, below.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const writeHead = response.writeHead;
    /**
     * @this {Response}
     * @param {Parameters<Response["writeHead"]>} args
     */
    const writeHeadWithDefaults = function (...args) {
      for (const [name, value] of entries) if (!response.hasHeader(name)) response.setHeader(name, value);
      return writeHead.apply(this, args);
    };
    response.writeHead = /** @type {Response["writeHead"]} */ (writeHeadWithDefaults);
    next();
  };
}

/** @type {RequestHandler} */
function onlyAllowedMethods(request, response, next) {
  if (request.method === "OPTIONS") {
    response.set("Allow", allowedMethods.join(", ")).status(204).end();
    return;
  }
  if (allowedMethods.includes(request.method)) return next();
  response.set("Allow", allowedMethods.join(", ")).status(405).type("text/plain").send("Method Not Allowed\n");
}

/**
 * A response sent before its request body was read (a 413, a 429 before an upload) must end the connection: the rest
 * of the body would be read as the next request. Node closes the socket after such an answer, but closing it while
 * the client is still sending makes the kernel reset the connection, and the client may lose the answer. So the
 * server half-closes (the answer and FIN go out), discards what the client still sends for a moment, then closes.
 */
/** @type {RequestHandler} */
function closeCleanlyAfterRefusedBodies(request, response, next) {
  response.on("finish", () => {
    if (request.complete || !response.getHeader("Connection")?.toString().toLowerCase().includes("close")) return;
    const { socket } = request;
    // Node scheduled socket.destroy() for when the answer is flushed; replace it with a lingering close.
    // The very function Node registered is what comes off, so it is taken unbound on purpose.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    socket.removeListener("finish", socket.destroy);
    request.removeAllListeners("data");
    request.on("data", () => {});
    request.resume();
    const linger = setTimeout(() => socket.destroy(), 2000);
    linger.unref();
    request.once("end", () => socket.destroy());
    socket.once("close", () => clearTimeout(linger));
  });
  next();
}

/**
 * Answers cached public pages before the React Router handler (and before compression: they are stored
 * compressed). Misses go on to the router, whose root middleware renders and stores them.
 */
/**
 * @param {PageCache} pageCache
 * @returns {RequestHandler}
 */
function cachedPages(pageCache) {
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

/**
 * React Router refuses a POST whose Origin differs from the address the server sees (CSRF). Behind a TLS proxy that
 * is every POST unless TRUST_PROXY lets the server see the browser's https address. Say so in the log, once a minute
 * at most, instead of leaving a bare 400.
 */
/**
 * @param {boolean | number | string} trustProxy
 * @param {Logger} logger
 * @returns {RequestHandler}
 */
function explainOriginMismatch(trustProxy, logger) {
  let lastLogged = 0;
  return (request, _response, next) => {
    const origin = request.headers.origin;
    if (request.method !== "POST" || !origin || origin === "null") return next();
    const seen = `${request.protocol}://${request.get("host")}`;
    let mismatch = false;
    try {
      mismatch = new URL(origin).origin !== new URL(seen).origin;
    } catch {
      mismatch = true;
    }
    const forwarded =
      request.headers["x-forwarded-proto"] !== undefined || request.headers["x-forwarded-host"] !== undefined;
    if (!mismatch || Date.now() - lastLogged <= 60_000) return next();
    if (forwarded && !trustProxy) {
      lastLogged = Date.now();
      logger.warn(
        { reqId: request.id },
        `POST ${request.path} refused: the browser's Origin ${origin} is not the ${seen} this server sees, and the request ` +
          "came through a proxy (X-Forwarded-Proto/-Host) that is not trusted. Set TRUST_PROXY (for example TRUST_PROXY=1 " +
          "or TRUST_PROXY=loopback) so the server takes the scheme and host from the proxy. See README, 'Behind a TLS proxy'.",
      );
    } else if (trustProxy) {
      // Trusted, yet not what the browser used: the proxy passes another host (nginx's $host drops the port) or scheme.
      lastLogged = Date.now();
      logger.warn(
        { reqId: request.id },
        `POST ${request.path} refused: the browser's Origin ${origin} is not the ${seen} this server sees through the ` +
          "proxy. The proxy must pass the host the browser used, with its port, and its scheme: in nginx " +
          "'proxy_set_header Host $http_host;' (not $host) and 'proxy_set_header X-Forwarded-Proto $scheme;'. " +
          "See docs/deploy/nginx.conf.",
      );
    }
    next();
  };
}

/**
 * TRUST_PROXY in Express's own syntax: true, a hop count, "loopback", a list of addresses or subnets.
 * @param {string | undefined} value
 * @returns {boolean | number | string}
 */
export function parseTrustProxy(value) {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
