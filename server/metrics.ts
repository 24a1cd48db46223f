// The process's Prometheus metrics: one registry, shared by server/ and the React Router build the same way as the
// logger (server/log.ts): the build bundles its own copy of this file, so the registry lives on globalThis.
import client from "prom-client";
import type { Counter, Gauge, Histogram, Registry } from "prom-client";

const key = Symbol.for("student-council.metrics");

/** What the site uses of a histogram, a counter and a gauge, so that the stand-in below can take their place. */
type Timing<Label extends string> = Pick<Histogram<Label>, "observe" | "startTimer">;
type Count<Label extends string> = Pick<Counter<Label>, "inc">;
type Level<Label extends string> = Pick<Gauge<Label>, "set">;

export interface Metrics {
  registry: Registry;
  requestDuration: Timing<"method" | "route" | "status_class">;
  pageCache: Count<"result">;
  submissions: Count<"form" | "outcome">;
  outsideCalls: Timing<"service" | "operation" | "outcome">;
  outboxWaiting: Level<"kind">;
  outboxSent: Count<"kind">;
  outboxFailed: Count<"kind">;
  outboxSendDuration: Timing<"kind" | "outcome">;
  mailHeldBack: Count<"kind" | "reason">;
}

/** globalThis, seen as the holder of the shared metrics. */
const holder = globalThis as typeof globalThis & { [key]?: Metrics };

/**
 * Without METRICS_TOKEN nobody can read the metrics, so none are kept: every metric is a stand-in that does nothing,
 * and the process spends nothing on them (no event loop sampling either).
 */
export function metricsEnabled(): boolean {
  return configuredMetricsToken() !== undefined;
}

/** METRICS_TOKEN, read here only: unset or empty means no /metrics (404) and no metrics kept. */
export function configuredMetricsToken(): string | undefined {
  return process.env.METRICS_TOKEN || undefined;
}

/** A metric that keeps nothing. */
const idle = {
  observe() {},
  inc() {},
  set() {},
  startTimer: () => () => 0,
};

function createMetrics(): Metrics {
  const registry = new client.Registry();
  if (!metricsEnabled()) {
    return {
      registry,
      requestDuration: idle,
      pageCache: idle,
      submissions: idle,
      outsideCalls: idle,
      outboxWaiting: idle,
      outboxSent: idle,
      outboxFailed: idle,
      outboxSendDuration: idle,
      mailHeldBack: idle,
    };
  }
  // Memory, CPU, event loop lag, open handles: the process's own health next to the site's.
  client.collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status class.",
      labelNames: ["method", "route", "status_class"],
      // From a cached page (about a millisecond) to a render that waits on a slow backend.
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCache: new client.Counter({
      name: "page_cache_lookups_total",
      help: "Public page requests answered from the page cache (hit) or rendered (miss).",
      labelNames: ["result"],
      registers: [registry],
    }),
    submissions: new client.Counter({
      name: "form_submissions_total",
      help: "Form submissions by form and outcome: stored, refused (bad input), rate-limited, failed (backend unavailable).",
      labelNames: ["form", "outcome"],
      registers: [registry],
    }),
    outsideCalls: new client.Histogram({
      name: "outside_call_duration_seconds",
      help: "Calls to the council API, Firebase and the store, by service, operation and outcome.",
      labelNames: ["service", "operation", "outcome"],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    // The outbox (app/server/mail/sender.server.ts), by kind of e-mail, never by recipient.
    outboxWaiting: new client.Gauge({
      name: "outbox_messages_waiting",
      help: "E-mails in the outbox not sent yet (due now or waiting for their next attempt), by kind.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    outboxSent: new client.Counter({
      name: "outbox_messages_sent_total",
      help: "E-mails the SMTP server accepted, by kind.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    outboxFailed: new client.Counter({
      name: "outbox_messages_failed_total",
      help: "E-mails given up on (refused for good, or not sent within 24 hours), by kind.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    outboxSendDuration: new client.Histogram({
      name: "outbox_send_duration_seconds",
      help: "Time the SMTP server took to accept (or refuse) one e-mail, by kind and outcome.",
      labelNames: ["kind", "outcome"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    // The caps on what visitors can make the site send (app/server/backend/built-in/mail-caps.server.ts).
    mailHeldBack: new client.Counter({
      name: "mail_held_back_total",
      help: "E-mails not queued because a cap was reached, by kind and reason (recipient, client, site).",
      labelNames: ["kind", "reason"],
      registers: [registry],
    }),
  };
}

/** The process's metrics, created on first use. */
export function sharedMetrics(): Metrics {
  holder[key] ??= createMetrics();
  return holder[key];
}

/** Times `work` as one outside call; the outcome is read from its result (or "error" when it throws). */
export async function timeOutsideCall<T>(
  service: string,
  operation: string,
  work: () => Promise<T>,
  outcomeOf: (result: T) => string = () => "ok",
): Promise<T> {
  const stop = sharedMetrics().outsideCalls.startTimer({ service, operation });
  try {
    const result = await work();
    stop({ outcome: outcomeOf(result) });
    return result;
  } catch (error) {
    stop({ outcome: "error" });
    throw error;
  }
}
