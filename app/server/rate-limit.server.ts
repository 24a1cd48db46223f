/**
 * Failed-login limits. The password is a date of birth (section 9), a few thousand guesses at most, so after
 * `maxFailures` failed logins within `windowMs` — for one College ID, or from one client address — further
 * attempts are refused without asking the backend, until the oldest of those failures is older than the window.
 *
 * In memory, per server process: enough for the site's single process, and nothing to configure. Memory stays
 * bounded: each key keeps at most `maxFailures` timestamps, expired keys are swept, and past `maxKeys` the
 * oldest keys are dropped.
 */

export interface LoginAttempt {
  collegeId: string;
  /**
   * clientAddress(request), or undefined when the address is not known: one bucket shared by every visitor would
   * let five wrong passwords lock everyone out.
   */
  client?: string;
}

export type LoginAllowance = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface LoginRateLimiterOptions {
  maxFailures?: number;
  windowMs?: number;
  maxKeys?: number;
  /** The clock, injectable so tests can move time forward. */
  now?: () => number;
}

export interface LoginRateLimiter {
  check(attempt: LoginAttempt): LoginAllowance;
  /** Only a backend's "rejected" answer is a failure: an unavailable backend says nothing about the password. */
  recordFailure(attempt: LoginAttempt): void;
  /** A correct password clears that College ID's failures (not the client's: one good account must not reset them). */
  recordSuccess(attempt: LoginAttempt): void;
  /** How many keys are held, for the memory-bound tests. */
  size(): number;
  reset(): void;
}

export const loginLimits = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

/** The same College ID typed with other spaces or capitals is the same account. */
export function normaliseCollegeId(collegeId: string): string {
  return collegeId.trim().toLowerCase();
}

export function createLoginRateLimiter({
  maxFailures = loginLimits.maxFailures,
  windowMs = loginLimits.windowMs,
  maxKeys = 10_000,
  now = () => Date.now(),
}: LoginRateLimiterOptions = {}): LoginRateLimiter {
  /** key → failure timestamps, oldest first. Map order is insertion order, which the overflow eviction uses. */
  const failures = new Map<string, number[]>();
  let lastSweep = now();

  const keysOf = ({ collegeId, client }: LoginAttempt) =>
    client === undefined ? [`id:${normaliseCollegeId(collegeId)}`] : [`id:${normaliseCollegeId(collegeId)}`, `client:${client}`];

  function recent(key: string, at: number): number[] {
    const stamps = failures.get(key);
    if (!stamps) return [];
    const kept = stamps.filter((stamp) => at - stamp < windowMs);
    if (kept.length === 0) failures.delete(key);
    else if (kept.length !== stamps.length) failures.set(key, kept);
    return kept;
  }

  function sweep(at: number) {
    for (const key of [...failures.keys()]) recent(key, at);
    lastSweep = at;
  }

  return {
    check(attempt) {
      const at = now();
      let retryAfterMs = 0;
      for (const key of keysOf(attempt)) {
        const stamps = recent(key, at);
        if (stamps.length >= maxFailures) {
          // Free again when enough of the window's failures have expired to drop below the limit.
          const freedAt = stamps[stamps.length - maxFailures]! + windowMs;
          retryAfterMs = Math.max(retryAfterMs, freedAt - at);
        }
      }
      return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
    },

    recordFailure(attempt) {
      const at = now();
      if (at - lastSweep >= windowMs) sweep(at);
      for (const key of keysOf(attempt)) {
        const stamps = [...recent(key, at), at].slice(-maxFailures);
        failures.delete(key); // re-inserted last: the most recently failing keys are the last to be evicted
        failures.set(key, stamps);
      }
      if (failures.size > maxKeys) sweep(at);
      for (const key of failures.keys()) {
        if (failures.size <= maxKeys) break;
        failures.delete(key);
      }
    },

    recordSuccess(attempt) {
      failures.delete(keysOf(attempt)[0]!);
    },

    size: () => failures.size,
    reset: () => failures.clear(),
  };
}

/** What the visitor reads when refused, with the real time left, rounded up to whole minutes. */
export function tooManyLoginAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed login attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** The login route's limiter. */
export const loginRateLimiter = createLoginRateLimiter();
