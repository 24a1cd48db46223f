import { describe, expect, it } from "vitest";
import { createLoginRateLimiter, tooManyLoginAttemptsMessage } from "~/server/rate-limit.server";

const minute = 60_000;

/** A limiter on a clock the test moves by hand. */
function limiterAt(start = 0, options: { maxKeys?: number } = {}) {
  let time = start;
  const limiter = createLoginRateLimiter({ now: () => time, ...options });
  return {
    limiter,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe("login rate limit", () => {
  it("allows five failures for a College ID, then refuses for 15 minutes", () => {
    const { limiter } = limiterAt();
    const attempt = { collegeId: "0101CS221001", client: "a" };
    for (let failure = 0; failure < 5; failure += 1) {
      expect(limiter.check(attempt)).toEqual({ allowed: true });
      limiter.recordFailure(attempt);
    }
    expect(limiter.check(attempt)).toEqual({ allowed: false, retryAfterMs: 15 * minute });
  });

  it("counts a College ID the same whatever its spaces and capitals", () => {
    const { limiter } = limiterAt();
    for (let client = 0; client < 5; client += 1) limiter.recordFailure({ collegeId: " 0101cs221001", client: `c${client}` });
    expect(limiter.check({ collegeId: "0101CS221001 ", client: "fresh" }).allowed).toBe(false);
    expect(limiter.check({ collegeId: "0101CS221002", client: "fresh" }).allowed).toBe(true);
  });

  it("counts failures per client address across College IDs", () => {
    const { limiter } = limiterAt();
    for (let id = 0; id < 5; id += 1) limiter.recordFailure({ collegeId: `ID${id}`, client: "203.0.113.7" });
    expect(limiter.check({ collegeId: "ID9", client: "203.0.113.7" }).allowed).toBe(false);
    expect(limiter.check({ collegeId: "ID9", client: "203.0.113.8" }).allowed).toBe(true);
  });

  it("an unknown client address is no shared bucket: the College ID limit still applies", () => {
    const { limiter } = limiterAt();
    for (let id = 0; id < 5; id += 1) limiter.recordFailure({ collegeId: `ID${id}` });
    expect(limiter.check({ collegeId: "ID9" }).allowed).toBe(true);
    for (let failure = 0; failure < 4; failure += 1) limiter.recordFailure({ collegeId: "ID0" });
    expect(limiter.check({ collegeId: "ID0" }).allowed).toBe(false);
  });

  it("forgets failures older than 15 minutes (a sliding window)", () => {
    const { limiter, advance } = limiterAt();
    const attempt = { collegeId: "X", client: "a" };
    limiter.recordFailure(attempt);
    advance(5 * minute);
    for (let failure = 0; failure < 4; failure += 1) limiter.recordFailure(attempt);

    advance(9 * minute);
    expect(limiter.check(attempt)).toEqual({ allowed: false, retryAfterMs: 1 * minute });
    advance(1 * minute);
    // The first failure is now 15 minutes old: one more try, and the other four still count.
    expect(limiter.check(attempt)).toEqual({ allowed: true });
    limiter.recordFailure(attempt);
    expect(limiter.check(attempt)).toEqual({ allowed: false, retryAfterMs: 5 * minute });
  });

  it("a success clears the College ID's failures but not the client's", () => {
    const { limiter } = limiterAt();
    for (let failure = 0; failure < 5; failure += 1) limiter.recordFailure({ collegeId: "X", client: "a" });
    limiter.recordSuccess({ collegeId: "x", client: "a" });
    expect(limiter.check({ collegeId: "X", client: "b" }).allowed).toBe(true);
    expect(limiter.check({ collegeId: "Y", client: "a" }).allowed).toBe(false);
  });

  it("keeps memory bounded: expired entries are swept and the key count is capped", () => {
    const { limiter, advance } = limiterAt(0, { maxKeys: 100 });
    for (let id = 0; id < 1000; id += 1) limiter.recordFailure({ collegeId: `ID${id}`, client: `client-${id}` });
    expect(limiter.size()).toBeLessThanOrEqual(100);
    // The most recent failures are the ones kept.
    for (let failure = 0; failure < 4; failure += 1) limiter.recordFailure({ collegeId: "ID999", client: "z" });
    expect(limiter.check({ collegeId: "ID999", client: "new" }).allowed).toBe(false);

    advance(16 * minute);
    limiter.recordFailure({ collegeId: "late", client: "late" });
    expect(limiter.size()).toBe(2);
  });

  it("tells the visitor the real minutes left, rounded up", () => {
    expect(tooManyLoginAttemptsMessage(15 * minute)).toBe("Too many failed login attempts. Please try again in 15 minutes.");
    expect(tooManyLoginAttemptsMessage(4 * minute + 1)).toBe("Too many failed login attempts. Please try again in 5 minutes.");
    expect(tooManyLoginAttemptsMessage(20_000)).toBe("Too many failed login attempts. Please try again in 1 minute.");
  });
});
