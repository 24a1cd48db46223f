import { deliveries } from "~/delivery/delivery";

/**
 * The pages an e-mailed link opens (/verify-email, /sih/team-member). The link's token is in the address: the page
 * never sends it to another site and never keeps it in a cache. Opening one changes nothing (mail scanners open links
 * before the student does); only a button on the page, a POST, does. The headers of their answers that are not the
 * page itself (data, refusals, redirects): the same as the page's, from its delivery.
 */
export const linkPageHeaders = {
  "Cache-Control": deliveries.link.cacheControl,
  "Referrer-Policy": deliveries.link.referrerPolicy,
} as const;

/** The link's token from the address; undefined when missing, or too long to be one of ours. */
export function linkToken(request: Request): string | undefined {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  return token && token.length <= 200 ? token : undefined;
}
