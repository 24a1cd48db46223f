// What every request meets before React Router (docs/decisions/0004, 0006): the baseline security headers, only the
// methods the site uses, a clean close of connections whose request body was refused, and a log line that explains
// a POST refused because a TLS proxy is not trusted.
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { allowedMethods } from "./request-facts.ts";

/** Sets each header just before the response's head is written, unless the response set it itself. */
export function fillMissingHeaders(headers: Record<string, string>): RequestHandler {
  const entries = Object.entries(headers);
  return (_request, response, next) => {
    // Kept to be called on the response again, below.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const writeHead = response.writeHead;
    const writeHeadWithDefaults = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      for (const [name, value] of entries) if (!response.hasHeader(name)) response.setHeader(name, value);
      return writeHead.apply(this, args);
    };
    response.writeHead = writeHeadWithDefaults as Response["writeHead"];
    next();
  };
}

export const onlyAllowedMethods: RequestHandler = (request, response, next) => {
  if (request.method === "OPTIONS") {
    response.set("Allow", allowedMethods.join(", ")).status(204).end();
    return;
  }
  if (allowedMethods.includes(request.method)) return next();
  response.set("Allow", allowedMethods.join(", ")).status(405).type("text/plain").send("Method Not Allowed\n");
};

/**
 * A response sent before its request body was read (a 413, a 429 before an upload) must end the connection: the rest
 * of the body would be read as the next request. Node closes the socket after such an answer, but closing it while
 * the client is still sending makes the kernel reset the connection, and the client may lose the answer. So the
 * server half-closes (the answer and FIN go out), discards what the client still sends for a moment, then closes.
 */
export const closeCleanlyAfterRefusedBodies: RequestHandler = (request, response, next) => {
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
};

/**
 * React Router refuses a POST whose Origin differs from the address the server sees (CSRF). Behind a TLS proxy that
 * is every POST unless TRUST_PROXY lets the server see the browser's https address. Say so in the log, once a minute
 * at most, instead of leaving a bare 400.
 */
export function explainOriginMismatch(trustProxy: boolean | number | string, logger: Logger): RequestHandler {
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
          "or TRUST_PROXY=loopback) so the server takes the scheme and host from the proxy. See docs/deployment.md, 'Behind a TLS proxy'.",
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
