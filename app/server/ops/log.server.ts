// The process's logger (server/log.js): JSON lines in production, readable lines under `npm run dev`, LOG_LEVEL.
// server.js and this build share one instance; import it from here in app code.
import { sharedLogger } from "../../../server/log.js";

export const log = sharedLogger();

/** The id server/http.js gave this request (its X-Request-Id), for a line that belongs to one request. */
export function requestId(request: Request): string | undefined {
  return request.headers.get("x-request-id") ?? undefined;
}
