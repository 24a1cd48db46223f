import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpTransport, MailSendError, type SendableMail } from "~/server/mail/transport.server";
import { freeLoopbackPort } from "../../scripts/lib/server.mjs";
import { loopbackCertificate } from "../support/certificate";

/**
 * The SMTP transport over TLS, as real providers want it: smtps:// (TLS from the first byte, port 465) and smtp://
 * with STARTTLS, each against an smtp-server with a throw-away certificate. The transport opens its own TCP
 * connections (without Nagle's delay); these check that nodemailer still wraps them in TLS and checks the certificate.
 */

let workDir = "";
let key: Buffer;
let cert: Buffer;
const servers: SMTPServer[] = [];

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "council-smtp-tls-"));
  const files = loopbackCertificate(workDir);
  key = readFileSync(files.key);
  cert = readFileSync(files.certificate);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** An SMTP server with the certificate; resolves with its port and what arrived, and whether over TLS. */
async function tlsServer(secure: boolean) {
  const port = await freeLoopbackPort();
  const arrived: { secure: boolean; user?: string; raw: string }[] = [];
  const server = new SMTPServer({
    secure,
    key,
    cert,
    logger: false,
    closeTimeout: 50,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        arrived.push({
          secure: session.secure,
          user: typeof session.user === "string" ? session.user : undefined,
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.on("error", () => undefined);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return { port, arrived };
}

const mail: SendableMail = {
  id: 1,
  kind: "verify-email",
  to: "student@example.org",
  subject: "Over TLS",
  text: "Hello",
  html: "<p>Hello</p>",
  messageId: "<tls-test@council.example.test>",
  attempts: 1,
  createdAt: new Date().toISOString(),
  from: "council@example.org",
};

describe("the SMTP transport over TLS", () => {
  it.each([
    ["smtps://", true],
    ["smtp:// with STARTTLS", false],
  ])("sends over %s, logged in, the connection encrypted", async (_name, secure) => {
    const { port, arrived } = await tlsServer(secure);
    const scheme = secure ? "smtps" : "smtp";
    // The throw-away certificate is trusted for this test only.
    const transport = createSmtpTransport(`${scheme}://council:secret@127.0.0.1:${port}?tls.rejectUnauthorized=false`, {
      timeoutMs: 10_000,
    });
    try {
      await transport.send(mail);
      await transport.send({ ...mail, id: 2, messageId: "<tls-test-2@council.example.test>" });
    } finally {
      transport.close();
    }
    expect(arrived.map((entry) => [entry.secure, entry.user])).toEqual([
      [true, "council"],
      [true, "council"],
    ]);
    expect(arrived[0]!.raw).toMatch(/^Message-ID: <tls-test@council\.example\.test>$/m);
  });

  it("refuses a certificate it cannot trust, and sends nothing", async () => {
    const { port, arrived } = await tlsServer(true);
    const transport = createSmtpTransport(`smtps://council:secret@127.0.0.1:${port}`, { timeoutMs: 10_000 });
    try {
      const failure = await transport.send(mail).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MailSendError);
      expect((failure as MailSendError).message).toMatch(/certificate/i);
      expect((failure as MailSendError).message).not.toContain("secret");
    } finally {
      transport.close();
    }
    expect(arrived).toHaveLength(0);
  });
});
