// The process's logger (server/log.ts): JSON lines in production, readable lines under `npm run dev`, LOG_LEVEL.
// server.js and this build share one instance; import it from here in app code.
import { sharedLogger } from "../../../server/log.ts";

export const log = sharedLogger();

/** The id server/request-facts.ts gave this request (its X-Request-Id), for a line that belongs to one request. */
export function requestId(request: Request): string | undefined {
  return request.headers.get("x-request-id") ?? undefined;
}
