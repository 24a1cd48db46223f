import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pressLink } from "~/server/requests/link-limits.server";
import { connectRedis, createLimits, limitPolicies } from "~/server/requests/limits.server";
import { log } from "~/server/ops/log.server";
import { type RedisServer, startRedis } from "./support/redis-server";

/**
 * The rate limits shared by replicas through a real redis-server (in memory: tests/limits.test.ts), and the link
 * limits' counting (tests/attacks/limits.test.ts) again in it: a hostel's garbage through two replicas counts once.
 */
const { points } = limitPolicies["login-id"];

/** The one address the whole hostel shares. */
const hostel = { "X-Client-Address": "203.0.113.50" };
const failures = limitPolicies["link-failures"].points;

/** A made-up token, shaped like a real one (256 random bits). */
const garbage = () => randomBytes(32).toString("base64url");

/** A connected client: until it is, the limiter answers from memory (it never makes a visitor wait for Redis). */
async function connected(url: string) {
  const client = connectRedis(url);
  await once(client, "ready");
  return client;
}

describe("rate limits shared in Redis (a real redis-server)", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it("two replicas (two clients of one Redis) enforce one limit, even in parallel bursts", async () => {
    const first = createLimits({ redis: await connected(redis.url), prefix: "replicas" });
    const second = createLimits({ redis: await connected(redis.url), prefix: "replicas" });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? first : second).reserve("login-id", "0101cs221001"),
        ),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(points);
      const refused = results.find((result) => !result.allowed);
      expect(refused && !refused.allowed && refused.retryAfterMs).toBeGreaterThan(14 * 60_000);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("keys are stored hashed: Redis never holds a College ID or an address", async () => {
    const client = await connected(redis.url);
    const limits = createLimits({ redis: client, prefix: "privacy" });
    try {
      await limits.reserve("login-id", "0101cs221001");
      await limits.reserve("suggestion", "203.0.113.7");
      const keys = await client.keys("privacy:*");
      expect(keys).toHaveLength(2);
      expect(keys.join(" ")).not.toMatch(/0101cs221001|203\.0\.113\.7/);
    } finally {
      await limits.close();
    }
  });

  it("when Redis goes down, answers at once from memory (still limiting) and shares again once it is back", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const logs = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const own = await startRedis();
    const limits = createLimits({ redis: await connected(own.url), prefix: "outage" });
    try {
      expect((await limits.reserve("login-id", "x")).allowed).toBe(true);
      await own.stop();
      await new Promise((resolve) => setTimeout(resolve, 200));

      const started = performance.now();
      const during = [];
      for (let attempt = 0; attempt < points + 2; attempt += 1) during.push(await limits.reserve("login-id", "y"));
      // Had each attempt waited for Redis's one-second command timeout, they would take 7 s together.
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(during.filter((result) => result.allowed)).toHaveLength(points);
      expect(
        errors.mock.calls.some(([line]) => /Redis at redis:\/\/127\.0\.0\.1:\d+\/? is unreachable/.test(String(line))),
      ).toBe(true);

      const back = await startRedis(own.port);
      try {
        const deadline = Date.now() + 10_000;
        while (!logs.mock.calls.some(([line]) => /is back/.test(String(line))) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect((await limits.reserve("login-id", "z")).allowed).toBe(true);
        const stored = await connected(back.url);
        expect((await stored.keys("outage:*")).length).toBeGreaterThan(0);
        await stored.quit();
      } finally {
        await back.stop();
      }
    } finally {
      await limits.close();
      errors.mockRestore();
      logs.mockRestore();
    }
  }, 30_000);

  const unknown = (outcome: string) => outcome === "unknown";

  const replica = async () => createLimits({ redis: await connected(redis.url), prefix: "links" });

  it("link limits: a parallel burst of garbage through two replicas: exactly the allowance answered, every valid token through", async () => {
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
