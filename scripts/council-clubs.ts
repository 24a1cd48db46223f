/**
 * `npm run council -- grant <College ID> --club <slug>` (and `revoke`, and `coordinators`): a club's coordinator may
 * edit that club's entry of the content at /council/content, and nothing else. scripts/council.ts hands these commands
 * here. The grant is kept in the built-in store by the College ID's key, so it holds whichever provider signs them in.
 */
import type { ClubCoordinators } from "~/content/editing/club-coordinators.server";
import { indianDateTime } from "~/time/india-time";

export const clubUsage = [
  "  npm run council -- grant <College ID> --club <slug>   let them edit that club's page only (at /council/content)",
  "  npm run council -- revoke <College ID> --club <slug>  take that right away (counts at their next page view)",
  "  npm run council -- coordinators                       the College IDs that may edit a club, and which",
];

export interface ClubCommandContext {
  coordinators: ClubCoordinators;
  /** The clubs' slugs in the current content: a grant names one of them. */
  clubSlugs: () => Promise<string[]>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs a club command; the exit status, or undefined when the arguments are not one. */
export async function runClubCommand(
  args: readonly string[],
  context: ClubCommandContext,
): Promise<number | undefined> {
  const { coordinators, out, err } = context;
  if (args.length === 1 && args[0] === "coordinators") {
    const grants = await coordinators.list();
    if (grants.length === 0)
      out("No College ID may edit a club yet. Grant it with: npm run council -- grant <College ID> --club <slug>");
    for (const grant of grants)
      out(`${grant.collegeIdKey}: ${grant.clubSlug}, since ${indianDateTime(grant.grantedAt)} IST`);
    return 0;
  }
  const [command, collegeId, flag, slug, ...extra] = args;
  if ((command !== "grant" && command !== "revoke") || flag !== "--club" || extra.length > 0) return undefined;
  if (!collegeId?.trim() || !slug?.trim()) return undefined;
  const wanted = slug.trim().toLowerCase();
  if (command === "grant") {
    const slugs = (await context.clubSlugs()).map((known) => known.toLowerCase());
    if (!slugs.includes(wanted)) {
      err(`council: there is no club "${slug}". The clubs are: ${slugs.join(", ")}. Nothing was changed.`);
      return 1;
    }
    const granted = await coordinators.grant(collegeId, wanted);
    out(
      granted
        ? `${collegeId.trim()} may now edit the club ${wanted} at /council/content (after signing in).`
        : `${collegeId.trim()} could already edit the club ${wanted}.`,
    );
    return 0;
  }
  const revoked = await coordinators.revoke(collegeId, wanted);
  out(
    revoked
      ? `${collegeId.trim()} may no longer edit the club ${wanted}; it counts at their next page view.`
      : `${collegeId.trim()} could not edit the club ${wanted}.`,
  );
  return 0;
}
