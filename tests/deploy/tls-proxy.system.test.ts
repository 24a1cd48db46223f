import { request } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumFlags, testChromiumPath } from "../../scripts/lib/chromium.mjs";
import { loopbackCertificate } from "../support/certificate";
import type { ProductionServer } from "../../scripts/lib/server.mjs";
import {
  assertBuilt,
  freeLoopbackPort,
  logMessages,
  repoRoot,
  startProductionServer,
} from "../../scripts/lib/server.mjs";
import { type Nginx, startNginx } from "../support/nginx";

/**
 * The built site behind nginx terminating TLS with a throw-away self-signed certificate, configured with the example
 * in docs/deploy/nginx.conf, and Chromium submitting a form through it. A second site without TRUST_PROXY behind the
 * same nginx shows what a missing setting does: 400, and a log line that says what to set.
 */

let workDir = "";
let nginx: Nginx | undefined;
let trusted: ProductionServer;
let untrusted: ProductionServer;
let browser: Browser;
let trustedUrl = "";
let untrustedUrl = "";

/** The documented server block, pointed at this test's ports and certificate. */
function documentedServerBlock(listenPort: number, sitePort: number, certificate: string, key: string): string {
  const example = readFileSync(path.join(repoRoot, "docs", "deploy", "nginx.conf"), "utf8");
  const block = example.slice(example.indexOf("server {"));
  return block
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${listenPort} ssl;`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${certificate};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${key};`)
    .replace("proxy_pass http://127.0.0.1:3000;", `proxy_pass http://127.0.0.1:${sitePort};`);
}

beforeAll(async () => {
  assertBuilt();
  workDir = mkdtempSync(path.join(tmpdir(), "council-tls-"));
  const { certificate, key } = loopbackCertificate(workDir);

  [trusted, untrusted] = await Promise.all([
    startProductionServer({ env: { TRUST_PROXY: "loopback", DATABASE_PATH: path.join(workDir, "trusted.sqlite") } }),
    startProductionServer({ env: { TRUST_PROXY: undefined, DATABASE_PATH: path.join(workDir, "untrusted.sqlite") } }),
  ]);
  const trustedPort = await freeLoopbackPort([trusted.port, untrusted.port]);
  const untrustedPort = await freeLoopbackPort([trusted.port, untrusted.port, trustedPort]);
  trustedUrl = `https://127.0.0.1:${trustedPort}`;
  untrustedUrl = `https://127.0.0.1:${untrustedPort}`;
  nginx = await startNginx(
    workDir,
    `  ${documentedServerBlock(trustedPort, trusted.port, certificate, key)}
  ${documentedServerBlock(untrustedPort, untrusted.port, certificate, key)}`,
    `http://127.0.0.1:${trustedPort}/`,
  );
  browser = await chromium.launch({ executablePath: testChromiumPath(), args: chromiumFlags });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
  await Promise.all([trusted?.stop(), untrusted?.stop()]);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function submitSuggestion(baseUrl: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/suggestion`);
    await page.getByLabel("Your Name").fill("Asha Verma");
    await page.getByLabel("Enrollment Number").fill("0101CS221001");
    await page.getByLabel("College").fill("TIT");
    await page.getByLabel("Describe the problem").fill("The library closes at 5 pm.");
    await page.getByLabel("Your suggestion or solution").fill("Keep it open until 8 pm in exam weeks.");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Submit Suggestion" }).click();
    const response = await answer;
    if (response.status() < 400)
      await page.getByText("Suggestion submitted successfully!").waitFor({ timeout: 10_000 });
    return { status: response.status(), text: await page.locator("body").innerText() };
  } finally {
    await context.close();
  }
}

describe("behind nginx terminating TLS", () => {
  it.each([
    ["with JavaScript", true],
    ["without JavaScript", false],
  ])(
    "a form submitted over https %s is accepted when TRUST_PROXY is set",
    async (_case, javaScriptEnabled) => {
      const { status, text } = await submitSuggestion(trustedUrl, javaScriptEnabled);
      expect(status).toBeLessThan(400);
      expect(text).toContain("Suggestion submitted successfully!");
      // The session and toast cookies are Secure in production: they work because the browser is on https.
    },
    30_000,
  );

  it("with TRUST_PROXY set but a proxy that drops the port from Host, the 400's log line says what to fix", async () => {
    // As nginx's `proxy_set_header Host $host;` passes it: the host without the port the browser used.
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(
        {
          host: "127.0.0.1",
          port: trusted.port,
          path: "/suggestion",
          method: "POST",
          headers: {
            Origin: "https://127.0.0.1:8443",
            Host: "127.0.0.1",
            "X-Forwarded-Proto": "https",
            "Content-Type": "application/x-www-form-urlencoded",
          },
        },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        },
      );
      sent.on("error", reject);
      sent.end("name=A");
    });
    expect(status).toBe(400);
    await expect
      .poll(() => logMessages(trusted.output.stdout))
      .toMatch(
        /POST \/suggestion refused: the browser's Origin https:\/\/127\.0\.0\.1:8443 is not the https:\/\/127\.0\.0\.1 this server sees through the proxy\..*'proxy_set_header Host \$http_host;' \(not \$host\)/,
      );
  });

  it("the request id is nginx's own, never one a visitor sends, and the site logs the request under it", async () => {
    const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
    try {
      await page.setExtraHTTPHeaders({ "X-Request-Id": "visitor-chose-this" });
      const response = await page.goto(`${trustedUrl}/privacy?probe=request-id`);
      const id = response?.headers()["x-request-id"] ?? "";
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      const logged = logMessages(trusted.output.stdout);
      expect(logged).not.toContain("visitor-chose-this");
      expect(trusted.output.stdout).toContain(`"reqId":"${id}"`);
    } finally {
      await page.context().close();
    }
  });

  it("without TRUST_PROXY the same form is refused (400), and the log says to set TRUST_PROXY", async () => {
    const { status } = await submitSuggestion(untrustedUrl, false);
    expect(status).toBe(400);
    expect(logMessages(untrusted.output.stdout)).toMatch(
      /refused: the browser's Origin https:\/\/127\.0\.0\.1:\d+ is not the http:\/\/127\.0\.0\.1:\d+ this server sees.*Set TRUST_PROXY/,
    );
  }, 30_000);
});
