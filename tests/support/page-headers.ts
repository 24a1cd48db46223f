import { pageHeaders } from "~/delivery/headers.server";
import { deliveryAt } from "~/delivery/route-deliveries.server";

/** The headers a page at `path` is answered with: its delivery's (app/delivery/delivery.ts), as in development. */
export const pageHeadersAt = (path: string): Headers =>
  new Headers(pageHeaders(deliveryAt(path)!, { nonce: undefined, production: false }));
