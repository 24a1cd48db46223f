import net from "node:net";
import nodemailer from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { ClaimedMail } from "../backend/built-in/outbox.server";

/**
 * How an e-mail leaves the site: through the SMTP server of SMTP_URL, or, in development without SMTP_URL, into the
 * log (docs/decisions/0016). The outbox sender (sender.server.ts) uses either through `send`.
 */

/** One e-mail as the sender hands it over: the outbox's row and the From header. */
export type SendableMail = ClaimedMail & { from: string };

export interface MailTransport {
  /** For the start-up log: never a password. */
  readonly description: string;
  /** Resolves once the SMTP server accepted the message; rejects with a `MailSendError` otherwise. */
  send(mail: SendableMail): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
}

/** A refused or failed send, in words that are safe to log: no password, no recipient's address. */
export class MailSendError extends Error {
  override name = "MailSendError";
  constructor(
    message: string,
    /** The SMTP server refused this message for good (its recipient): trying again would not help. */
    readonly permanent = false,
  ) {
    super(message);
  }
}

/** What the log may say about a recipient: the domain only, since the address is personal data. */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 0 ? "(no domain)" : `*@${address.slice(at + 1).toLowerCase()}`;
}

/** Any address in a text (SMTP servers repeat the recipient in their refusals) reduced to its domain. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:@]+@([A-Za-z0-9.-]+)/g, (_match, domain: string) =>
    recipientDomain(`@${domain}`),
  );
}

/** Every http(s) link in a text, once each, in order. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/**
 * Connecting and the server's greeting give up after this long: a server that is down or unreachable is found out
 * at once, and the message waits in the outbox for the next attempt.
 */
export const smtpConnectTimeoutMs = 15_000;

/**
 * How long the transport waits for any reply of the server, above all the one to the end of DATA: 10 minutes, as
 * RFC 5321 (4.5.3.2.6) asks of a client. A server may take minutes to accept a message (spam and virus checks, a busy
 * disk); a client that gives up sooner tries again and the server, which did take the first copy, receives each
 * message again and again. The outbox sender's own deadline and its lease are longer than this (sender.server.ts).
 */
export const smtpReplyTimeoutMs = 10 * 60_000;

export interface SmtpTransportOptions {
  /** Connections kept open to the SMTP server at most (also the sender's parallel sends). */
  maxConnections?: number;
  /** Connecting and the server's greeting: each gives up after this long (`smtpConnectTimeoutMs`). */
  timeoutMs?: number;
  /** A reply of the server, once it has greeted: waited for this long at most (`smtpReplyTimeoutMs`). */
  replyTimeoutMs?: number;
}

/**
 * SMTP through nodemailer, from SMTP_URL (smtp://user:password@host:587, STARTTLS when the server offers it, or
 * smtps:// on 465). Connections are pooled, so a burst of e-mails does not open one connection each. The row's
 * Message-ID and creation time go into the headers, so a message sent again after a crash is the same message.
 */
export function createSmtpTransport(url: string, options: SmtpTransportOptions = {}): MailTransport {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  const timeoutMs = options.timeoutMs ?? smtpConnectTimeoutMs;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const port = Number(parsed.port) || (parsed.protocol === "smtps:" ? 465 : 587);
  // The pool itself reads `url` beside the other options (createTransport would take the URL's options alone).
  const pool = new SMTPPool({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 3,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // nodemailer has no timer of its own for the reply to the end of DATA: a silent socket is what gives up, so this
    // is the wait for every reply after the greeting (and how long an idle pooled connection stays open).
    socketTimeout: options.replyTimeoutMs ?? smtpReplyTimeoutMs,
    // Our own TCP connection, with Nagle's algorithm off: nodemailer writes a message's end in small pieces, and the
    // last one waited for the server's delayed ACK, 40 ms per e-mail even on this machine (4 ms without). nodemailer
    // speaks SMTP over it (and wraps it in TLS for smtps:// or after STARTTLS). When it cannot connect, nodemailer
    // connects on its own and meets the same failure: its pool only cleans up after failures of its own.
    getSocket(_options, callback) {
      const socket = net.connect({ host, port });
      let settled = false;
      const settle = (connected: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.removeListener("error", failed);
        if (!connected) {
          socket.destroy();
          callback(null, {});
          return;
        }
        socket.setNoDelay(true);
        callback(null, { connection: socket });
      };
      const failed = () => settle(false);
      const timer = setTimeout(failed, timeoutMs);
      socket.once("connect", () => settle(true));
      socket.once("error", failed);
    },
    // nodemailer logs nothing unless asked; said here so nobody turns it on: its debug output holds the password.
    logger: false,
    debug: false,
  });
  const transporter = nodemailer.createTransport(pool);
  /** An error as a line for the log and the outbox row: never the password nor the recipient. */
  const describe = (error: unknown): MailSendError => {
    const { code, responseCode, command, message } = error as {
      code?: string;
      responseCode?: number;
      command?: string;
      message?: string;
    };
    let text = [code, message ?? String(error)].filter(Boolean).join(": ");
    if (password) text = text.split(password).join("[redacted]");
    if (parsed.password) text = text.split(parsed.password).join("[redacted]");
    // A 5xx answer to the recipient or the message is the server's last word on this e-mail.
    const permanent =
      typeof responseCode === "number" &&
      responseCode >= 500 &&
      (code === "EENVELOPE" || code === "EMESSAGE" || /^(RCPT|DATA)/i.test(command ?? ""));
    return new MailSendError(withoutAddresses(text).slice(0, 300), permanent);
  };
  return {
    description: `SMTP (${parsed.hostname}:${port})`,
    async send(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          date: new Date(mail.createdAt),
          attachments: (mail.attachments ?? []).map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content,
          })),
          // An automatic message: out-of-office replies are not sent back to it.
          headers: { "Auto-Submitted": "auto-generated" },
        });
      } catch (error) {
        throw describe(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** The logger's methods the transport and the sender use (pino's, or a test's). */
export interface MailLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Development without SMTP_URL: every e-mail is written to the log with its links, so a newcomer running `npm run dev`
 * can open the verification link from the terminal. Outside development (it should never run there) the line names
 * only the kind and the recipient's domain: links carry live tokens and addresses are personal data.
 */
export function createLogTransport({ log, production }: { log: MailLog; production: boolean }): MailTransport {
  return {
    description: "the log",
    send(mail) {
      if (production) {
        log.info(`E-mail ${mail.kind} to ${recipientDomain(mail.to)} written to the log only (SMTP_URL is not set).`);
        return Promise.resolve();
      }
      const links = linksIn(mail.text);
      log.info(
        `E-mail ${mail.kind} to ${mail.to}, not sent (SMTP_URL is not set): "${mail.subject}"` +
          (links.length > 0 ? `\n${links.map((link) => `  ${link}`).join("\n")}` : ""),
      );
      return Promise.resolve();
    },
    close() {},
  };
}
