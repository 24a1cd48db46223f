import type { CouncilInbox } from "~/inbox/inbox-store.server";
import { runningApp } from "../app.server";
import { env } from "../ops/env.server";
import type { BuiltInStore } from "./built-in/store.server";
import type { IdentityProvider, SubmissionStore } from "./council-backend.server";

/**
 * What the routes use of the backends, without knowing which adapter or engine is behind them. The parts are built
 * in one place, the composition root (app/server/app.server.ts); importing this module opens and starts nothing:
 * each use asks the running app, which the server entry started (or which the first use composes, under
 * `npm run dev` and in tests).
 */

/**
 * An object that hands every property access to the running app's part. What is set on the object itself (a test's
 * spy on `identity.logIn`) is read first, as it would be on a plain object.
 */
function forwardedTo<Part extends object>(part: () => Part): Part {
  return new Proxy({} as Part, {
    get(own, key) {
      if (Object.hasOwn(own, key)) return Reflect.get(own, key);
      const target = part();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (_target, key) => Reflect.has(part(), key),
  });
}

/** Who signs people in (registration, login, profile, logout): Firebase, the council API or the built-in store. */
export const identity: IdentityProvider = forwardedTo(() => runningApp().identity);

/** Where submissions go (applications, teams, ideas, suggestions): the council API or the built-in store. */
export const submissions: SubmissionStore = forwardedTo(() => runningApp().submissions);

/**
 * The council inbox (/council): kept with the submissions when the site keeps them (no COUNCIL_API_URL), otherwise
 * off (404). Which it is follows from the environment alone, so it is known without composing the app.
 */
export const inbox: CouncilInbox | undefined = env.COUNCIL_API_URL
  ? undefined
  : forwardedTo(() => {
      const { inbox: running } = runningApp();
      if (!running) throw new Error("The running app keeps no council inbox.");
      return running;
    });

/** The built-in store when this configuration uses it (the command line's backup and restore work on it). */
export function usedBuiltInStore(): BuiltInStore | undefined {
  return runningApp().builtInStore;
}

/** The built-in store's own check for the readiness probe: resolves when it can be read and written now. */
export async function checkStore(): Promise<void> {
  await runningApp().builtInStore?.database.check();
}

/** Called once a transaction that queued an e-mail has committed: the sender sends it now, not at its next poll. */
export function mailQueued(): void {
  runningApp().mailSender?.nudge();
}
