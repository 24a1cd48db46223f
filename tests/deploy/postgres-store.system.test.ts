import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, logMessages, type ProductionServer, startProductionServer } from "../../scripts/lib/server.mjs";
import { joinFormFields } from "../backend/samples";
import { type PostgresCluster, startPostgres } from "../support/postgres";

/**
 * The production build on PostgreSQL (DATABASE_URL), as an operator runs it: what it says at start, what a visitor
 * meets while the database is away (forms 503 with what they typed kept, pages still served, /readyz 503), and that
 * the same process serves forms again by itself once the database is back.
 */

let cluster: PostgresCluster;
let server: ProductionServer;
let databaseUrl = "";
let directory = "";

const application = (email: string) =>
  joinFormFields(email, `0187CS${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`);

let client = 0;
function postJoin(fields: Record<string, string>) {
  client += 1;
  return fetch(`${server.url}/join`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.51.100.${client % 250}` },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function storedApplications(email: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ count: number }>(
      "SELECT COUNT(*)::int AS count FROM applications WHERE email = $1",
      [email],
    );
    return rows[0]!.count;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  assertBuilt();
  cluster = await startPostgres();
  databaseUrl = await cluster.createDatabase();
  directory = mkdtempSync(path.join(tmpdir(), "council-pg-server-"));
  server = await startProductionServer({
    env: {
      DATABASE_URL: databaseUrl,
      DATABASE_PATH: path.join(directory, "never.sqlite"),
      TRUST_PROXY: "loopback",
      DATABASE_STATEMENT_TIMEOUT_MS: "3000",
    },
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("the production build on PostgreSQL", () => {
  it("names the store at start, without the password, and creates no SQLite file", async () => {
    expect(logMessages(server.output.stdout)).toMatch(/^Store: PostgreSQL \(127\.0\.0\.1:\d+\/store_\w+\)\.$/m);
    expect(server.output.stdout + server.output.stderr).not.toContain("council@");
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(existsSync(path.join(directory, "never.sqlite"))).toBe(false);
  });

  it("stores a join application in PostgreSQL", async () => {
    const response = await postJoin(application("first@example.org"));
    expect(response.status).toBe(302);
    expect(await storedApplications("first@example.org")).toBe(1);
  });

  it("while PostgreSQL is away: forms answer 503 with the entries kept, pages and /healthz answer, /readyz says 503; then it recovers by itself", async () => {
    cluster.stop();
    try {
      const refused = await postJoin(application("while-down@example.org"));
      expect(refused.status).toBe(503);
      const page = await refused.text();
      expect(page).toContain("Failed to submit. Try again.");
      expect(page).toContain("while-down@example.org");
      expect(page).toContain("I want to help organise the hackathon and mentor juniors.");

      for (const publicPage of ["/", "/clubs", "/join", "/healthz"]) {
        expect((await fetch(`${server.url}${publicPage}`)).status, publicPage).toBe(200);
      }
      // Each process keeps its readiness answer two seconds: the 200 from before may still be given until then.
      await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 }).toBe(503);
      const readiness = await fetch(`${server.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(readiness.headers.get("cache-control")).toBe("no-store");
      expect(await readiness.text()).toBe("not ready: store\n");
    } finally {
      cluster.start();
    }

    // The same process, no restart: forms are stored again once the database answers.
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await postJoin(application("after-return@example.org"))).status;
      if (status === 302) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(302);
    expect(await storedApplications("after-return@example.org")).toBe(1);
    expect(await storedApplications("while-down@example.org")).toBe(0);
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
    expect(logMessages(server.output.stdout)).toMatch(/Built-in store: could not save a council application \(/);
    expect(server.output.stdout + server.output.stderr).not.toContain("while-down@example.org");
  }, 90_000);
});

describe("starting with a DATABASE_URL that cannot work", () => {
  it("stops with one line naming the problem, never the password", async () => {
    const start = startProductionServer({
      inheritEnv: false,
      env: { DATABASE_URL: "postgres://council:hunter2-secret@db.internal:5432", SESSION_SECRET: "x".repeat(40) },
      startTimeoutMs: 15_000,
    });
    const error = await start.then(
      () => new Error("the server started"),
      (refusal: Error) => refusal,
    );
    expect(error.message).toMatch(/exited before answering[\s\S]*DATABASE_URL must name a database/);
    expect(error.message).not.toContain("hunter2-secret");
    expect(error.message).not.toMatch(/\n\s+at /);
  }, 30_000);
});

describe("starting on a damaged SQLite file", () => {
  it("stops with one line naming DATABASE_PATH and what to do, not a stack trace", async () => {
    const databasePath = path.join(directory, "damaged.sqlite");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(databasePath, Buffer.alloc(32 * 1024, "garbage "));
    const error = await startProductionServer({
      inheritEnv: false,
      env: { DATABASE_PATH: databasePath, SESSION_SECRET: "x".repeat(40) },
      startTimeoutMs: 15_000,
    }).then(
      () => new Error("the server started"),
      (refusal: Error) => refusal,
    );
    expect(error.message).toContain(`Store: the SQLite database at DATABASE_PATH=${databasePath} is damaged`);
    expect(error.message).toContain("npm run council -- restore FILE");
    expect(error.message).not.toMatch(/\n\s+at /);
  }, 30_000);
});
