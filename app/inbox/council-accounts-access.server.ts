import type { AccountChecks } from "~/server/backend/account-checks.server";
import { offeredAccountChecks } from "~/server/accounts/offered-account-checks.server";
import { refusal, requireCouncilMember } from "./access.server";

/**
 * The door of /council/accounts: the inbox's own (requireCouncilMember: the login page for a visitor not signed in,
 * 403 without the role), and 404 where the built-in store does not hold the accounts.
 */
export async function requireAccountChecker(request: Request): Promise<{ checks: AccountChecks; collegeId: string }> {
  const checks = offeredAccountChecks();
  if (!checks) throw refusal(404, "Not Found");
  const { collegeId } = await requireCouncilMember(request);
  return { checks, collegeId };
}

/**
 * The door of an ID card image: the same check, but everyone who may not see it gets the same 404, signed in or not,
 * so the address tells nobody whether the account exists. Only an identity provider that cannot answer says so.
 */
export async function requireIdCardViewer(request: Request): Promise<AccountChecks> {
  try {
    return (await requireAccountChecker(request)).checks;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 503) throw thrown;
    throw refusal(404, "Not Found");
  }
}
