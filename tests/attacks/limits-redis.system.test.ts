import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pressLink } from "~/server/requests/link-limits.server";
import { connectRedis, createLimits, limitPolicies } from "~/server/requests/limits.server";
import { type RedisServer, startRedis } from "../support/redis-server";

/**
 * The link limits' counting (tests/attacks/limits.test.ts) again in a real Redis shared by two replicas: a hostel's
 * garbage through both counts once.
 */

/** The one address the whole hostel shares. */
const hostel = { "X-Client-Address": "203.0.113.50" };
const failures = limitPolicies["link-failures"].points;

/** A made-up token, shaped like a real one (256 random bits). */
const garbage = () => randomBytes(32).toString("base64url");

describe("the link limits' counting in Redis, shared by two replicas", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    await redis?.stop();
  });

  const unknown = (outcome: string) => outcome === "unknown";

  async function replica() {
    const client = connectRedis(redis.url);
    await once(client, "ready");
    return createLimits({ redis: client, prefix: "links" });
  }

  it("a parallel burst of garbage through both: exactly the allowance answered, every valid token through", async () => {
    const replicas = [await replica(), await replica()];
    try {
      const request = new Request("http://localhost/verify-email", { method: "POST", headers: hostel });
      const presses = Array.from({ length: 90 }, (_, index) => {
        const valid = index % 15 === 7;
        return pressLink(
          request,
          valid ? `valid-${index}` : garbage(),
          // The check itself takes a moment, as a database's would: the burst overlaps it.
          async () => {
            await new Promise((resolve) => setTimeout(resolve, 5));
            return valid ? "confirmed" : "unknown";
          },
          unknown,
          replicas[index % 2],
        );
      });
      const results = await Promise.all(presses);
      const valid = results.filter((_, index) => index % 15 === 7);
      const junk = results.filter((_, index) => index % 15 !== 7);
      expect(valid.every((result) => result.ok && result.outcome === "confirmed")).toBe(true);
      expect(junk.filter((result) => result.ok)).toHaveLength(failures);
      expect(junk.filter((result) => !result.ok).every((result) => !result.ok && result.why === "failures")).toBe(true);
      // After the burst a valid token still goes through, and garbage is still refused.
      const after = await pressLink(request, "valid-after", () => Promise.resolve("confirmed"), unknown, replicas[0]);
      expect(after).toEqual({ ok: true, outcome: "confirmed" });
      const more = await pressLink(request, garbage(), () => Promise.resolve("unknown"), unknown, replicas[1]);
      expect(more.ok).toBe(false);
    } finally {
      await Promise.all(replicas.map((limits) => limits.close()));
    }
  });
});
