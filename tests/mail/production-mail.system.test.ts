import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linksIn } from "~/server/mail/transport.server";
import { assertBuilt, logMessages, type ProductionServer, startProductionServer } from "../../scripts/lib/server.mjs";
import { forms, idCard } from "../fuzz/hostile-forms";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

/**
 * The production build sending e-mail through a real SMTP server: a registration's verification e-mail arrives, and
 * its links come from SITE_URL whatever Host the request claimed. Needs `npm run build` (npm test builds first).
 */

const siteUrl = "https://council.example.test";
const smtpPassword = "Pr0d-Smtp-Secret-7c41";
const student = { email: "meera.iyer@example.org", enrollment: "0187CS251077" };
const metricsToken = "mail-test-metrics-token-0123456789abcdef";

let smtp: TestSmtpServer;
let server: ProductionServer;
let dataDirectory = "";

beforeAll(async () => {
  assertBuilt();
  smtp = await startSmtpServer();
  dataDirectory = mkdtempSync(path.join(tmpdir(), "council-mail-server-"));
  server = await startProductionServer({
    env: {
      DATABASE_PATH: path.join(dataDirectory, "council.sqlite"),
      DATABASE_URL: undefined,
      COUNCIL_API_URL: "",
      TRUST_PROXY: undefined,
      SMTP_URL: smtp.url({ user: "council", password: smtpPassword }),
      MAIL_FROM: "Student Council <council@council.example.test>",
      SITE_URL: siteUrl,
      METRICS_TOKEN: metricsToken,
    },
  });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

/** POSTs a multipart form with the given headers, as a client that forges Host can (fetch cannot). */
async function postForm(
  pathname: string,
  form: FormData,
  headers: Record<string, string>,
): Promise<{ status: number; location?: string }> {
  const encoded = new Request("http://127.0.0.1/", { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: pathname,
        method: "POST",
        headers: {
          ...headers,
          "Content-Type": encoded.headers.get("content-type")!,
          "Content-Length": String(body.length),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("the production server's e-mail", { timeout: 90_000 }, () => {
  it("says at start which SMTP server it uses, without its password", () => {
    const messages = logMessages(server.output.stdout);
    expect(messages).toMatch(new RegExp(`^E-mail: SMTP \\(127\\.0\\.0\\.1:${smtp.port}\\)$`, "m"));
    expect(server.output.stdout + server.output.stderr).not.toContain(smtpPassword);
  });

  it("sends the verification e-mail of a registration, its links on SITE_URL even under a forged Host", async () => {
    const registration = new FormData();
    for (const [name, value] of forms.registration!.valid) {
      const mine = { email: student.email, enrollment: student.enrollment }[name];
      registration.append(name, mine ?? (value instanceof File ? idCard() : value));
    }
    const answer = await postForm("/userProfileRegistration", registration, {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "http",
    });
    expect(answer.status).toBe(302);

    const [mail] = await smtp.waitFor((received) => received.some((entry) => entry.to[0] === student.email), 60_000);
    expect(mail!.subject).toMatch(/^Confirm your e-mail address/);
    expect(mail!.messageId).toMatch(/@council\.example\.test>$/);
    const hrefs = [...mail!.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
    const links = [...linksIn(mail!.text), ...hrefs.filter((href) => !href.startsWith("mailto:"))];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${siteUrl}/`) || link === siteUrl, link).toBe(true);
    const verifyLinks = links.filter((link) => link.includes("/verify-email"));
    expect(verifyLinks.length).toBeGreaterThanOrEqual(2); // the text's and the button's
    for (const link of verifyLinks)
      expect(link).toMatch(/^https:\/\/council\.example\.test\/verify-email\?token=[\w-]{20,}$/);
    expect(mail!.raw).not.toContain("evil.example");

    // The outbox's metrics count it, by kind.
    const metrics = async () =>
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
    const deadline = Date.now() + 30_000;
    let exposition = await metrics();
    while (!/^outbox_messages_sent_total\{kind="verify-email"\} 1$/m.test(exposition) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      exposition = await metrics();
    }
    expect(exposition).toMatch(/^outbox_messages_sent_total\{kind="verify-email"\} 1$/m);
    expect(exposition).toMatch(/^outbox_messages_waiting\{kind="verify-email"\} 0$/m);
    expect(exposition).toMatch(/^# TYPE outbox_messages_failed_total counter$/m);
    expect(exposition).toMatch(/^outbox_send_duration_seconds_count\{kind="verify-email",outcome="sent"\} 1$/m);

    // The log holds the kind of e-mail at most, never the address, nor the password.
    const log = server.output.stdout + server.output.stderr;
    expect(log).not.toContain(student.email);
    expect(log).not.toContain(smtpPassword);
  });
});
