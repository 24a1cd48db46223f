import { randomUUID } from "node:crypto";
import type { Db, StoreDatabase } from "./database.server";
import { now } from "./guard.server";
import { type MailCaps, withinMailCaps } from "./mail-caps.server";
import type { MailAttachment, MailWriter, QueuedEvent, StoreEvent } from "./mail-events.server";
import type { StoreMail } from "./store.server";

/**
 * Putting e-mail into the outbox (outbox.server.ts): inside the transaction that causes it (queueEvent), or, for what
 * happens outside the store's own transactions, in a transaction of its own (MailQueue).
 */

/** What the site asks to send; the body's links are already built from SITE_URL. */
export interface OutgoingMail {
  /** What kind of e-mail it is ("verify-email", ...): the metrics and the log name it, never the recipient. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The account it concerns, so an erasure of the account removes it. */
  accountKey?: string;
  /** The body holds a live link (a verification token): emptied as soon as it is sent. */
  secret?: boolean;
  /** The inbox entry it is about (a receipt, a decision, a team notice): the inbox lists it there. */
  entry?: { section: string; id: number };
  /** The council member who asked for it (their College ID). */
  queuedBy?: string;
  /** Files sent with it (the hackathon's calendar file). */
  attachments?: MailAttachment[];
  /** What happened, as the store recorded it (kept beside the words, and emptied with them). */
  event?: StoreEvent;
}

/** Where the outbox's Message-IDs say they come from (the site's host name), and the caps it keeps. */
export interface OutboxSettings {
  messageIdDomain: string;
  /**
   * The caps on the e-mails visitors cause, with the store whose lock counts them (set by openBuiltInStore for
   * every store that sends mail; unset, as in the outbox's own tests, nothing is capped).
   */
  capsIn?: { caps: MailCaps; store: Pick<StoreDatabase, "lock"> };
}

/** The transactions that queued an e-mail, until their end is seen (see `queuedMailIn`). */
const queuingTransactions = new WeakSet<Db>();

/**
 * Whether the transaction `trx` queued an e-mail since the last ask (the question also forgets it): the store asks at
 * the end of each write transaction, to wake the sender once the e-mail is committed.
 */
export function queuedMailIn(trx: Db): boolean {
  const queued = queuingTransactions.has(trx);
  queuingTransactions.delete(trx);
  return queued;
}

/**
 * Writes one e-mail into the outbox, inside the caller's transaction, unless a cap holds it back (mail-caps.server.ts):
 * then nothing is queued, and what caused it goes on. Whether it was queued.
 */
export async function enqueueMail(trx: Db, settings: OutboxSettings, mail: OutgoingMail): Promise<boolean> {
  if (settings.capsIn && !(await withinMailCaps(settings.capsIn.store, trx, settings.capsIn.caps, mail))) return false;
  queuingTransactions.add(trx);
  await trx
    .insertInto("outbox")
    .values({
      kind: mail.kind,
      recipient: mail.to.trim(),
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      message_id: `<${randomUUID()}@${settings.messageIdDomain}>`,
      account_key: mail.accountKey ?? null,
      secret: mail.secret ? 1 : 0,
      status: "queued",
      attempts: 0,
      next_attempt_at: Date.now(),
      lease_until: null,
      last_error: null,
      created_at: now(),
      sent_at: null,
      body_deleted_at: null,
      entry_section: mail.entry?.section ?? null,
      entry_id: mail.entry?.id ?? null,
      queued_by: mail.queuedBy ?? null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      event: mail.event ? JSON.stringify(mail.event) : null,
    })
    .execute();
  return true;
}

/**
 * Records what happened for its recipient, inside the caller's transaction: the event, and the e-mail the mail
 * module's writer makes of it in the recipient's language, written together into the outbox (unless a cap holds it
 * back, as `enqueueMail`). Whether it was queued.
 */
export function queueEvent(
  trx: Db,
  settings: OutboxSettings & { writer: MailWriter },
  { event, ...queued }: QueuedEvent,
): Promise<boolean> {
  return enqueueMail(trx, settings, { kind: event.kind, ...queued, ...settings.writer.write(event), event });
}

/**
 * The outbox for what happens outside the store's own transactions: an identity provider elsewhere (Firebase) has
 * already done its part when its event is recorded, so the event and its e-mail get a transaction of their own.
 */
export interface MailQueue {
  /** The store's own mail settings, for store functions that queue in the caller's transaction (a removed account's teams). */
  readonly storeMail: StoreMail;
  /**
   * Records one event and writes its e-mail into the outbox; the outbox sender sends it. False when a cap held it
   * back. A database fault rejects the promise.
   */
  queue(queued: QueuedEvent): Promise<boolean>;
  /** The same, inside the caller's write transaction (a council decision and its e-mails). */
  queueIn(trx: Db, queued: QueuedEvent): Promise<boolean>;
}

export function createMailQueue(store: StoreDatabase, settings: StoreMail): MailQueue {
  return {
    storeMail: settings,
    queue: (queued) => store.write((trx) => queueEvent(trx, settings, queued)),
    queueIn: (trx, queued) => queueEvent(trx, settings, queued),
  };
}
