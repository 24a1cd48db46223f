import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertBuilt,
  freeLoopbackPort,
  logEntries,
  logMessages,
  type ProductionServer,
  repoRoot,
  startProductionServer,
} from "../../scripts/lib/server.mjs";
import { joinFormFields, tinyPng } from "../backend/samples";
import { type PostgresCluster, startPostgres } from "../support/postgres";
import { type Nginx, startNginx } from "../support/nginx";
import { type RedisServer, startRedis } from "../support/redis-server";

/**
 * Two replicas of the production server on one PostgreSQL database and one Redis, behind nginx balancing round robin,
 * as a council running several replicas deploys them. What one replica writes the other reads (accounts, sessions,
 * submissions, the inbox's statuses), and a replica killed in the middle of a burst of submissions loses none that it
 * had confirmed and stores none twice, while the other goes on serving.
 */

let redis: RedisServer | undefined;
let cluster: PostgresCluster | undefined;
let database: pg.Pool | undefined;
let databaseUrl = "";
let replicas: ProductionServer[] = [];
let workDir = "";
let nginx: Nginx | undefined;
let balancerUrl = "";

const runFile = promisify(execFile);

/**
 * docs/deploy/nginx-replicas.conf, the configuration docs/deployment.md gives for replicas, as it is: only its addresses and
 * ports are put in, and TLS left out (tls-proxy.system.test.ts runs nginx.conf's TLS). So what a council copies is what runs
 * here: a 2 MB ID card goes through (client_max_body_size), forms on a port other than 443 work ($http_host), and the
 * request id is nginx's.
 */
async function startBalancer(sitePorts: number[]): Promise<void> {
  const listenPort = await freeLoopbackPort(sitePorts);
  balancerUrl = `http://127.0.0.1:${listenPort}`;
  const documented = readFileSync(path.join(repoRoot, "docs", "deploy", "nginx-replicas.conf"), "utf8");
  const upstreamServers = sitePorts.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join("\n");
  const configuration = documented
    .slice(documented.indexOf("upstream council {"))
    .replace(/upstream council \{[^}]*\}/, `upstream council {\n${upstreamServers}\n}`)
    .replace("listen 443 ssl;", `listen 127.0.0.1:${listenPort};`)
    .replace(/^\s*# \.\.\. ssl_certificate.*$/m, "");
  expect(configuration, "the documented file keeps its shape").toContain("proxy_set_header Host $http_host;");
  nginx = await startNginx(workDir, configuration, `${balancerUrl}/healthz`);
}

beforeAll(async () => {
  assertBuilt();
  workDir = mkdtempSync(path.join(tmpdir(), "council-replicas-pg-"));
  redis = await startRedis();
  cluster = await startPostgres();
  databaseUrl = await cluster.createDatabase();
  database = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const env = {
    DATABASE_URL: databaseUrl,
    // Never the checkout's own file, should the URL be ignored.
    DATABASE_PATH: path.join(workDir, "unused.sqlite"),
    REDIS_URL: redis.url,
    TRUST_PROXY: "loopback",
  };
  // Both at once: the schema's migrations run under a lock, whichever replica comes first.
  replicas = await Promise.all([startProductionServer({ env }), startProductionServer({ env })]);
  // Both replicas connected to Redis, so the rate limits are shared from the first request.
  await redis.waitForClients(2);
  await startBalancer(replicas.map((replica) => replica.port));
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(replicas.map((replica) => replica.stop()));
  await database?.end();
  cluster?.destroy();
  await redis?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

/** A made-up client address per request: each submission counts against its own client's rate limit. */
let clients = 0;
function nextClient(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

let applicants = 0;
function application(tag: string) {
  applicants += 1;
  return {
    ...joinFormFields(
      `${tag}.${applicants}.${process.pid}@example.org`,
      `0187${tag.slice(0, 2).toUpperCase()}${String(300000 + applicants)}`,
    ),
    name: `Applicant ${tag} ${applicants}`,
  };
}

function postJoin(baseUrl: string, fields: Record<string, string>, signal?: AbortSignal) {
  return fetch(`${baseUrl}/join`, {
    method: "POST",
    headers: { "X-Forwarded-For": nextClient() },
    body: new URLSearchParams(fields),
    redirect: "manual",
    signal,
  });
}

async function storedApplications(email: string): Promise<number> {
  const result = await database!.query<{ count: string }>(
    "SELECT count(*) AS count FROM applications WHERE email = $1",
    [email],
  );
  return Number(result.rows[0]!.count);
}

const isRedirect = (status: number) => status === 302 || status === 303;

/** Registers an account (multipart, with an ID card) on `baseUrl`; the password is the date of birth as DDMMYYYY. */
async function register(
  baseUrl: string,
  account: { username: string; enrollment: string; email: string },
  options: { idCard?: Buffer<ArrayBuffer>; headers?: Record<string, string> } = {},
) {
  const body = new FormData();
  const fields = {
    ...account,
    college: "TIT",
    branch: "CSE",
    phone: "9876543210",
    dob: "2004-09-05",
    gender: "Female",
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("idCard", new File([options.idCard ?? tinyPng], "id-card.png", { type: "image/png" }));
  body.append("consent", "on");
  const response = await fetch(`${baseUrl}/userProfileRegistration`, {
    method: "POST",
    headers: { "X-Forwarded-For": nextClient(), ...options.headers },
    body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, password: "05092004", requestId: response.headers.get("X-Request-Id") };
}

/**
 * Expects a request to have been answered `expected`, else fails with what the replicas logged of it (messages only),
 * a moment later: a replica writes a request's line once its answer has gone out.
 */
async function expectAnswer(answer: { status: number; requestId: string | null }, expected: number) {
  if (answer.status === expected) return;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const lines = replicas
    .flatMap((replica) => logEntries(replica.output.stdout))
    .filter((entry) => answer.requestId !== null && entry.reqId === answer.requestId)
    .map((entry) => entry.msg);
  expect(answer.status, `the replicas logged: ${lines.join(" | ") || "nothing"}`).toBe(expected);
}
const answerOf = (response: Response) => ({ status: response.status, requestId: response.headers.get("X-Request-Id") });

/** Signs in on `baseUrl` through the login form and returns the session's Cookie header. */
async function logIn(baseUrl: string, collegeId: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { "X-Forwarded-For": nextClient() },
    body: new URLSearchParams({ collegeId, password }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  await expectAnswer(answerOf(response), 302);
  const session = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  expect(session).toBeDefined();
  return session!.split(";")[0]!;
}

/** The `<article id="...">` of one inbox entry in a /council page. */
function entryArticle(html: string, id: string): string {
  const start = html.indexOf(`<article id="${id}"`);
  if (start < 0) return "";
  return html.slice(start, html.indexOf("</article>", start));
}

describe("two replicas on one PostgreSQL database and one Redis, behind nginx", () => {
  it("both say at start that they use PostgreSQL, and are ready through nginx", async () => {
    for (const replica of replicas)
      expect(logMessages(replica.output.stdout)).toMatch(/^Store: PostgreSQL \(127\.0\.0\.1:\d+\/\w+\)\./m);
    // Four probes in round robin: each replica answers at least once.
    for (let probe = 0; probe < 4; probe += 1) {
      const response = await fetch(`${balancerUrl}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("ready\n");
    }
  });

  it("the documented nginx passes a browser's form on a port other than 443 with a 2 MB ID card, under its own request id", async () => {
    // A real PNG's signature followed by 2 MB: what a phone's photo of an ID card weighs.
    const idCard = Buffer.concat([tinyPng, Buffer.alloc(2 * 1024 * 1024, 7)]);
    const answer = await register(
      balancerUrl,
      { username: "Meera Joshi", enrollment: "0187CS229301", email: "meera.joshi@example.org" },
      { idCard, headers: { Origin: balancerUrl, "X-Request-Id": "visitor-chose-this" } },
    );
    expect(answer.status, "the browser's Origin matches what the site sees, with the port").toBe(302);
    expect(answer.requestId).toMatch(/^[0-9a-f]{32}$/);
    const logged = () => replicas.map((replica) => replica.output.stdout).join("\n");
    // The request's line is written once its answer has gone out.
    await expect.poll(logged).toContain(`"reqId":"${answer.requestId}"`);
    expect(logged()).not.toContain("visitor-chose-this");
  });

  it("an account registered on one replica signs in on the other, and the session works on both", async () => {
    const account = { username: "Nandini Rao", enrollment: "0187CS231777", email: "nandini.rao@example.org" };
    const registered = await register(replicas[0]!.url, account);
    expect(registered.status).toBe(302);

    const cookie = await logIn(replicas[1]!.url, account.enrollment, registered.password);
    for (const replica of replicas) {
      const response = await fetch(`${replica.url}/userProfile`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Nandini Rao");
    }
  }, 30_000);

  it("stores every join submission sent to either replica", async () => {
    const sent = Array.from({ length: 10 }, () => application("both"));
    const statuses = await Promise.all(
      sent.map(async (fields, index) => {
        const response = await postJoin(replicas[index % 2]!.url, fields);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.every(isRedirect)).toBe(true);
    const result = await database!.query<{ count: string }>(
      "SELECT count(*) AS count FROM applications WHERE email = ANY($1::text[])",
      [sent.map((fields) => fields.email)],
    );
    expect(Number(result.rows[0]!.count)).toBe(10);
  }, 30_000);

  it("a council member's triage on one replica shows on the other", async () => {
    const member = { username: "Council Secretary", enrollment: "0187CS210042", email: "secretary@example.org" };
    const registered = await register(replicas[1]!.url, member);
    await expectAnswer(registered, 302);
    // The command line, on the same database as the site (it reads DATABASE_URL as the server does).
    const granted = await runFile(
      process.execPath,
      [path.join(repoRoot, "build", "cli", "council.js"), "grant", member.enrollment],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          DATABASE_PATH: path.join(workDir, "unused.sqlite"),
          REDIS_URL: undefined,
        },
      },
    );
    expect(granted.stdout).toContain(member.enrollment);
    const cookie = await logIn(replicas[0]!.url, member.enrollment, "05092004");

    const fields = application("triage");
    const sent = await postJoin(replicas[0]!.url, fields);
    await sent.arrayBuffer();
    await expectAnswer(answerOf(sent), 302);
    const { rows } = await database!.query<{ id: number }>("SELECT id FROM applications WHERE email = $1", [
      fields.email,
    ]);
    const entry = `application-${rows[0]!.id}`;
    const search = `/council?q=${encodeURIComponent(fields.name)}`;

    const before = await fetch(`${replicas[1]!.url}${search}`, { headers: { Cookie: cookie } });
    await expectAnswer(answerOf(before), 200);
    expect(entryArticle(await before.text(), entry)).toContain(">New<");

    const triaged = await fetch(`${replicas[0]!.url}/council`, {
      method: "POST",
      headers: { Cookie: cookie, "X-Forwarded-For": nextClient() },
      body: new URLSearchParams({ entry, action: "accept" }),
      redirect: "manual",
    });
    await triaged.arrayBuffer();
    await expectAnswer(answerOf(triaged), 302);

    const after = await fetch(`${replicas[1]!.url}${search}`, { headers: { Cookie: cookie } });
    await expectAnswer(answerOf(after), 200);
    const article = entryArticle(await after.text(), entry);
    expect(article).toContain(">Accepted<");
    // Its history names who accepted it.
    expect(article).toMatch(new RegExp(`<li>Accepted(<!-- -->)? by <span[^>]*>${member.enrollment}</span>`));
  }, 60_000);

  it("a replica killed mid-burst loses no confirmed submission and stores none twice; the other goes on", async () => {
    const total = 60;
    const inFlight = 4;
    const killAfter = 20;
    const sent = Array.from({ length: total }, () => application("burst"));
    const statuses = new Array<number | string>(total);
    const victim = replicas[1]!;
    let started = 0;
    let killed = false;

    async function worker() {
      for (;;) {
        const index = started;
        if (index >= total) return;
        started += 1;
        if (index === killAfter && !killed) {
          killed = true;
          victim.child.kill("SIGKILL");
        }
        try {
          const response = await postJoin(balancerUrl, sent[index]!, AbortSignal.timeout(30_000));
          await response.arrayBuffer();
          statuses[index] = response.status;
        } catch (error) {
          statuses[index] = error instanceof Error ? error.name : "failed";
        }
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker));
    expect(await victim.exited).toMatchObject({ signal: "SIGKILL" });

    const answered = sent.filter((_, index) => isRedirect(statuses[index] as number));
    // Most of the burst got through (the survivor takes over); only requests cut mid-flight may have failed.
    expect(answered.length, `answers: ${statuses.join(" ")}`).toBeGreaterThanOrEqual(total - 2 * inFlight);
    for (const fields of answered) expect(await storedApplications(fields.email), fields.email).toBe(1);
    const counts = await database!.query<{ email: string; count: string }>(
      "SELECT email, count(*) AS count FROM applications WHERE email = ANY($1::text[]) GROUP BY email",
      [sent.map((fields) => fields.email)],
    );
    for (const row of counts.rows) expect(Number(row.count), row.email).toBe(1);
    // Anything else nginx answered is its own "bad gateway" for a request the dead replica was handling.
    for (const status of statuses)
      if (!isRedirect(status as number)) expect(status, `answers: ${statuses.join(" ")}`).toBe(502);

    const survivor = replicas[0]!;
    const ready = await fetch(`${survivor.url}/readyz`);
    expect(ready.status).toBe(200);
    for (let index = 0; index < 6; index += 1) {
      const fields = application("after");
      const response = await postJoin(balancerUrl, fields);
      await response.arrayBuffer();
      expect(response.status).toBe(302);
      expect(await storedApplications(fields.email)).toBe(1);
    }
  }, 120_000);
});
