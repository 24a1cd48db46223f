import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBuiltInStore } from "~/server/backend/built-in/store.server";
import { assertBuilt, logMessages, type ProductionServer, startProductionServer } from "../../scripts/lib/server.mjs";
import { sampleAccount, sampleStudent, studentPassword } from "../backend/samples";
import { type RedisServer, startRedis } from "../support/redis-server";

/**
 * Two replicas of the production server behind one load balancer: one Redis (REDIS_URL) and one database. The
 * login limit must hold across them: wrong passwords sent alternately to each are refused from the 6th on.
 */
let redis: RedisServer;
let replicas: ProductionServer[] = [];
let dataDir = "";

beforeAll(async () => {
  assertBuilt();
  redis = await startRedis();
  dataDir = mkdtempSync(path.join(tmpdir(), "council-replicas-"));
  const databasePath = path.join(dataDir, "council.sqlite");
  const store = openBuiltInStore(databasePath);
  expect(await store.registerAccount(sampleAccount)).toEqual({ ok: true });
  await store.close();

  const env = { REDIS_URL: redis.url, DATABASE_PATH: databasePath, TRUST_PROXY: "loopback" };
  replicas = await Promise.all([startProductionServer({ env }), startProductionServer({ env })]);
  // Both replicas connected to Redis (until then each would answer from its own memory).
  await redis.waitForClients(2);
}, 90_000);

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await redis?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function logIn(replica: ProductionServer, password: string, client: string) {
  return fetch(`${replica.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
    body: new URLSearchParams({ collegeId: sampleStudent.enrollment, password }),
    redirect: "manual",
  });
}

describe("two replicas sharing one Redis and one database", () => {
  it("say which store holds their limits at start", () => {
    for (const replica of replicas)
      expect(logMessages(replica.output.stdout)).toMatch(
        /^Rate limits: shared in Redis at redis:\/\/127\.0\.0\.1:\d+/m,
      );
  });

  it("enforce one login limit: wrong passwords alternating between them are refused from the 6th", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await logIn(replicas[attempt % 2]!, "01011999", `198.51.100.${attempt + 1}`);
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

    // Even the right password is not checked any more for this College ID, on either replica.
    const right = await logIn(replicas[1]!, studentPassword, "192.0.2.50");
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many failed login attempts. Please try again in 15 minutes.");
  });
});
