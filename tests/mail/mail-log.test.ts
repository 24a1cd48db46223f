import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { verificationMail } from "~/server/mail/account-mail.server";
import { createLogTransport, createSmtpTransport } from "~/server/mail/transport.server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { queryRows, useSqliteStore } from "../support/store-engines";
import { enqueue, eventually, recordingLog, sampleMail, senderPool } from "./support";

/**
 * What the e-mail code writes to the log. In development without SMTP_URL, each e-mail with its links (a newcomer
 * opens the verification link from the terminal). In production, the kind and the recipient's domain only: never
 * the address, a link, or the SMTP password.
 */

const sqlite = useSqliteStore();
const senders = senderPool();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});
afterEach(async () => {
  await senders.stopAll();
  smtp.refuseLogins(false);
  smtp.refuseRecipients(undefined);
  await smtp.start();
});

const site = {
  siteUrl: "https://council.example.test",
  siteName: "Student Council",
  contactEmail: "studentcouncil@example.org",
};
const verification = (to: string) => ({
  kind: "verify-email",
  to,
  secret: true,
  ...verificationMail(site, { name: "Ada Lovelace", collegeId: "0187CS221234", token: "tok-1234567890" }),
});

describe("the log transport (npm run dev without SMTP_URL)", { timeout: 60_000 }, () => {
  it("writes each e-mail with its kind, recipient, subject and the links of its text, and keeps it listed", async () => {
    const config = await sqlite.freshConfig();
    const store = sqlite.open(config);
    await enqueue(store, 1, { mail: () => verification("ada@example.org") });
    const log = recordingLog();
    senders.start({
      outbox: store.outbox,
      transport: createLogTransport({ log, production: false }),
      log,
      keepSecretBodies: true,
    });

    const line = await eventually(
      "the e-mail in the log",
      () => Promise.resolve(log.lines.find((entry) => entry.includes("E-mail verify-email"))),
      Boolean,
    );
    expect(line).toContain(
      'info E-mail verify-email to ada@example.org, not sent (SMTP_URL is not set): "Confirm your e-mail address for the Student Council website"',
    );
    expect(line).toContain("\n  https://council.example.test/verify-email?token=tok-1234567890");
    expect(line).toContain("\n  https://council.example.test/privacy");

    // "Sent" to the log, the link stays readable for /dev/outbox.
    const [row] = await eventually(
      "the message marked sent",
      () => queryRows<{ status: string; text_body: string }>(config, "SELECT status, text_body FROM outbox"),
      ([first]) => first?.status === "sent",
    );
    expect(row!.text_body).toContain("https://council.example.test/verify-email?token=tok-1234567890");
  });

  it("in production names only the kind and the recipient's domain", async () => {
    const log = recordingLog();
    const transport = createLogTransport({ log, production: true });
    const mail = verification("Ada.Lovelace@Example.org");
    await transport.send({
      ...mail,
      id: 1,
      messageId: "<x@council.example.test>",
      attempts: 1,
      createdAt: new Date().toISOString(),
      from: "council@example.org",
    });
    expect(log.lines).toEqual([
      "info E-mail verify-email to *@example.org written to the log only (SMTP_URL is not set).",
    ]);
  });
});

describe("the sender's log in production", { timeout: 60_000 }, () => {
  const password = "Sm7p-Pa55word-9f3b";
  const address = "ada.lovelace@example.org";

  it("never holds a recipient's address or the SMTP password, whether the server refuses or is gone", async () => {
    const config = await sqlite.freshConfig();
    const store = sqlite.open(config);
    const log = recordingLog();
    const smtpUrl = smtp.url({ user: "council", password });
    const transport = createSmtpTransport(smtpUrl, { timeoutMs: 5_000 });
    senders.start({ outbox: store.outbox, transport, log });
    const linesWith = (start: string) => () => Promise.resolve(log.lines.filter((line) => line.startsWith(start)));
    const failures = linesWith("warn E-mail: could not send");
    const recoveries = linesWith("info E-mail: sending again");
    const arrived = (to: string) => smtp.waitFor((received) => received.some((mail) => mail.to[0] === to));

    // The login refused (as with a wrong password), until it is accepted again.
    smtp.refuseLogins(true);
    await enqueue(store, 1, { first: 2, mail: () => sampleMail(2, { to: "Alan.Turing@example.org" }) });
    await eventually("the refused login in the log", failures, (lines) => lines.length === 1);
    smtp.refuseLogins(false);
    await arrived("Alan.Turing@example.org");
    await eventually("the recovery in the log", recoveries, (lines) => lines.length === 1);

    // A recipient refused for good: the server's answer repeats the address.
    smtp.refuseRecipients((to) => to === address);
    await enqueue(store, 1, { mail: () => sampleMail(0, { to: address }) });
    await eventually("the refusal given up on", linesWith("error E-mail: gave up"), (lines) => lines.length === 1);

    // The SMTP server gone, then back.
    await smtp.stop();
    await enqueue(store, 1, { first: 1, mail: () => sampleMail(1, { to: "Grace.Hopper@example.org" }) });
    await eventually("the outage in the log", failures, (lines) => lines.length === 2);
    await smtp.start();
    await arrived("Grace.Hopper@example.org");
    await eventually("the end of the outage in the log", recoveries, (lines) => lines.length === 2);

    const text = log.text();
    expect(text).toContain("error E-mail: gave up on a verify-email message to *@example.org");
    expect(text).toMatch(/550/);
    expect(text).toMatch(/535/);
    expect(text).toContain("warn E-mail: could not send a verify-email message to *@example.org");
    expect(text).toMatch(/ECONNREFUSED/);
    for (const secret of [address, "ada.lovelace", "grace.hopper", "alan.turing", password, "council:"]) {
      expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    expect(transport.description).toBe(`SMTP (127.0.0.1:${smtp.port})`);
    expect(smtp.received.find((mail) => mail.to[0] === "Grace.Hopper@example.org")?.user).toBe("council");
  });
});
