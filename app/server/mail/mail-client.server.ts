import type { MiddlewareFunction } from "react-router";
import { asMailClient } from "../backend/built-in/mail-caps.server";
import { clientAddress } from "../requests/request.server";

/**
 * Root middleware: every request runs as caused by its client address, so the e-mails it makes the store queue count
 * against that client's cap (app/server/backend/built-in/mail-caps.server.ts) without any backend call taking the
 * request. Under `react-router dev` there is no client address, and the cap per client is not applied.
 */
export const mailClientMiddleware: MiddlewareFunction<Response> = ({ request }, next) =>
  asMailClient(clientAddress(request), next);
