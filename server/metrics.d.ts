import type { Counter, Histogram, Registry } from "prom-client";

export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status_class">;
  pageCache: Counter<"result">;
  submissions: Counter<"form" | "outcome">;
  outsideCalls: Histogram<"service" | "operation" | "outcome">;
}
export function metricsEnabled(): boolean;
export function configuredMetricsToken(): string | undefined;
export function sharedMetrics(): Metrics;
export function timeOutsideCall<T>(
  service: string,
  operation: string,
  work: () => Promise<T>,
  outcomeOf?: (result: T) => string,
): Promise<T>;
