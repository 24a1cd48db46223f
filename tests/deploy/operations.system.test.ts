import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { METHODS, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "@playwright/test";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumFlags, testChromiumPath } from "../../scripts/lib/chromium.mjs";
import {
  assertBuilt,
  logEntries,
  type ProductionServer,
  repoRoot,
  startProductionServer,
} from "../../scripts/lib/server.mjs";
import { forms } from "../fuzz/hostile-forms";
import { logInOnTheWire, registerOnTheWire } from "../support/production-server";

/**
 * What whoever runs the site sees of it: the log (JSON lines with request ids, never a visitor's details), the
 * X-Request-Id header, /metrics behind its token, and the reference an error page gives the visitor to quote.
 * Needs `npm run build`.
 */

const metricsToken = "metrics-token-for-the-operations-test-0123456789";
let dataDir = "";
let server: ProductionServer;

beforeAll(async () => {
  assertBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "council-operations-"));
  server = await startProductionServer({
    env: {
      DATABASE_PATH: path.join(dataDir, "council.sqlite"),
      METRICS_TOKEN: metricsToken,
      TRUST_PROXY: undefined,
      LOG_LEVEL: undefined,
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

function urlEncoded(fields: Record<string, string>, extra: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...extra },
    body: new URLSearchParams(fields),
    redirect: "manual",
  };
}

async function scrape(token = metricsToken): Promise<Response> {
  return fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
}

describe("the log", () => {
  it("holds none of a visitor's details after forms full of them, nor cookies or credentials", async () => {
    const personal = {
      name: "Zephyrine Quillfeather",
      email: "zephyrine.quill@example.org",
      phone: "9123987654",
      dob: "2003-07-14",
      enrollment: "0187CS239876",
      password: "14072003",
    };
    const before = server.output.stdout.length;

    // An application, stored.
    const join = Object.fromEntries(forms.join!.valid) as Record<string, string>;
    const joined = await fetch(`${server.url}/join`, urlEncoded({ ...join, ...personal, name: personal.name }));
    expect(joined.status).toBe(302);
    // The same details refused (a phone starting with 5), so the refusal path is read too.
    expect((await fetch(`${server.url}/join`, urlEncoded({ ...join, ...personal, phone: "5123987654" }))).status).toBe(
      400,
    );

    // An account: registered, signed in with the password made from the date of birth, then a wrong password.
    await registerOnTheWire(server.url, {
      username: personal.name,
      email: personal.email,
      enrollment: personal.enrollment,
      phone: personal.phone,
      dob: personal.dob,
    });
    const session = await logInOnTheWire(server.url, personal.enrollment, personal.password);
    expect(
      (await fetch(`${server.url}/login`, urlEncoded({ collegeId: personal.enrollment, password: "31129999" }))).status,
    ).toBe(401);

    // A signed-in page, with the cookie and a bearer credential, and a search holding a name.
    const profile = await fetch(`${server.url}/userProfile?name=${encodeURIComponent(personal.name)}`, {
      headers: { Cookie: session, Authorization: "Bearer secret-credential-0123456789" },
    });
    expect(profile.status).toBe(200);
    await profile.arrayBuffer();
    await settle();

    const log = server.output.stdout.slice(before) + server.output.stderr;
    const secrets = [
      ...Object.values(personal),
      "Zephyrine",
      "Quillfeather",
      "14/07/2003",
      session.split("=")[1]!,
      "secret-credential",
    ];
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
    // The lines are there, each with its request's id: the absence above is not an empty log.
    const lines = logEntries(server.output.stdout.slice(before));
    expect(lines.filter((line) => line.method === "POST")).toHaveLength(5);
    expect(lines.find((line) => line.path === "/userProfile")).toMatchObject({
      reqId: profile.headers.get("X-Request-Id"),
      method: "GET",
      route: "/userProfile",
      status: 200,
    });
  }, 30_000);

  it("gives every response an X-Request-Id, a new one when an untrusted client offers its own", async () => {
    const first = await fetch(`${server.url}/`, { headers: { "X-Request-Id": "from-the-client" } });
    const second = await fetch(`${server.url}/`);
    const ids = [first.headers.get("X-Request-Id"), second.headers.get("X-Request-Id")];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe("/metrics", () => {
  it("answers 401 without the token or with a wrong one, and is never cached", async () => {
    const without = await fetch(`${server.url}/metrics`);
    expect(without.status).toBe(401);
    expect(await without.text()).not.toContain("http_request_duration_seconds");
    const wrong = await scrape(`${metricsToken}x`);
    expect(wrong.status).toBe(401);
    const right = await scrape();
    expect(right.status).toBe(200);
    expect(right.headers.get("Cache-Control")).toBe("no-store");
    expect(right.headers.get("X-Page-Cache")).toBeNull();
    expect(right.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(right.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("counts a method the site does not answer as 'other': made-up methods add no series", async () => {
    // Every method Node parses but CONNECT (which never reaches the site), as a hostile client would send them.
    const { hostname, port } = new URL(server.url);
    const send = (method: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = httpRequest({ hostname, port, method, path: "/club/coding" }, (response) => {
          response.resume();
          response.once("end", () => resolve(response.statusCode ?? 0));
        });
        sent.once("error", reject);
        sent.end();
      });
    const before = (await (await scrape()).text()).length;
    for (let round = 0; round < 3; round += 1) {
      for (const method of METHODS.filter((name) => name !== "CONNECT")) await send(method);
    }
    expect(await send("PROPFIND")).toBe(405);
    await settle();
    const text = await (await scrape()).text();
    const methods = new Set(
      [...text.matchAll(/^http_request_duration_seconds_count\{method="([^"]+)"/gm)].map((m) => m[1]),
    );
    expect([...methods].sort()).toEqual(
      ["GET", "HEAD", "OPTIONS", "POST", "other"].filter((name) => methods.has(name)),
    );
    expect(methods).toContain("other");
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="other",route="\/club\/:clubName",status_class="4xx"\} \d+$/m,
    );
    // Three rounds of 33 methods grew the metrics by a few series, not by one per method.
    expect(text.length - before).toBeLessThan(20_000);
  });

  it("logs a refused token at warn, without the token; a scrape with the right one only at debug", async () => {
    const before = server.output.stdout.length;
    expect((await scrape("guessed-token-0123456789")).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await scrape()).status).toBe(200);
    await settle();
    const output = server.output.stdout.slice(before);
    expect(output).not.toContain("guessed-token");
    expect(output).not.toContain(metricsToken);
    const lines = logEntries(output).filter((line) => line.path === "/metrics");
    expect(lines.map((line) => [line.level, line.status])).toEqual([
      ["warn", 401],
      ["warn", 401],
    ]);
  });

  it("labels two club pages with one route pattern, never their paths", async () => {
    for (const club of ["coding", "robotics", "coding"])
      expect((await fetch(`${server.url}/club/${club}`)).status).toBe(200);
    expect((await fetch(`${server.url}/no-such-page-${Date.now()}`)).status).toBe(404);
    await settle();
    const text = await (await scrape()).text();
    const clubCount =
      /^http_request_duration_seconds_count\{method="GET",route="\/club\/:clubName",status_class="2xx"\} (\d+)$/m.exec(
        text,
      );
    expect(Number(clubCount?.[1])).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/route="\/club\/(coding|robotics)"/);
    expect(text).not.toMatch(/route="\/no-such-page/);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/\*",status_class="4xx"\} \d+$/m);
  });

  it("labels React Router's data and route discovery requests with the page's route or their own, never /*", async () => {
    const before = server.output.stdout.length;
    const home = await fetch(`${server.url}/_.data`);
    expect(home.status).toBe(200);
    const club = await fetch(`${server.url}/club/coding.data`);
    expect(club.status).toBe(200);
    const manifest = await fetch(`${server.url}/__manifest?p=${encodeURIComponent("/club/coding")}&version=x`);
    await Promise.all([home.arrayBuffer(), club.arrayBuffer(), manifest.arrayBuffer()]);
    await settle();
    const routes: Record<string, unknown> = Object.fromEntries(
      logEntries(server.output.stdout.slice(before)).map((line) => [String(line.path), line.route]),
    );
    expect(routes).toMatchObject({
      "/_.data": "/",
      "/club/coding.data": "/club/:clubName",
      "/__manifest": "/__manifest",
    });
  });

  it("logs a page at info and the files it loads only at debug", async () => {
    const before = server.output.stdout.length;
    expect((await fetch(`${server.url}/gallery`)).status).toBe(200);
    const asset = `/assets/${readdirSync(path.join(repoRoot, "build", "client", "assets")).find((name) => name.endsWith(".js"))}`;
    for (const file of [asset, "/favicon.svg"]) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      await response.arrayBuffer();
    }
    await settle();
    const paths = logEntries(server.output.stdout.slice(before)).map((line) => line.path);
    expect(paths).toContain("/gallery");
    expect(paths).not.toContain(asset);
    expect(paths).not.toContain("/favicon.svg");
  });

  it("counts page cache hits and misses, submissions by outcome, store calls, and the process", async () => {
    await fetch(`${server.url}/gallery`);
    await fetch(`${server.url}/gallery`);
    const refused = await fetch(`${server.url}/suggestion`, urlEncoded({ name: "" }));
    expect(refused.status).toBe(400);
    await settle();
    const text = await (await scrape()).text();
    expect(text).toMatch(/^page_cache_lookups_total\{result="hit"\} [1-9]\d*$/m);
    expect(text).toMatch(/^page_cache_lookups_total\{result="miss"\} [1-9]\d*$/m);
    expect(text).toMatch(/^form_submissions_total\{form="\/join",outcome="stored"\} [1-9]\d*$/m);
    expect(text).toMatch(/^form_submissions_total\{form="\/join",outcome="refused"\} [1-9]\d*$/m);
    expect(text).toMatch(/^form_submissions_total\{form="\/suggestion",outcome="refused"\} [1-9]\d*$/m);
    expect(text).toMatch(
      /^outside_call_duration_seconds_count\{service="store",operation="[^"]+",outcome="ok"\} [1-9]\d*$/m,
    );
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  }, 30_000);
});

describe("a store that fails", () => {
  it("logs its error line with the id of the request that met it, and no line holds another's id twice", async () => {
    const databasePath = path.join(dataDir, "failing.sqlite");
    const failing = await startProductionServer({ env: { DATABASE_PATH: databasePath, METRICS_TOKEN: undefined } });
    try {
      // Gone under the running server, as a damaged or mishandled file would leave it.
      const db = new Database(databasePath);
      db.exec("DROP TABLE suggestions");
      db.close();
      const suggestion = Object.fromEntries(forms.suggestion!.valid) as Record<string, string>;
      const response = await fetch(`${failing.url}/suggestion`, urlEncoded(suggestion));
      expect(response.status).toBe(503);
      const id = response.headers.get("X-Request-Id");
      await settle();
      const store = logEntries(failing.output.stdout).filter(
        (line) => line.level === "error" && String(line.msg).startsWith("Built-in store: could not"),
      );
      expect(store).toHaveLength(1);
      expect(store[0]!.reqId).toBe(id);
      for (const line of failing.output.stdout.split("\n")) expect(line.split('"reqId"').length, line).toBeLessThan(3);
    } finally {
      await failing.stop();
    }
  }, 60_000);
});

describe("a server told to stop", () => {
  it("says so in the log when SIGTERM arrives, and again once it stopped", async () => {
    const stopping = await startProductionServer({
      env: { DATABASE_PATH: path.join(dataDir, "stopping.sqlite"), METRICS_TOKEN: undefined },
    });
    expect((await stopping.stop()).graceful).toBe(true);
    const messages = logEntries(stopping.output.stdout).map((line) => `${line.level} ${String(line.msg)}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "info SIGTERM: stopping; no new connections, waiting up to 10 s for requests in flight.",
        "info Stopped: every request in flight finished.",
      ]),
    );
  }, 60_000);
});

describe("a server without METRICS_TOKEN, behind a trusted proxy", () => {
  let proxied: ProductionServer;
  beforeAll(async () => {
    proxied = await startProductionServer({
      env: { DATABASE_PATH: path.join(dataDir, "proxied.sqlite"), METRICS_TOKEN: undefined, TRUST_PROXY: "loopback" },
    });
  }, 60_000);
  afterAll(async () => {
    await proxied?.stop();
  });

  it("has no /metrics (404), with or without a token", async () => {
    expect((await fetch(`${proxied.url}/metrics`)).status).toBe(404);
    const withToken = await fetch(`${proxied.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
    expect(withToken.status).toBe(404);
    expect(await withToken.text()).not.toContain("http_request_duration_seconds");
  });

  it("takes the proxy's X-Request-Id when it is short and plain, and logs it", async () => {
    const plain = await fetch(`${proxied.url}/clubs`, { headers: { "X-Request-Id": "edge-7f3a.01_b" } });
    expect(plain.headers.get("X-Request-Id")).toBe("edge-7f3a.01_b");
    for (const offered of ["has spaces in it", "x".repeat(65), 'quote"d', "a,b"]) {
      const response = await fetch(`${proxied.url}/clubs`, { headers: { "X-Request-Id": offered } });
      expect(response.headers.get("X-Request-Id"), offered).not.toBe(offered);
      expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    await settle();
    expect(logEntries(proxied.output.stdout).find((line) => line.reqId === "edge-7f3a.01_b")).toMatchObject({
      path: "/clubs",
      route: "/clubs",
      status: 200,
    });
  });
});

/**
 * An unexpected error, on the real server: the same build, started through a wrapper module whose Mentors loader
 * throws. No code path of the site is added for the test; the wrapper lives in a temporary directory beside a link
 * to the build's client files.
 */
describe("an unexpected error", () => {
  let broken: ProductionServer;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const buildDir = path.join(dataDir, "broken-build");
    mkdirSync(path.join(buildDir, "server"), { recursive: true });
    symlinkSync(path.join(repoRoot, "build", "client"), path.join(buildDir, "client"));
    const real = pathToFileURL(path.join(repoRoot, "build", "server", "index.js")).href;
    writeFileSync(
      path.join(buildDir, "server", "index.js"),
      [
        `import * as build from ${JSON.stringify(real)};`,
        `export * from ${JSON.stringify(real)};`,
        `const mentors = build.routes["routes/mentors"];`,
        `const loader = () => { throw new Error("the operations test's broken loader"); };`,
        `export const routes = { ...build.routes, "routes/mentors": { ...mentors, module: { ...mentors.module, loader } } };`,
      ].join("\n"),
    );
    broken = await startProductionServer({
      buildPath: path.join(buildDir, "server", "index.js"),
      env: { DATABASE_PATH: path.join(dataDir, "broken.sqlite"), METRICS_TOKEN: undefined },
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await broken?.stop();
  });

  it("logs one error line with the stack and the request id, and the page (no JavaScript) shows its reference", async () => {
    const response = await fetch(`${broken.url}/mentors`);
    expect(response.status).toBe(500);
    const id = response.headers.get("X-Request-Id")!;
    const html = await response.text();
    await settle();

    const errors = logEntries(broken.output.stdout).filter((line) => line.level === "error" && line.reqId === id);
    expect(errors).toHaveLength(1);
    expect((errors[0]!.err as { stack: string }).stack).toMatch(/the operations test's broken loader\n\s+at /);

    const reference = /data-error-reference="([^"]+)"/.exec(html)?.[1];
    expect(reference).toBe(id.slice(0, 8));
    const text = html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
    expect(text).toContain(
      `If this keeps happening, write to studentcouncil@example.org and quote the reference ${reference}.`,
    );
    // The visitor sees none of the error itself.
    expect(html).not.toContain("broken loader");
  });

  it("shows the same reference once the page is hydrated (JavaScript on)", async () => {
    browser = await chromium.launch({ executablePath: testChromiumPath(), args: chromiumFlags });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const response = await page.goto(`${broken.url}/mentors`);
    const id = (await response!.headerValue("X-Request-Id"))!;
    // The page's scripts loaded and ran: hydration is done or has failed loudly in the console.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const reference = page.locator("[data-error-reference]");
    await expect.poll(() => reference.textContent()).toContain(`quote the reference ${id.slice(0, 8)}.`);
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  }, 30_000);
});
