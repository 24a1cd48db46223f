import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { deliveries, deliveryOf } from "./delivery/delivery";
import { pageHeaders } from "./delivery/headers.server";
import { textsForRender } from "./i18n/i18next.server";
import { TextProvider } from "./i18n/use-text";
import { ErrorReferenceContext, errorReference } from "./errors/error-reference";
import { env } from "./server/ops/env.server";
import { log, requestId } from "./server/ops/log.server";

export const streamTimeout = 5_000;

// server/http.ts answers cached public pages before the React Router handler; it reaches the cache through the build.
export { publicPageCache } from "./delivery/page-cache.server";
// server.js starts the app's parts (the store, the outbox sender, the timers) through the build, before it listens.
export { startApp } from "./server/app.server";

/**
 * Where React Router's errors reach the log. A request it refuses (a POST to a page that takes no form: 405; a
 * malformed request: 400) is the client's doing, not a fault of ours: one line saying so, without the stack trace
 * React Router would print. Faults keep their whole stack. A request the client gave up on is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // server/request-facts.ts puts the request's id here (X-Request-Id); the error page shows a reference made from it.
  const reqId = requestId(request);
  const where = `${request.method} ${new URL(request.url).pathname}`;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const cause = (error as { error?: unknown }).error;
    const reason = cause instanceof Error ? `: ${cause.message.split("\n")[0]}` : "";
    log.warn({ reqId }, `${where} refused with ${error.status} ${error.statusText}${reason}`);
    return;
  }
  // React Router wraps an unexpected error thrown by a loader or action; the original has the useful stack.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  log.error({ reqId, err: cause ?? error }, `${where} failed unexpectedly`);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // The page's delivery (its entry in the page registry, app/pages.ts) decides its scripts, their policy and its
  // cache headers. Only a page that ships the framework has inline scripts of React Router's, allowed by this response's nonce.
  const delivery = deliveryOf(routerContext.staticHandlerContext.matches.map((match) => match.route));
  const nonce = deliveries[delivery].framework === "none" ? undefined : randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(pageHeaders(delivery, { nonce, production: env.isProduction }))) {
    responseHeaders.set(name, value);
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const reference = errorReference(request.headers.get("x-request-id"));
    const { pipe, abort } = renderToPipeableStream(
      <TextProvider texts={textsForRender(request)}>
        <ErrorReferenceContext.Provider value={reference}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ErrorReferenceContext.Provider>
      </TextProvider>,
      {
        nonce,
        // Parts of a page deferred in the browser (delivery/deferred.ts) sit in <Suspense> boundaries. They are complete
        // when the shell is, and must stay in place in the HTML: React would otherwise move a large one to the end
        // of the stream, where only a script puts it back (so never without JavaScript).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          // The charset in the header, not only in the page's <meta>: the page cache stores these headers and
          // server/http.ts sends them as they are, so every HTML answer says it, rendered or cached.
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject above and are logged by React Router; log the later ones here.
          if (shellRendered) log.error({ reqId: requestId(request), err: error }, "Rendering a page failed");
        },
      },
    );
  });
}

/**
 * The security headers every answer carries (server/guards.ts fills them into answers that are not pages): a page's
 * headers without its policy and cache headers, which only pages have.
 */
export function securityHeaders({ production }: { production: boolean }): Record<string, string> {
  const {
    "Content-Security-Policy": _pageOnly,
    "Cache-Control": _cacheOnly,
    ...headers
  } = pageHeaders("form", { nonce: undefined, production });
  return headers;
}

// server.js checks at start that pages shipping the framework hold their scripts as the site expects.
export { checkDelivery } from "./delivery/page-check.server";
