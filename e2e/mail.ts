import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

/**
 * The e-mails the end-to-end site sent: scripts/test-smtp-server.mjs (started by playwright.config.ts) writes each
 * message it accepts as an .eml file into COUNCIL_E2E_MAIL_DIRECTORY; a spec waits for the one it caused.
 */

export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the text and of the HTML's hrefs, once each, in order. */
  links: string[];
  messageId: string;
}

function mailDirectory(): string {
  const directory = process.env.COUNCIL_E2E_MAIL_DIRECTORY;
  if (!directory) throw new Error("COUNCIL_E2E_MAIL_DIRECTORY is not set: run the specs through playwright.config.ts.");
  return directory;
}

const linksOf = (text: string, html: string) => [
  ...new Set([
    ...(text.match(/https?:\/\/[^\s<>"')]+/g) ?? []),
    ...[...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&")),
  ]),
];

/**
 * The newest e-mail to `to` (ignoring letter case) whose subject matches, once it has arrived: polls the folder every
 * 200 ms, for `timeoutMs` (30 s: the site's sender looks at its outbox every few seconds).
 */
export async function waitForMail(
  to: string,
  { subject, timeoutMs = 30_000 }: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const directory = mailDirectory();
  const recipient = to.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  const parsed = new Map<string, Awaited<ReturnType<typeof simpleParser>>>();
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(directory).filter((name) => name.endsWith(".eml"));
    } catch {
      // Not created yet: the server makes it when it starts.
    }
    // Newest first: the file names start with the time they arrived.
    for (const name of files.sort().reverse()) {
      let mail = parsed.get(name);
      if (!mail) {
        mail = await simpleParser(readFileSync(path.join(directory, name)));
        parsed.set(name, mail);
      }
      const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
        group.value.map((entry) => entry.address?.toLowerCase()),
      );
      if (!recipients.includes(recipient)) continue;
      if (subject && !subject.test(mail.subject ?? "")) continue;
      const text = mail.text ?? "";
      const html = typeof mail.html === "string" ? mail.html : "";
      return { subject: mail.subject ?? "", text, html, links: linksOf(text, html), messageId: mail.messageId ?? "" };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `No e-mail to ${to}${subject ? ` with a subject matching ${subject}` : ""} within ${timeoutMs} ms.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
