import { afterEach, describe, expect, it, vi } from "vitest";
import { sleepUntil } from "~/server/backend/firebase-auth.server";

/**
 * Logging out of Firebase waits until the clock has left the session's sign-in second (Firebase compares whole
 * seconds). Node's timers may fire a little before Date.now() reaches their time; here every timer fires 5 ms early,
 * and the wait still ends only once the clock is there.
 */
describe("sleepUntil", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function timersFiringEarly(byMs: number) {
    const setTimer = globalThis.setTimeout;
    vi.spyOn(globalThis, "setTimeout").mockImplementation((callback: () => void, ms?: number) =>
      setTimer(callback, Math.max(0, (ms ?? 0) - byMs)),
    );
  }

  it("returns only once Date.now() has reached the time, though timers fire early", async () => {
    timersFiringEarly(5);
    for (const waitMs of [20, 50, 120]) {
      const until = Date.now() + waitMs;
      await sleepUntil(until, { remainingMs: () => 10_000 }, 1000);
      expect(Date.now()).toBeGreaterThanOrEqual(until);
    }
  });

  it("gives up when only the reserve of the deadline is left", async () => {
    const started = Date.now();
    const endsAt = started + 1100;
    await sleepUntil(started + 5000, { remainingMs: () => Math.max(0, endsAt - Date.now()) }, 1000);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(1000);
  });
});
