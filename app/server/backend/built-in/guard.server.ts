import { log } from "../../ops/log.server";
import { sharedMetrics } from "../../ops/metrics.server";
import type { Refusal } from "~/types/refusals";
import type { Failure, Outcome } from "../council-backend.server";
import { reason } from "./errors.server";

/** A refusal decided inside a transaction; throwing it rolls the transaction back and reaches the visitor. */
export class Rejection extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.code);
  }
}

const unavailable: Failure = { ok: false, reason: "unavailable" };

/**
 * Keeps every store method's promise resolving: a refusal becomes `rejected` with its code and values, a database fault
 * becomes `unavailable` (or `whenUnavailable`, for an answer that is not an outcome), logged once with the action and
 * the engine's reason, never with a row's values.
 */
export function guarded<T extends Outcome<unknown> | Outcome>(action: string, work: () => Promise<T>): Promise<T>;
export function guarded<T>(action: string, work: () => Promise<T>, whenUnavailable: T): Promise<T>;
export async function guarded<T>(
  action: string,
  work: () => Promise<T>,
  whenUnavailable = unavailable as T,
): Promise<T> {
  // Every store method passes here once: its duration and outcome are the store's "outside call" metric.
  const stop = sharedMetrics().outsideCalls.startTimer({ service: "store", operation: action });
  try {
    const result = await work();
    stop({ outcome: "ok" });
    return result;
  } catch (error) {
    if (error instanceof Rejection) {
      stop({ outcome: "rejected" });
      return { ok: false, reason: "rejected", refusal: error.refusal } as T;
    }
    stop({ outcome: "unavailable" });
    log.error(`Built-in store: could not ${action} (${reason(error)})`);
    return whenUnavailable;
  }
}

/** When something arrived, as the store writes it. */
export const now = () => new Date().toISOString();
