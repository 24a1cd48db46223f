// The metrics counted per request, and /metrics, which serves them to Prometheus (server/metrics.ts keeps them).
import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { sharedMetrics } from "./metrics.ts";
import { allowedMethods, durationMs, factsOf } from "./request-facts.ts";

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/**
 * Every form's action answers through the submission pipeline with one status scheme, so a POST's status is its
 * outcome: a redirect (or 2xx) after success, 429 from the rate limit, another 4xx for input refused (the schema,
 * the size, a duplicate), 5xx when the backend failed. A bot caught by the honeypot gets the success answer and is
 * counted as stored. A POST to a page without a form (405) is no submission.
 */
function submissionOutcome(status: number): string | undefined {
  if (status === 405) return undefined;
  if (status < 400) return "stored";
  if (status === 429) return "rate-limited";
  if (status < 500) return "refused";
  return "failed";
}

export function requestMetrics(): RequestHandler {
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

/** GET /metrics for `Authorization: Bearer <token>` only; the comparison takes the same time for any wrong token. */
export function metricsEndpoint(token: string): RequestHandler {
  const expected = createHash("sha256").update(token).digest();
  const { registry } = sharedMetrics();
  const answer = async (request: Request, response: Response): Promise<void> => {
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
