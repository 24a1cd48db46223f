// The process's Prometheus registry and metrics (server/metrics.ts), shared with server/request-metrics.ts, which serves them.
export { sharedMetrics, timeOutsideCall } from "../../../server/metrics.ts";
