import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll } from "vitest";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { freeLoopbackPort } from "../../scripts/lib/server.mjs";

/**
 * A real SMTP server for the e-mail tests (smtp-server on a free port of 127.0.0.1), which keeps every message it
 * accepted, parsed by mailparser. Plain SMTP without STARTTLS, any login or none, as a relay on the same machine
 * would be. It can refuse connections or stop listening (an outage), start again on the same port, refuse
 * recipients, and hold a message's answer (to kill a sender between the server's acceptance and its own record).
 */

export interface ReceivedMail {
  messageId: string;
  subject: string;
  text: string;
  html: string;
  from: string;
  to: string[];
  /** Every header line's name, lower case, to its value as sent. */
  headers: Map<string, string>;
  /** The whole message as received. */
  raw: string;
  /** Who logged in for it (SMTP AUTH), if anyone. */
  user?: string;
}

export interface TestSmtpServer {
  port: number;
  /** smtp://127.0.0.1:PORT, with `user:password@` when given. */
  url(credentials?: { user: string; password: string }): string;
  /** Every message accepted so far, in order of arrival (a message sent twice is here twice). */
  readonly received: ReceivedMail[];
  /** Resolves with the received messages once `check` holds for them; rejects after `timeoutMs`. */
  waitFor(check: (received: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** `true`: every new connection is answered 421 and closed, as an overloaded or broken relay does. */
  refuseConnections(refuse: boolean): void;
  /** `true`: every login is refused (535), as with a wrong password. */
  refuseLogins(refuse: boolean): void;
  /** Refuses recipients for which `check` says so, with 550 and the address, as real servers word it. */
  refuseRecipients(check: ((address: string) => boolean) | undefined): void;
  /** Called with each message once it is received, before the server answers: the answer waits for its promise. */
  beforeAnswer(hold: ((mail: ReceivedMail) => Promise<void>) | undefined): void;
  /** Stops listening and drops every connection (connections are refused until `start`). */
  stop(): Promise<void>;
  /** Listens again on the same port (nothing happens when it listens already). */
  start(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const port = await freeLoopbackPort();
  const received: ReceivedMail[] = [];
  let refusing = false;
  let refusingLogins = false;
  let refusedRecipient: ((address: string) => boolean) | undefined;
  let hold: ((mail: ReceivedMail) => Promise<void>) | undefined;
  let server: SMTPServer | undefined;
  const waiters = new Set<() => void>();

  const create = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      // Close at once when stopped: an outage does not wait for clients to finish.
      closeTimeout: 50,
      size: 10 * 1024 * 1024,
      onConnect(_session: SMTPServerSession, callback: (error?: Error | null) => void) {
        if (!refusing) return callback();
        const refusal = Object.assign(new Error("Too busy, try again later"), { responseCode: 421 });
        callback(refusal);
      },
      onAuth(auth, _session, callback) {
        if (refusingLogins) {
          return callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
        }
        callback(null, { user: auth.username ?? "anyone" });
      },
      onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
        if (refusedRecipient?.(address.address)) {
          const refusal = Object.assign(new Error(`<${address.address}>: Recipient address rejected: no such user`), {
            responseCode: 550,
          });
          return callback(refusal);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          void simpleParser(raw)
            .then(async (parsed) => {
              const mail = toReceived(parsed, raw, session);
              received.push(mail);
              for (const wake of [...waiters]) wake();
              await hold?.(mail);
              callback();
            })
            .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
        });
      },
    });

  const start = async () => {
    if (server) return;
    const listening = create();
    await new Promise<void>((resolve, reject) => {
      listening.server.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
    });
    server = listening;
    // A late socket error (a client killed mid-message) is the client's problem, not the test's.
    listening.on("error", () => undefined);
  };
  await start();

  return {
    port,
    url: (credentials) =>
      credentials
        ? `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`
        : `smtp://127.0.0.1:${port}`,
    received,
    waitFor(check, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (!check(received)) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `the SMTP server did not get what was expected within ${timeoutMs} ms (${received.length} received)`,
            ),
          );
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    refuseConnections(refuse) {
      refusing = refuse;
    },
    refuseLogins(refuse) {
      refusingLogins = refuse;
    },
    refuseRecipients(check) {
      refusedRecipient = check;
    },
    beforeAnswer(next) {
      hold = next;
    },
    async stop() {
      const running = server;
      server = undefined;
      if (!running) return;
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    start,
  };
}

function toReceived(parsed: ParsedMail, raw: string, session: SMTPServerSession): ReceivedMail {
  const addresses = (value: ParsedMail["to"]) =>
    (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
      group.value.map((entry) => entry.address ?? ""),
    );
  const headers = new Map<string, string>();
  for (const line of parsed.headerLines) headers.set(line.key, line.line.slice(line.key.length + 1).trim());
  return {
    messageId: parsed.messageId ?? "",
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    from: parsed.from?.text ?? "",
    to: addresses(parsed.to),
    headers,
    raw,
    user: typeof session.user === "string" ? session.user : undefined,
  };
}

/** How many times each Message-ID arrived. */
export function arrivalsByMessageId(received: readonly ReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
  return counts;
}

/**
 * A test file's SMTP server: started before its tests, with `before` (the PostgreSQL cluster, so initdb is not inside
 * the first test's deadline), and stopped after them; after each test, `afterEach` runs (stop the senders the test
 * started) and what the server received is forgotten. The server is read through the getter once it has started.
 */
export function useSmtpServer(
  options: { before?: () => Promise<unknown>; afterEach?: () => Promise<void> } = {},
): () => TestSmtpServer {
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    await options.before?.();
  }, 120_000);
  afterAll(async () => {
    await smtp?.stop();
  });
  afterEach(async () => {
    await options.afterEach?.();
    if (smtp) smtp.received.length = 0;
  });
  return () => {
    if (!smtp) throw new Error("the SMTP server has not started yet");
    return smtp;
  };
}
