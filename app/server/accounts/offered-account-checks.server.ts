import type { AccountChecks } from "../backend/account-checks.server";
import { identity, usedBuiltInStore } from "../backend/running-backends.server";

/**
 * The council's checks of College IDs against ID cards, and "This College ID is mine": where the built-in store holds
 * the accounts, and with Firebase sign-in (the claims and checks kept in the built-in store, the accounts in
 * Firebase). Where the council API signs people in, the accounts live there, and both the check pages and the claim
 * form answer 404.
 */
export function offeredAccountChecks(): AccountChecks | undefined {
  if ("accountChecks" in identity && identity.accountChecks) return identity.accountChecks as AccountChecks;
  const store = usedBuiltInStore();
  return store !== undefined && (identity as unknown) === store ? store.accountChecks : undefined;
}
