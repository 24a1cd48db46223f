#!/usr/bin/env node
// A local SMTP server for the end-to-end run (playwright.config.ts starts it as a webServer): plain SMTP on
// 127.0.0.1, any login or none, and every message it accepts written as an .eml file into a folder, where
// e2e/mail.ts reads it. Never for real mail: it accepts everything and delivers nothing.
//
//   TEST_SMTP_PORT=5208 TEST_SMTP_DIRECTORY=/tmp/council-mail node scripts/test-smtp-server.mjs
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.TEST_SMTP_PORT);
const directory = process.env.TEST_SMTP_DIRECTORY;
if (!Number.isInteger(port) || port <= 0 || !directory) {
  console.error("Set TEST_SMTP_PORT (a port number) and TEST_SMTP_DIRECTORY (where the .eml files go).");
  process.exit(1);
}
mkdirSync(directory, { recursive: true });

let received = 0;
const server = new SMTPServer({
  secure: false,
  // No TLS on the loopback interface: a STARTTLS offer would have nodemailer check a certificate we do not have.
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  allowInsecureAuth: true,
  logger: false,
  closeTimeout: 1_000,
  size: 10 * 1024 * 1024,
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username ?? "anyone" });
  },
  onData(stream, _session, callback) {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on("data", (/** @type {Buffer} */ chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const name = `${Date.now()}-${process.pid}-${++received}.eml`;
      // Written under another name first, so a reader never sees half a message.
      const partial = path.join(directory, `.${name}.partial`);
      writeFileSync(partial, Buffer.concat(chunks));
      renameSync(partial, path.join(directory, name));
      callback();
    });
  },
});
server.on("error", (error) => console.error(`test SMTP server: ${error.message}`));
server.listen(port, "127.0.0.1", () => console.log(`test SMTP server on 127.0.0.1:${port}, writing to ${directory}`));

for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
