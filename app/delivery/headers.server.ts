import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { pageStylesheet, withoutJavaScriptStyles } from "~/components/shell/page-styles";
import { deliveries, type Delivery, type DeliveryRule } from "./delivery";
import { inlineScripts } from "./inline-scripts";
import { deliveryAt } from "./route-deliveries.server";

/** A CSP source for inline content that never changes between pages: its SHA-256 hash. */
function hashSource(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}
// Each the same on every page: the inlined stylesheets, and the inline programs.
const inlineStyleSources = [pageStylesheet, withoutJavaScriptStyles].map(hashSource).join(" ");
const withoutFrameworkScripts = [inlineScripts.head, inlineScripts.behaviours].map(hashSource).join(" ");
const withFrameworkScripts = [inlineScripts.head, inlineScripts.starter].map(hashSource).join(" ");

/** What a redirect, a refusal or a file that is one visitor's own says: a private page's cache header. */
export const privatePage = { "Cache-Control": deliveries.private.cacheControl } as const;

/**
 * The headers a page's delivery decides besides its scripts: who may keep it (Cache-Control), what another site
 * learns of its address (Referrer-Policy), whether it is indexed (X-Robots-Tag). Every answer of a page's route
 * carries them: the page (pageHeaders) and the rest (deliveryHeadersMiddleware).
 */
export function deliveryHeaders(delivery: Delivery): Record<string, string> {
  const rule: DeliveryRule = deliveries[delivery];
  const headers: Record<string, string> = {
    "Referrer-Policy": rule.referrerPolicy ?? "strict-origin-when-cross-origin",
  };
  if (rule.cacheControl) headers["Cache-Control"] = rule.cacheControl;
  if (rule.robots) headers["X-Robots-Tag"] = rule.robots;
  return headers;
}

/**
 * The headers of a page, from its delivery. The Content-Security-Policy allows scripts only from this origin and the
 * site's own inline programs by their hashes; a page that ships the framework also allows React Router's inline
 * scripts by this response's nonce (<ServerRouter nonce>). A page without the framework has no nonce at all, so the
 * page cache can keep it as it is. Styles: this origin and the hashes of the inlined stylesheets, no 'unsafe-inline'.
 * The policy is sent in production only: Vite's development server injects scripts and a websocket it would block.
 */
export function pageHeaders(
  delivery: Delivery,
  { nonce, production }: { nonce: string | undefined; production: boolean },
): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...deliveryHeaders(delivery),
  };
  if (production) {
    const scripts =
      deliveries[delivery].framework === "none"
        ? withoutFrameworkScripts
        : `${nonce ? `'nonce-${nonce}' ` : ""}${withFrameworkScripts}`;
    headers["Content-Security-Policy"] = [
      "default-src 'self'",
      `script-src 'self' ${scripts}`,
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
 * Headers an action's answer must carry beyond its status (Retry-After with a 429, Connection: close with a 413).
 * React Router passes only cookies from an action to the response by itself; the submission pipeline hands these to
 * passOnHeaders, and the root middleware puts them on whatever answer goes out for the request, a page or a client
 * navigation's data, so no route needs a `headers` export for them. Kept per request in AsyncLocalStorage.
 */
const answerHeaders = new AsyncLocalStorage<Headers>();
const passedOn = ["Retry-After", "Connection"];

/** Notes the headers of `init` that must reach the response (see above); returns `init` as it was. */
export function passOnHeaders<Init extends HeadersInit | undefined>(init: Init): Init {
  const kept = answerHeaders.getStore();
  if (kept && init) {
    const headers = new Headers(init);
    for (const name of passedOn) {
      const value = headers.get(name);
      if (value) kept.set(name, value);
    }
  }
  return init;
}

/** Root middleware: the noted headers on the answer (see passOnHeaders). */
export const answerHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const extra = new Headers();
  const response = await answerHeaders.run(extra, next);
  return withHeaders(response, extra);
};

/**
 * Root middleware: every answer of a page's route carries its delivery's headers (above), whatever form it takes. The
 * HTML gets them from entry.server.tsx; this is for the rest, which React Router builds without the page's matches: the
 * page's data for a client navigation (its `.data` twin: /verify-email.data?token=..., whose token and names must be
 * neither cached nor sent on as a referrer any more than the page's), an action's answer, a redirect. Inside the page
 * cache's middleware, so a signed-in visitor's answer is still made private there.
 */
export const deliveryHeadersMiddleware: MiddlewareFunction<Response> = async ({ url }, next) => {
  const response = await next();
  const delivery = deliveryAt(url.pathname);
  return delivery ? withHeaders(response, new Headers(deliveryHeaders(delivery))) : response;
};

/** `response` with `headers` set on it. */
function withHeaders(response: Response, headers: Headers): Response {
  if ([...headers.keys()].length === 0) return response;
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    // Headers that cannot change (a Response.redirect()): the same answer, with headers of its own.
    const copy = new Response(response.body, response);
    for (const [name, value] of headers) copy.headers.set(name, value);
    return copy;
  }
}
