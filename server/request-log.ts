// One log line per request, as JSON through the process's logger (server/log.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { asRequest, asResponse, durationMs, factsOf, staticRoute } from "./request-facts.ts";

/**
 * One line per request: its id, method, path without the query (a search may hold a name), route pattern, status and
 * duration. Nothing else of the request: no headers, no body. The logger's redaction (server/log.ts) is the net
 * under that.
 */
export function requestLog(logger: Logger): RequestHandler {
  const fields = (incoming: IncomingMessage, outgoing: ServerResponse) => {
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
  const message = (incoming: IncomingMessage, outgoing: ServerResponse) => {
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
    customLogLevel: (_incoming, outgoing) => {
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
