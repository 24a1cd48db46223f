import type { IdentityProvider, SubmissionStore } from "~/server/backend/council-backend.server";

/**
 * The identity the routes use in a test that builds its own (a Firebase adapter on the emulator, a store of its own):
 * the test sets `routeIdentity.current`, and the backend module's `identity` forwards the members it names to it.
 *
 *   vi.mock("~/server/backend/running-backends.server", async () =>
 *     (await import("../support/route-identity")).routeBackend(["logIn", "whoIsSignedIn"]));
 */
export const routeIdentity: { current: IdentityProvider | undefined } = { current: undefined };

/**
 * Where the routes' submissions go in such a test, when it sets one (the built-in store the identity keeps its details
 * in); unset, the routes see no submissions backend at all.
 */
export const routeSubmissions: { current: SubmissionStore | undefined } = { current: undefined };

/** What the login, registration and council pages call. */
export const signInMembers: (keyof IdentityProvider)[] = [
  "description",
  "registerAccount",
  "logIn",
  "whoIsSignedIn",
  "logOut",
  "grantCouncilRole",
  "revokeCouncilRole",
  "listCouncilMembers",
];

/**
 * The backend module as the routes see it: its identity has `members` alone, each the test's identity's (so a part
 * a page checks for once at import, such as the erasure's, stays absent as the test intends), read when used.
 * `accountChecks` is a Firebase or built-in store's own part, offered to the claim and check pages where it exists.
 */
export function routeBackend(members: readonly (keyof IdentityProvider | "accountChecks")[]) {
  const named = new Set<PropertyKey>(members);
  const identity = new Proxy({} as IdentityProvider, {
    get(_target, key) {
      if (!named.has(key)) return undefined;
      const target = routeIdentity.current;
      if (!target) throw new Error("no identity for the routes yet");
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (_target, key) => named.has(key),
  });
  const submissions = new Proxy({} as SubmissionStore, {
    get(_target, key) {
      const target = routeSubmissions.current;
      if (!target) return undefined;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (_target, key) => routeSubmissions.current !== undefined && key in routeSubmissions.current,
  });
  return { identity, submissions, usedBuiltInStore: () => undefined };
}
