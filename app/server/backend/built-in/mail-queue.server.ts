import type { Db, StoreDatabase } from "./database.server";
import type { StoreMail } from "./store.server";
import type { QueuedEvent } from "./mail-events.server";
import { queueEvent } from "./outbox.server";

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
