import { fillText } from "~/i18n/text";
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { waitIn } from "~/forms/texts";
import { en } from "~/i18n/catalogue/en";
import { env } from "../ops/env.server";
import { log } from "../ops/log.server";

/** The allowance of each of the join, suggestion and ideas forms. */
const submissionsPerForm = { points: 30, durationSeconds: 10 * 60 };

/**
 * Rate limits on every POST but logout (docs/decisions/0006). Each policy allows `points` attempts per
 * `durationSeconds` for one key (a client address, an account, a link's token, a College ID, a trusted device).
 * Callers reserve an attempt *before* the slow work (reading an upload, checking a password) and give it back when it
 * turned out not to count (a correct password), so a parallel burst can never slip more attempts through than the
 * limit: the counter is raised atomically first (in this process, or in Redis with one Lua script), then the work
 * runs. The one exception, a link page's failures, is counted after its cheap check (link-limits.server.ts says why).
 */
export const limitPolicies = {
  /** Wrong passwords for one College ID from browsers that never signed in to it, however many clients send them. */
  "login-id": { points: 5, durationSeconds: 15 * 60 },
  /** Wrong passwords from a browser that signed in to that College ID before (its device cookie). */
  "login-device": { points: 5, durationSeconds: 15 * 60 },
  /** Failed logins from one client address, across College IDs. */
  "login-client": { points: 20, durationSeconds: 15 * 60 },
  /** Account registrations (each up to 5 MB with its ID card) from one client address. */
  register: { points: 10, durationSeconds: 10 * 60 },
  /**
   * Join, suggestion and ideas submissions from one client address, each form with its own count: a class sending
   * ideas together does not close the join form for its hostel's shared address.
   */
  join: submissionsPerForm,
  suggestion: submissionsPerForm,
  ideas: submissionsPerForm,
  /**
   * The team form: adding and removing members without scripts is a POST each. Per client address for the
   * registration (anyone may send it); per account for a signed-in leader's "Add a member", so a neighbour's
   * registrations never use up the leader's allowance.
   */
  team: { points: 80, durationSeconds: 10 * 60 },
  /** Deleting an account, per signed-in account (logging out is never limited: it only ever ends a session). */
  account: { points: 30, durationSeconds: 10 * 60 },
  /**
   * Presses of one e-mailed link's button (its token), whoever sends them. Its owner presses it once or twice, so
   * this only slows one link pressed over and over; no other token's presses ever count against it.
   */
  "link-token": { points: 10, durationSeconds: 10 * 60 },
  /**
   * Link presses from one client address whose token turned out unknown, expired or used (link-limits.server.ts):
   * only failures count, so a neighbour's garbage behind the same address never blocks a valid link.
   */
  "link-failures": { points: 30, durationSeconds: 10 * 60 },
  /**
   * "Send the link again" for one account: a student's inbox must not be flooded from their profile. Per account
   * only: no client address's budget stands between a student and their own link.
   */
  "verification-link": { points: 3, durationSeconds: 60 * 60 },
  /**
   * "Tell my team's members" on the profile, per account: what the receipt's link allows one token (`link-token`).
   * Its e-mails count against the caps as well; a leader presses it once.
   */
  "tell-members": { points: 10, durationSeconds: 10 * 60 },
  /** Council members handling entries in the inbox. */
  council: { points: 300, durationSeconds: 10 * 60 },
} as const satisfies Record<string, { points: number; durationSeconds: number }>;

export type LimitName = keyof typeof limitPolicies;

export type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number };

interface Limits {
  /** Where the counters live, for the start-up log line. */
  readonly description: string;
  /** Counts one attempt for `key` under `name`, or says when the next one is allowed. */
  reserve(name: LimitName, key: string): Promise<Reservation>;
  /** Gives a reserved attempt back: it turned out not to count (a correct password, a backend that was down). */
  giveBack(name: LimitName, key: string): Promise<void>;
  /** Forgets every counter (tests). */
  reset(): Promise<void>;
  /** Resolves when the counters' store answers (Redis, when configured), for the readiness probe. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Keys are stored hashed: Redis (or a memory dump) never holds College IDs or addresses in clear. */
function storedKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

/**
 * In memory (one process), or in Redis when a client is given (every replica shares one count). With Redis, a
 * memory limiter stands in while Redis is unreachable (rate-limiter-flexible's insurance limiter), so an outage
 * slows nothing down and still limits each process.
 */
export function createLimits({ redis, prefix = "council" }: { redis?: Redis; prefix?: string } = {}): Limits {
  function limiterFor(name: LimitName): RateLimiterAbstract {
    const policy = limitPolicies[name];
    const options = { points: policy.points, duration: policy.durationSeconds, keyPrefix: `${prefix}:${name}` };
    if (!redis) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: redis,
      // A Redis that is not connected answers at once from memory instead of queueing the visitor.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }
  const names = Object.keys(limitPolicies) as LimitName[];
  const limiters = new Map(names.map((name) => [name, limiterFor(name)]));
  const limiter = (name: LimitName) => limiters.get(name)!;

  return {
    description: redis ? "shared in Redis" : "in this process's memory",

    async reserve(name, key) {
      try {
        await limiter(name).consume(storedKey(key));
        return { allowed: true };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes)
          return { allowed: false, retryAfterMs: Math.max(1000, refusal.msBeforeNext) };
        // Only reachable if the store failed and no insurance answered: never lock visitors out for our fault.
        log.error(
          `Rate limit ${name}: the counter store failed (${refusal instanceof Error ? refusal.message : "unknown error"})`,
        );
        return { allowed: true };
      }
    },

    async giveBack(name, key) {
      try {
        await limiter(name).reward(storedKey(key));
      } catch (error) {
        log.error(
          `Rate limit ${name}: could not give an attempt back (${error instanceof Error ? error.message : "unknown error"})`,
        );
      }
    },

    async reset() {
      if (redis) {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
      }
      // Memory limiters (and Redis's insurance) have no "delete all": new ones start empty.
      for (const name of names) limiters.set(name, limiterFor(name));
    },

    async check() {
      // While Redis is disconnected the client refuses commands at once (see connectRedis): no waiting here.
      if (redis) await redis.ping();
    },

    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * A Redis client that never makes a visitor wait for Redis: commands fail at once while it is disconnected (the
 * memory insurance answers) and time out after a second; it reconnects in the background.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  let down = false;
  const where = redactedRedisUrl(url);
  const wentDown = (cause: string) => {
    if (down) return;
    down = true;
    log.error(`Rate limits: Redis at ${where} is unreachable (${cause}); counting in memory until it is back.`);
  };
  redis.on("error", (error: Error) => wentDown(error.message));
  // "end" is our own quit at shutdown, not an outage.
  redis.on("close", () => redis.status !== "end" && wentDown("connection closed"));
  redis.on("ready", () => {
    if (down) log.info(`Rate limits: Redis at ${where} is back.`);
    down = false;
  });
  return redis;
}

/** The URL without its password, for logs. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/** What the visitor reads when refused: the real time left, rounded up to whole minutes (English). */
export function waitMinutes(retryAfterMs: number): string {
  return waitIn(en.forms, retryAfterMs);
}

/** The refusals in English; a form's action says them in its page's language (the catalogue's forms area). */
export const limitMessages = {
  login: (retryAfterMs: number) => fillText(en.forms.login.tooMany, { wait: waitMinutes(retryAfterMs) }),
  submit: (retryAfterMs: number) => fillText(en.forms.submission.tooMany, { wait: waitMinutes(retryAfterMs) }),
  verificationLink: (retryAfterMs: number) =>
    fillText(en.forms.verifyEmail.tooManyLinks, { wait: waitMinutes(retryAfterMs) }),
};

/** The Retry-After header value (whole seconds, at least 1). */
export function retryAfterSeconds(retryAfterMs: number): string {
  return String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** The server's limits: in Redis when REDIS_URL is set (one count for every replica), else in memory. */
export const limits = createLimits(env.REDIS_URL ? { redis: connectRedis(env.REDIS_URL) } : {});

log.info(
  env.REDIS_URL
    ? `Rate limits: shared in Redis at ${redactedRedisUrl(env.REDIS_URL)}.`
    : "Rate limits: in this process's memory (set REDIS_URL to share them between replicas).",
);
