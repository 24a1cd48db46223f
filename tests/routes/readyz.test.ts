import { afterEach, describe, expect, it, vi } from "vitest";
import { loader } from "~/routes/readyz";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";

/** Rows the site's own store (SQLite here) has written since it opened. */
function storeWrites(): number {
  const sqlite = usedBuiltInStore()?.database.sqlite;
  if (!sqlite) throw new Error("these tests need the built-in store on SQLite");
  return (sqlite.prepare("SELECT total_changes() AS count").get() as { count: number }).count;
}

/**
 * A fake clock an hour later than the one before, so the answer an earlier test left kept (two seconds) and the store's
 * last write (30 seconds) are long past, whatever the real time between the tests.
 */
let hoursAhead = 0;
function laterClock() {
  hoursAhead += 1;
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + hoursAhead * 3_600_000 });
}

describe("/readyz", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers 200 'ready' while the store and the rate limits answer, never cached by anyone else", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("ready\n");
  });

  it("50 requests in a row, or at once, make at most one write to the store", async () => {
    laterClock();
    const before = storeWrites();
    for (let request = 0; request < 50; request += 1) expect((await loader()).status).toBe(200);
    const together = await Promise.all(Array.from({ length: 50 }, () => loader()));
    expect(together.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(storeWrites() - before).toBeLessThanOrEqual(1);
  });

  it("asked every 100 ms for a minute, checks the store every 2 seconds and writes to it at most every 30", async () => {
    laterClock();
    const checks = vi.spyOn(usedBuiltInStore()!.database, "check");
    const before = storeWrites();
    for (let tick = 0; tick < 600; tick += 1) {
      expect((await loader()).status).toBe(200);
      vi.advanceTimersByTime(100);
    }
    expect(checks).toHaveBeenCalledTimes(30);
    expect(storeWrites() - before).toBeLessThanOrEqual(2);
  });
});
