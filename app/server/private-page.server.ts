import { formHeaders } from "./forms/submission.server";

/**
 * Pages that show one visitor's data (the profile, the council inbox): no shared cache, no back-forward cache and
 * not the public page cache (it only stores pages marked public) may keep them.
 */
export const privatePage = { "Cache-Control": "private, no-store" } as const;

/**
 * A private page's `headers` export: private whatever its loader or action answered, with the submission
 * pipeline's Retry-After and Connection passed on from a refused form.
 */
export function privatePageHeaders(args: { actionHeaders: Headers }): Headers {
  const headers = formHeaders(args);
  headers.set("Cache-Control", privatePage["Cache-Control"]);
  return headers;
}
