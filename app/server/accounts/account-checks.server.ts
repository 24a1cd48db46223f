import type { AccountChecks } from "../backend/built-in/account-checks.server";
import { identity, usedBuiltInStore } from "../backend/index.server";

/**
 * The council's checks of College IDs against ID cards, and "This College ID is mine": only where the built-in store
 * holds the accounts. Where Firebase or the council API signs people in, the accounts live there, and both the check
 * pages and the claim form answer 404.
 */
export function offeredAccountChecks(): AccountChecks | undefined {
  const store = usedBuiltInStore();
  return store !== undefined && (identity as unknown) === store ? store.accountChecks : undefined;
}
