import type { Metrics } from "../../../server/metrics.ts";
import { reason } from "../backend/built-in/errors.server";
import type { ClaimedMail, OutboxStore } from "../backend/built-in/outbox.server";
import { sharedMetrics } from "../ops/metrics.server";
import { mailKinds } from "../backend/built-in/mail-events.server";
import {
  MailSendError,
  type MailLog,
  type MailTransport,
  recipientDomain,
  smtpConnectTimeoutMs,
  smtpReplyTimeoutMs,
} from "./transport.server";

/**
 * The outbox sender (docs/decisions/0016): runs in every server process, claims due e-mails from the outbox for a
 * lease, sends them, and records the outcome. A failed send is tried again later, waiting twice as long each time
 * (30 s, 1 min, 2 min ... at most an hour), until the e-mail is a day old: its links are worth nothing by then, so it
 * is given up on. A store or SMTP server that is down is said once in the log, and the sender keeps trying.
 */

export type MailMetrics = Pick<Metrics, "outboxWaiting" | "outboxSent" | "outboxFailed" | "outboxSendDuration">;

export interface MailSenderOptions {
  outbox: OutboxStore;
  transport: MailTransport;
  /** The From header of every e-mail. */
  from: string;
  log: MailLog;
  /** Default: the process's shared metrics. */
  metrics?: MailMetrics;
  /** How often the outbox is looked at without a nudge (5 s). */
  pollMs?: number;
  /** How long a claim holds a message (`defaultLeaseMs`): longer than a send may take, so no other sender takes it over. */
  leaseMs?: number;
  /** Messages claimed at once (10). */
  batch?: number;
  /** Messages sent at the same time (3; the SMTP transport keeps as many connections). */
  parallel?: number;
  /** How long one send may take before it counts as failed (`defaultSendTimeoutMs`); shorter than `leaseMs`. */
  sendTimeoutMs?: number;
  /** The wait before the first retry, doubled for each further one up to `maxMs` (30 s, 1 hour). */
  retry?: { firstMs: number; maxMs: number };
  /** A message not sent this long after it was queued is given up on (24 hours). */
  giveUpAfterMs?: number;
  /** Keep a secret body once "sent" (the log transport in development, so /dev/outbox still shows the link). */
  keepSecretBodies?: boolean;
}

export interface MailSender {
  /** Looks at the outbox now (after a commit that queued an e-mail), instead of at the next poll. */
  nudge(): void;
  /** Sends everything due now; resolves once a run that started after the call has ended. */
  drain(): Promise<void>;
  /** No further runs; resolves once the current one has ended. The transport stays open (its owner closes it). */
  stop(): Promise<void>;
}

const minute = 60_000;

/**
 * How long one send may take before the sender stops waiting for it (about 12.5 minutes): longer than the SMTP
 * transport's own waits (connecting, the greeting, then up to 10 minutes for the server's reply to the end of DATA),
 * which end a send first. A sender that gave up sooner would mark the message failed while the server may still
 * accept it, and send it again: a slow server would receive every message several times.
 */
export const defaultSendTimeoutMs = 2 * smtpConnectTimeoutMs + smtpReplyTimeoutMs + 2 * minute;

/**
 * How long a claim holds a message (15 minutes): longer than the longest send, so no other process or replica claims
 * a message that is still being sent. The price: a process killed while sending leaves its claimed messages waiting
 * until the lease has run out, then another sender sends them (with the same Message-ID).
 */
export const defaultLeaseMs = defaultSendTimeoutMs + 2.5 * minute;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelay(attempts: number, retry = { firstMs: 30_000, maxMs: 60 * minute }): number {
  return Math.min(retry.maxMs, retry.firstMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/** A duration as the log says it: "30 s", "2 min", "24 hours". */
const seconds = (ms: number) =>
  ms >= 120 * minute
    ? `${Math.round(ms / (60 * minute))} hours`
    : ms >= minute
      ? `${Math.round(ms / minute)} min`
      : `${Math.max(0, Math.round(ms / 1000))} s`;

export function startMailSender(options: MailSenderOptions): MailSender {
  const { outbox, transport, from, log } = options;
  const metrics = options.metrics ?? sharedMetrics();
  const pollMs = options.pollMs ?? 5_000;
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  const batch = options.batch ?? 10;
  const parallel = Math.max(1, options.parallel ?? 3);
  const sendTimeoutMs = options.sendTimeoutMs ?? defaultSendTimeoutMs;
  // A lease shorter than a send would let another sender claim a message while it is still being sent.
  if (!(leaseMs > sendTimeoutMs)) throw new Error("The outbox lease must be longer than the send timeout.");
  const retry = options.retry ?? { firstMs: 30_000, maxMs: 60 * minute };
  const giveUpAfterMs = options.giveUpAfterMs ?? 24 * 60 * minute;

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  /** Whether the store failed last time: said once, and once more when it answers again. */
  let storeDown = false;
  /** Failed sends in a row: the first is logged, the rest only counted until one succeeds. */
  let failuresInARow = 0;
  /** Outcomes the store could not record (it was down): written before the next claim, so nothing is sent twice. */
  const unrecorded = new Map<number, () => Promise<void>>();
  /** Kinds seen waiting: a kind that stops waiting is set back to 0 rather than left at its last value. */
  const kindsSeen = new Set<string>(mailKinds);

  const storeFailed = (error: unknown) => {
    if (storeDown) return;
    storeDown = true;
    log.error(
      `E-mail: the store cannot be reached (${reason(error)}); the outbox waits, and is tried again every ${seconds(pollMs)}.`,
    );
  };
  const storeAnswered = () => {
    if (!storeDown) return;
    storeDown = false;
    log.info("E-mail: the store answers again; sending resumes.");
  };

  /** Writes an outcome, or keeps it to write on the next run when the store cannot take it now. */
  async function record(id: number, write: () => Promise<void>): Promise<void> {
    try {
      await write();
      unrecorded.delete(id);
      storeAnswered();
    } catch (error) {
      unrecorded.set(id, write);
      storeFailed(error);
    }
  }

  async function giveUp(mail: ClaimedMail, why: string) {
    await record(mail.id, () => outbox.markFailed(mail.id, why, undefined));
    metrics.outboxFailed.inc({ kind: mail.kind });
    log.error(`E-mail: gave up on a ${mail.kind} message to ${recipientDomain(mail.to)} (${why}).`);
  }

  async function deliver(mail: ClaimedMail, leaseEnds: number): Promise<void> {
    const age = Date.now() - Date.parse(mail.createdAt);
    if (!(age <= giveUpAfterMs)) {
      await giveUp(mail, `not sent within ${seconds(giveUpAfterMs)}`);
      return;
    }
    // Too little of the lease left to finish: another sender might claim it meanwhile and send it too.
    if (Date.now() + sendTimeoutMs >= leaseEnds) {
      await record(mail.id, () => outbox.release(mail.id));
      return;
    }
    const stopTimer = metrics.outboxSendDuration.startTimer({ kind: mail.kind });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        transport.send({ ...mail, from }),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new MailSendError(`no answer within ${seconds(sendTimeoutMs)}`)),
            sendTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      stopTimer({ outcome: "failed" });
      await failed(mail, error);
      return;
    } finally {
      clearTimeout(timer);
    }
    stopTimer({ outcome: "sent" });
    if (failuresInARow > 0) {
      log.info(
        `E-mail: sending again, after ${failuresInARow} failed ${failuresInARow === 1 ? "attempt" : "attempts"}.`,
      );
      failuresInARow = 0;
    }
    metrics.outboxSent.inc({ kind: mail.kind });
    await record(mail.id, () => outbox.markSent(mail.id, { keepBody: options.keepSecretBodies }));
  }

  async function failed(mail: ClaimedMail, error: unknown) {
    const why = error instanceof MailSendError ? error.message : `unexpected error: ${reason(error)}`;
    const retryAt = Date.now() + retryDelay(mail.attempts, retry);
    if (error instanceof MailSendError && error.permanent) {
      await giveUp(mail, why);
      return;
    }
    if (retryAt - Date.parse(mail.createdAt) > giveUpAfterMs) {
      await giveUp(mail, `not sent within ${seconds(giveUpAfterMs)}; last: ${why}`);
      return;
    }
    failuresInARow += 1;
    if (failuresInARow === 1) {
      log.warn(
        `E-mail: could not send a ${mail.kind} message to ${recipientDomain(mail.to)} (${why}); ` +
          `it waits in the outbox and is tried again in ${seconds(retryAt - Date.now())}.`,
      );
    }
    await record(mail.id, () => outbox.markFailed(mail.id, why, retryAt));
  }

  /** Up to `parallel` sends at a time over the claimed messages. */
  async function deliverAll(claimed: ClaimedMail[], leaseEnds: number) {
    const queue = [...claimed];
    const worker = async () => {
      for (let mail = queue.shift(); mail; mail = queue.shift()) await deliver(mail, leaseEnds);
    };
    await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  }

  async function runOnce() {
    for (const [id, write] of [...unrecorded]) {
      await record(id, write);
      if (storeDown) return;
    }
    for (;;) {
      if (stopped) return;
      const leaseEnds = Date.now() + leaseMs;
      let claimed: ClaimedMail[];
      try {
        claimed = await outbox.claim(batch, leaseMs);
      } catch (error) {
        storeFailed(error);
        return;
      }
      storeAnswered();
      if (claimed.length === 0) break;
      await deliverAll(claimed, leaseEnds);
      if (claimed.length < batch || storeDown) break;
    }
    try {
      const { waiting } = await outbox.counts();
      for (const kind of Object.keys(waiting)) kindsSeen.add(kind);
      for (const kind of kindsSeen) metrics.outboxWaiting.set({ kind }, waiting[kind] ?? 0);
    } catch (error) {
      storeFailed(error);
    }
  }

  /** Starts a run, or asks the current one to look once more when it ends: never two runs at once. */
  function run(): Promise<void> {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (error) {
          // Nothing above should throw; if it does, the next poll tries again rather than the process falling over.
          log.error(`E-mail: the sender failed (${reason(error)}); it runs again in ${seconds(pollMs)}.`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void run(), pollMs);
  // The sender never keeps a process alive on its own: the server (or a test) does.
  timer.unref();
  void run();

  return {
    nudge() {
      void run();
    },
    drain: () => run(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
