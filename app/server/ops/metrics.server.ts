// The process's Prometheus registry and metrics (server/metrics.js), shared with server/http.js, which serves them.
export { sharedMetrics, timeOutsideCall } from "../../../server/metrics.js";
