import { createHash, randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { headScript } from "./components/shell/head-script";
import { pageStylesheet, withoutJavaScriptStyles } from "./components/shell/page-styles";
import { ErrorReferenceContext, errorReference } from "./errors/error-reference";
import { env } from "./server/ops/env.server";
import { log, requestId } from "./server/ops/log.server";
import { pageScript } from "./behaviours/page-script";
import { holdScriptsUntilPaintedStream } from "./server/scripts-after-paint.server";

export const streamTimeout = 5_000;

// server/http.js answers cached public pages before the React Router handler; it reaches the cache through the build.
export { publicPageCache } from "./server/page-cache.server";

/** A CSP source for inline content that never changes between pages: its SHA-256 hash. */
function hashSource(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}
// The stylesheet inlined in every page, the <head> script, and the script of pages that ship no framework: each the
// same on every page.
const inlineStyleSources = [pageStylesheet, withoutJavaScriptStyles].map(hashSource).join(" ");
const inlineScriptSources = [headScript, pageScript].map(hashSource).join(" ");

/**
 * The security headers of every page. The Content-Security-Policy allows scripts only from this origin, carrying
 * this response's nonce (React Router's inline hydration scripts get it from <ServerRouter nonce>) or matching the
 * hash of the <head> script or of the script of pages without the framework; styles only from this origin or matching
 * the hashes of the inlined stylesheets, so no inline style an attacker could inject applies (no 'unsafe-inline').
 * It is sent in production only: Vite's development server injects scripts and a websocket the policy would block.
 */
export function securityHeaders({ nonce, production }: { nonce: string; production: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (production) {
    headers["Content-Security-Policy"] = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' ${inlineScriptSources}`,
      `style-src 'self' ${inlineStyleSources}`,
      "img-src 'self' data: blob: https:",
      "media-src 'self' https:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; ");
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

/**
 * Where React Router's errors reach the log. A request it refuses (a POST to a page that takes no form: 405; a
 * malformed request: 400) is the client's doing, not a fault of ours: one line saying so, without the stack trace
 * React Router would print. Faults keep their whole stack. A request the client gave up on is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // server/http.js puts the request's id here (X-Request-Id); the error page shows a reference made from it.
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
  _loadContext: RouterContextProvider,
) {
  const nonce = randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(securityHeaders({ nonce, production: env.isProduction }))) {
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
      <ErrorReferenceContext.Provider value={reference}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ErrorReferenceContext.Provider>,
      {
        nonce,
        // Parts of a page deferred in the browser (lib/deferred.ts) sit in <Suspense> boundaries. They are complete
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
          responseHeaders.set("Content-Type", "text/html");
          const rewrite = holdScriptsUntilPaintedStream();
          rewrite.pipe(body);
          pipe(rewrite);
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
