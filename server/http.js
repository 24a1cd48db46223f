// The production server's Express app: what react-router-serve does (compression, long-lived caching of
// fingerprinted assets, an access log) plus what a site on the open internet needs in front of React Router
// (docs/decisions/0004 and 0006): security headers on every response, only the methods the site uses, cached public
// pages answered before the router, the visitor's address for per-client limits, a clear log line when a TLS proxy's
// scheme is not trusted, and a clean close of connections whose request body was refused.
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";

const allowedMethods = ["GET", "HEAD", "POST", "OPTIONS"];

/**
 * How long a client may take to send its request. Node's defaults (five minutes for a whole request, checked every
 * 30 s) let a client that sends a body a byte at a time hold a connection and a form parser for minutes, and a few
 * hundred such clients hold them all. Sixty seconds still fits the largest honest request: a 5 MB ID card at
 * 1 Mbit/s takes about 42 s. Headers are small, so 20 s for them. The check runs every 2 s, so a request is cut off
 * at most 2 s late. Node answers 408 and closes the connection.
 */
export const requestTimeouts = { requestTimeout: 60_000, headersTimeout: 20_000, connectionsCheckingInterval: 2_000 };

/** The HTTP server for the app, with the timeouts above. */
export function createHttpServer(app) {
  return http.createServer(requestTimeouts, app);
}

/**
 * @param {{ build: any, mode: string, trustProxy: boolean | number | string, clientDirectory: string }} options
 */
export function createServerApp({ build, mode, trustProxy, clientDirectory }) {
  const production = mode === "production";
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy (TRUST_PROXY=1, "loopback", a subnet...), the visitor's address, scheme and host come from
  // X-Forwarded-For/-Proto/-Host; otherwise from the socket. Express's syntax: expressjs.com/en/guide/behind-proxies
  app.set("trust proxy", trustProxy);

  // The document's own headers (its CSP with a nonce) come from entry.server.tsx; everything else gets the rest.
  const { "Content-Security-Policy": _documentOnly, ...baseline } = build.entry.module.securityHeaders({ nonce: "", production });
  app.use(fillMissingHeaders(baseline));
  app.use(onlyAllowedMethods);
  app.use(closeCleanlyAfterRefusedBodies);
  // Method, path without its query (a search may hold a name), status and time: nothing personal.
  app.use(morgan(":method :path :status :response-time ms"));

  const pageCache = build.entry.module.publicPageCache;
  if (production && pageCache) app.use(cachedPages(pageCache));

  app.use(compression());
  app.use("/assets", express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(clientDirectory, { maxAge: "1h" }));
  app.all(
    "*",
    (request, _response, next) => {
      // Overwrites whatever the client sent under this name: only the server decides who the client is.
      request.headers["x-client-address"] = request.ip ?? "unknown";
      next();
    },
    explainOriginMismatch(trustProxy),
    createRequestHandler({ build, mode }),
  );
  return app;
}

morgan.token("path", (request) => (request.originalUrl ?? request.url ?? "").split("?")[0]);

/** Sets each header just before the response's head is written, unless the response set it itself. */
function fillMissingHeaders(headers) {
  const entries = Object.entries(headers);
  return (_request, response, next) => {
    const writeHead = response.writeHead;
    response.writeHead = function writeHeadWithDefaults(...args) {
      for (const [name, value] of entries) if (!response.hasHeader(name)) response.setHeader(name, value);
      return writeHead.apply(this, args);
    };
    next();
  };
}

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
function closeCleanlyAfterRefusedBodies(request, response, next) {
  response.on("finish", () => {
    if (request.complete || !response.getHeader("Connection")?.toString().toLowerCase().includes("close")) return;
    const { socket } = request;
    // Node scheduled socket.destroy() for when the answer is flushed; replace it with a lingering close.
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
function explainOriginMismatch(trustProxy) {
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
    const forwarded = request.headers["x-forwarded-proto"] !== undefined || request.headers["x-forwarded-host"] !== undefined;
    if (mismatch && forwarded && !trustProxy && Date.now() - lastLogged > 60_000) {
      lastLogged = Date.now();
      console.warn(
        `POST ${request.path} refused: the browser's Origin ${origin} is not the ${seen} this server sees, and the request ` +
          "came through a proxy (X-Forwarded-Proto/-Host) that is not trusted. Set TRUST_PROXY (for example TRUST_PROXY=1 " +
          "or TRUST_PROXY=loopback) so the server takes the scheme and host from the proxy. See README, 'Behind a TLS proxy'.",
      );
    }
    next();
  };
}

/** TRUST_PROXY in Express's own syntax: true, a hop count, "loopback", a list of addresses or subnets. */
export function parseTrustProxy(value) {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
