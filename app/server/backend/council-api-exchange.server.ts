import { log } from "../ops/log.server";
import { sharedMetrics } from "../ops/metrics.server";

/**
 * One call to the council API on the wire, and everything that can go wrong with it. A call that times out, cannot
 * connect, is redirected or answers outside 2xx/4xx has failed: the exchange logs one line naming the call and the
 * cause (never a password or a cookie) and the adapter answers "unavailable". A 2xx or 4xx answer is the adapter's
 * to read.
 */

interface CallSpec {
  /** The adapter method making the call, for the log line. */
  name: string;
  method: "GET" | "POST";
  url: string;
  json?: unknown;
  cookie?: string;
}

interface Exchange {
  /**
   * The 2xx or 4xx answer; undefined when the call failed (already logged, the body already let go). `logCause`
   * replaces the usual log line; `answered` tells an unusable answer from none at all.
   */
  send(spec: CallSpec, logCause?: (cause: string, answered: boolean) => void): Promise<Response | undefined>;
  /** A JSON body; undefined (after logging) when it is not JSON or cannot be read in time. */
  readJson(spec: CallSpec, response: Response): Promise<{ json: unknown } | undefined>;
  /** Logs a failure the adapter found in an answer the exchange let through. */
  logFailure(spec: CallSpec, cause: string): void;
  /** A short, secret-free cause for the log. */
  describeError(error: unknown): string;
}

export function createExchange(options: { timeoutMs: number; fetch: typeof fetch }): Exchange {
  const { timeoutMs, fetch: fetchImpl } = options;

  function logFailure({ name, method, url }: CallSpec, cause: string) {
    log.error(`Council API ${name} (${method} ${url}) failed: ${cause}`);
  }

  async function call({ method, url, json, cookie }: CallSpec): Promise<{ response: Response } | { cause: string }> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (json !== undefined) headers["Content-Type"] = "application/json";
    if (cookie) headers.Cookie = cookie;
    // Labelled by the endpoint's path (a fixed set), never with the query or anything the visitor sent.
    const stop = sharedMetrics().outsideCalls.startTimer({
      service: "council-api",
      operation: `${method} ${new URL(url).pathname}`,
    });
    try {
      const response = await fetchImpl(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        // A redirect from an API is a misconfiguration (a login page, a proxy), not an answer: never follow it.
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      stop({ outcome: `${Math.floor(response.status / 100)}xx` });
      return { response };
    } catch (error) {
      stop({ outcome: "unavailable" });
      return { cause: describeError(error, timeoutMs) };
    }
  }

  return {
    async send(spec, logCause = (cause) => logFailure(spec, cause)) {
      const result = await call(spec);
      if ("cause" in result) {
        logCause(result.cause, false);
        return undefined;
      }
      const unexpected = unexpectedStatus(result.response);
      if (unexpected) {
        await discardBody(result.response);
        logCause(unexpected, true);
        return undefined;
      }
      return result.response;
    },

    async readJson(spec, response) {
      try {
        const text = await response.text();
        return { json: JSON.parse(text) as unknown };
      } catch (error) {
        const cause =
          error instanceof SyntaxError
            ? `answered ${response.status} with a body that is not JSON (${response.headers.get("Content-Type") ?? "no Content-Type"})`
            : describeError(error, timeoutMs);
        logFailure(spec, cause);
        return undefined;
      }
    },

    logFailure,
    describeError: (error) => describeError(error, timeoutMs),
  };
}

/** Status classes outside 2xx/4xx are failures: 5xx, redirects, anything unexpected. */
function unexpectedStatus(response: Response): string | undefined {
  if (response.type === "opaqueredirect") return "answered with a redirect";
  if (response.status >= 300 && response.status < 400) {
    return `answered ${response.status} redirecting to ${response.headers.get("Location") ?? "nowhere"}`;
  }
  if (response.status >= 500 || response.status < 200) return `answered ${response.status}`;
  return undefined;
}

/** Lets the connection go back to the pool without reading a body nobody needs. */
export async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Already closed or aborted: nothing to free.
  }
}

/** Timeout, refused connection, unknown host ...: the cause without anything the visitor sent. */
function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
    if (error.name === "AbortError") return "the call was aborted";
    const cause: unknown = error.cause;
    if (cause instanceof Error) {
      const code = "code" in cause && typeof cause.code === "string" ? cause.code : undefined;
      if (code === "ECONNREFUSED") return "connection refused";
      if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `host not found (${code})`;
      return code ? `${code}: ${cause.message}` : cause.message;
    }
    return error.message;
  }
  return String(error);
}
