import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logEntries, logMessages } from "../../scripts/lib/server.mjs";
import { useProductionServer } from "../support/production-server";

/**
 * The production server on the wire, started as `npm start` starts it: HTTP edges a hostile client meets, and what
 * a careless deployment does (no NODE_ENV). Needs `npm run build` (npm test builds first).
 */

// Started without NODE_ENV, as `npm run build && npm start` on a fresh machine does.
const server = useProductionServer("council-server-test-", { NODE_ENV: undefined, TRUST_PROXY: undefined });

type RawAnswer = { head: string; status: number; closedCleanly: boolean; error?: string };

/** Sends a raw request whose body is larger than announced limits, and reads what comes back on the socket. */
function rawUpload(
  port: number,
  { chunked, bytes, idCard = false }: { chunked: boolean; bytes: number; idCard?: boolean },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let error: string | undefined;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    socket.on("close", () => {
      const head = received.split("\r\n\r\n")[0] ?? "";
      resolve({
        head,
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        closedCleanly: error === undefined,
        error,
      });
    });
    // The registration form is read as a stream, part by part: the body is one huge ID card.
    const head = idCard
      ? "POST /userProfileRegistration HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\n"
      : "POST /join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n";
    socket.write(head + (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${bytes}\r\n\r\n`));
    if (idCard) {
      const partHead =
        '--b\r\nContent-Disposition: form-data; name="idCard"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n';
      socket.write(chunked ? `${partHead.length.toString(16)}\r\n${partHead}\r\n` : partHead);
    }
    const piece = idCard ? "x".repeat(64 * 1024) : `name=${"x".repeat(64 * 1024)}&`;
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !socket.destroyed) {
        sent += piece.length;
        const ok = socket.write(chunked ? `${piece.length.toString(16)}\r\n${piece}\r\n` : piece);
        if (!ok) {
          socket.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}

describe("the production server", () => {
  it("starts without NODE_ENV as production and renders pages (React's production build)", async () => {
    for (const page of ["/", "/clubs", "/join", "/login", "/healthz"]) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text()).toContain("</html>");
    }
    expect(logMessages(server.output.stdout)).toMatch(/listening on .* \(production\)/);
    expect(logMessages(server.output.stdout)).toMatch(/^Rate limits: in this process's memory/m);
  });

  // A reset is a race between the answer and the client still sending: each case tries several times to catch it.
  it.each([
    ["a form body announced by Content-Length", { chunked: false, idCard: false, attempts: 8 }],
    ["a form body sent chunked, without a length", { chunked: true, idCard: false, attempts: 8 }],
    [
      "an ID card upload over the 16 MB guard, announced by Content-Length",
      { chunked: false, idCard: true, attempts: 4 },
    ],
    ["an ID card upload over the 16 MB guard, sent chunked", { chunked: true, idCard: true, attempts: 4 }],
  ])(
    "answers %s with 413 and Connection: close, closes without a reset, and keeps serving",
    async (_case, { chunked, idCard, attempts }) => {
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const answer = await rawUpload(server.port, { chunked, bytes: 20 * 1024 * 1024, idCard });
        expect(answer.status).toBe(413);
        expect(answer.head).toMatch(/^connection: close$/im);
        expect(answer.closedCleanly, `the connection was reset (${answer.error})`).toBe(true);
      }
      // The next request, on a new connection, is answered as usual: refusing a body mid-file takes nothing down.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    },
  );

  it.each(["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"])(
    "answers %s with 405 and the methods it allows",
    async (method) => {
      // fetch() refuses TRACE itself; node:http sends anything.
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = http.request(`${server.url}/join`, { method }, resolve);
        request.on("error", reject);
        request.end();
      });
      response.resume();
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    },
  );

  it("answers OPTIONS with 204 and Allow", async () => {
    const response = await fetch(`${server.url}/`, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("sends nosniff and the other security headers on every response, static files included", async () => {
    const assetsDir = path.join("build", "client", "assets");
    const asset = readdirSync(assetsDir).find((file) => file.endsWith(".js"));
    for (const target of [
      "/healthz",
      "/robots.txt",
      "/sitemap.xml",
      "/favicon.svg",
      `/assets/${asset}`,
      "/clubs.data",
      "/no-such-page",
    ]) {
      const response = await fetch(`${server.url}${target}`);
      expect(response.headers.get("x-content-type-options"), target).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), target).toBe("DENY");
      expect(response.headers.get("referrer-policy"), target).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security"), target).toMatch(/max-age=/);
      // One value each: never a header doubled by two layers.
      expect(response.headers.get("x-content-type-options"), target).not.toContain(",");
    }
  });

  it("says text/html; charset=utf-8 of every page, rendered or from the page cache", async () => {
    const contentType = async (target: string, init?: RequestInit) => {
      const response = await fetch(`${server.url}${target}`, init);
      return { type: response.headers.get("content-type"), cache: response.headers.get("x-page-cache") };
    };
    await contentType("/team");
    const cached = await contentType("/team");
    expect(cached.cache).toBe("hit");
    expect(cached.type).toBe("text/html; charset=utf-8");
    expect((await contentType("/team", { method: "HEAD" })).type).toBe("text/html; charset=utf-8");
    // Rendered afresh: a form page, a page for a visitor with our cookie, the not-found page.
    for (const [target, init] of [
      ["/join", undefined],
      ["/team", { headers: { Cookie: "__session=not-signed" } }],
      ["/no-such-page", undefined],
    ] as const) {
      const rendered = await contentType(target, init);
      expect(rendered.cache, target).toBeNull();
      expect(rendered.type, target).toBe("text/html; charset=utf-8");
    }
  });

  it("serves a public page from the cache, also with a utm_ query, and renders non-canonical variants afresh", async () => {
    await fetch(`${server.url}/gallery`);
    const cached = await fetch(`${server.url}/gallery?utm_source=whatsapp`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    const variant = await fetch(`${server.url}/GALLERY`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("x-page-cache")).toBeNull();
  });

  it("stays responsive while hostile bodies are parsed: /healthz answers about as fast as when idle", async () => {
    const probeHealth = async () => {
      const timings: number[] = [];
      for (let probe = 0; probe < 20; probe += 1) {
        const started = performance.now();
        await (await fetch(`${server.url}/healthz`)).text();
        timings.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return timings.sort((a, b) => a - b);
    };
    // The baseline, measured in this same test on this same machine: /healthz with nothing else going on.
    const idle = await probeHealth();

    const hostileNames = [`a${"[0]".repeat(3000)}`, `a${".a".repeat(10_000)}`, `members[0].${"x".repeat(6000)}`];
    const targets = ["/sih/registration", "/join", "/suggestion", "/login", "/ideas"];
    const statuses: number[] = [];
    let sending = true;
    // Four attackers, each sending its next hostile body as soon as the last one is answered.
    const attackers = Array.from({ length: 4 }, async (_, attacker) => {
      for (let round = 0; sending; round += 1) {
        const response = await fetch(`${server.url}${targets[(attacker + round) % targets.length]}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.51.100.${attacker}` },
          body: `${hostileNames[round % hostileNames.length]}=1&teamName=x`,
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    });
    const underAttack = await probeHealth();
    sending = false;
    await Promise.all(attackers);
    expect(statuses.length).toBeGreaterThan(20);
    expect(
      statuses.every((status) => status === 400),
      `statuses: ${statuses.join(",")}`,
    ).toBe(true);
    // A parser that walked those names would stall every request for seconds. Four busy attackers on the same two
    // cores may slow a probe several times over: the median stays within ten times the idle median, never held to
    // less than a second (a fast idle baseline must not fail a busy machine) nor allowed more than five (a slow
    // baseline must not hide a stall).
    const median = (timings: number[]) => timings[Math.floor(timings.length / 2)]!;
    const limit = Math.min(Math.max(10 * median(idle), 1_000), 5_000);
    const report = `idle ${idle.map((t) => t.toFixed(0)).join(", ")} ms; under attack ${underAttack.map((t) => t.toFixed(0)).join(", ")} ms`;
    expect(median(underAttack), report).toBeLessThan(limit);
    // Time enough for twenty stalled probes, so a stall fails on the figures above rather than on a timeout.
  }, 90_000);

  it("logs method, path, status and time only: no query, no form contents", async () => {
    await fetch(`${server.url}/clubs?name=Asha+Verma&phone=9876543210`);
    await fetch(`${server.url}/suggestion`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Asha Verma",
        enrollment: "0101CS221001",
        college: "TIT",
        problem: "p",
        solution: "s",
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const log = server.output.stdout;
    expect(logMessages(log)).toMatch(/^GET \/clubs 200 [\d.]+ ms$/m);
    expect(logMessages(log)).toMatch(/^POST \/suggestion 302 [\d.]+ ms$/m);
    const clubs = logEntries(log).find((entry) => entry.path === "/clubs");
    expect(clubs).toMatchObject({
      level: "info",
      method: "GET",
      route: "/clubs",
      status: 200,
      durationMs: expect.any(Number) as number,
    });
    for (const personal of ["Asha", "9876543210", "0101CS221001"]) expect(log).not.toContain(personal);
  });

  it("when a POST's Origin does not match because an untrusted proxy terminated TLS, says to set TRUST_PROXY", async () => {
    const host = new URL(server.url).host;
    const response = await fetch(`${server.url}/suggestion`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: `https://${host}`,
        "X-Forwarded-Proto": "https",
      },
      body: "name=A",
    });
    expect(response.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logMessages(server.output.stdout)).toMatch(
      /POST \/suggestion refused: the browser's Origin https:\/\/.* Set TRUST_PROXY/,
    );
  });
});
