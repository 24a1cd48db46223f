import { describe, expect, it } from "vitest";
import { createLimits, limitMessages, limitPolicies, redactedRedisUrl } from "~/server/requests/limits.server";

const { points } = limitPolicies["login-id"];

describe("rate limits in memory", () => {
  it("allows the policy's attempts for a key, then refuses with the time left", async () => {
    const limits = createLimits();
    for (let attempt = 0; attempt < points; attempt += 1)
      expect(await limits.reserve("login-id", "0101cs1")).toEqual({ allowed: true });
    const refused = await limits.reserve("login-id", "0101cs1");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(14 * 60_000);
    // Another key, another policy: their own counts.
    expect((await limits.reserve("login-id", "0101cs2")).allowed).toBe(true);
    expect((await limits.reserve("register", "0101cs1")).allowed).toBe(true);
  });

  it("counts a parallel burst exactly: 30 reservations at once, 5 allowed", async () => {
    const limits = createLimits();
    const results = await Promise.all(Array.from({ length: 30 }, () => limits.reserve("login-id", "burst")));
    expect(results.filter((result) => result.allowed)).toHaveLength(points);
  });

  it("an attempt given back can be used again", async () => {
    const limits = createLimits();
    for (let attempt = 0; attempt < points * 3; attempt += 1) {
      expect((await limits.reserve("login-id", "owner")).allowed).toBe(true);
      await limits.giveBack("login-id", "owner");
    }
  });

  it("tells the visitor the minutes left, rounded up", () => {
    expect(limitMessages.login(14 * 60_000 + 1)).toBe(
      "Too many failed login attempts. Please try again in 15 minutes.",
    );
    expect(limitMessages.submit(30_000)).toBe("Too many submissions from your network. Please try again in 1 minute.");
  });

  it("never logs a Redis password", () => {
    expect(redactedRedisUrl("redis://user:s3cret@cache.internal:6379/0")).toBe(
      "redis://user:***@cache.internal:6379/0",
    );
  });
});
