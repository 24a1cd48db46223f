import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, type ProductionServer, startProductionServer } from "../../scripts/lib/server.mjs";
import { forms } from "../fuzz/hostile-forms";
import { type RedisServer, startRedis } from "../support/redis-server";

/**
 * What a Redis outage means (docs/deployment.md, "Probes"): the rate limits count in each replica's memory, forms still save, and
 * /readyz stays 200 and says so, so the load balancer does not take every replica out over it. Needs `npm run build`.
 */

let dataDir = "";
let redis: RedisServer;
let server: ProductionServer;

beforeAll(async () => {
  assertBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "council-redis-outage-"));
  redis = await startRedis();
  server = await startProductionServer({
    env: { DATABASE_PATH: path.join(dataDir, "council.sqlite"), REDIS_URL: redis.url, METRICS_TOKEN: undefined },
  });
  await redis.waitForClients(1);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await redis?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function readiness() {
  const response = await fetch(`${server.url}/readyz`);
  return { status: response.status, text: await response.text() };
}

describe("a Redis outage", () => {
  it("keeps the replica ready, says the limits are per replica meanwhile, and forms still save", async () => {
    expect(await readiness()).toEqual({ status: 200, text: "ready\n" });
    await redis.stop();
    // The probe keeps its answer two seconds.
    const deadline = Date.now() + 10_000;
    let answer = await readiness();
    while (answer.text === "ready\n" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await readiness();
    }
    expect(answer).toEqual({
      status: 200,
      text: "ready (redis unreachable: rate limits counted in this replica's memory)\n",
    });

    const suggestion = Object.fromEntries(forms.suggestion!.valid) as Record<string, string>;
    const saved = await fetch(`${server.url}/suggestion`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(suggestion),
      redirect: "manual",
    });
    expect(saved.status).toBeLessThan(400);
  }, 30_000);
});
