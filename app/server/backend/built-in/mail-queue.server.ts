import type { MailSite } from "../../mail/messages.server";
import type { Db, StoreDatabase } from "./database.server";
import type { StoreMail } from "./index.server";
import { enqueueMail, type OutgoingMail } from "./outbox.server";

/**
 * The outbox for what happens outside the store's own transactions: an identity provider elsewhere (Firebase) has
 * already done its part when its e-mail is written, so the e-mail gets a transaction of its own.
 */
export interface MailQueue {
  /** Where the e-mails' links point and whom they come from. */
  readonly site: MailSite;
  /** The store's own mail settings, for store functions that queue in the caller's transaction (a removed account's teams). */
  readonly storeMail: StoreMail;
  /**
   * Writes one e-mail into the outbox; the outbox sender sends it. False when a cap held it back. A database fault
   * rejects the promise.
   */
  queue(mail: OutgoingMail): Promise<boolean>;
  /**
   * Writes one e-mail into the outbox inside the caller's write transaction (a council decision and its e-mails).
   * False when a cap held it back.
   */
  queueIn(trx: Db, mail: OutgoingMail): Promise<boolean>;
}

export function createMailQueue(store: StoreDatabase, settings: StoreMail): MailQueue {
  return {
    site: settings,
    storeMail: settings,
    queue: (mail) => store.write((trx) => enqueueMail(trx, settings, mail)),
    queueIn: (trx, mail) => enqueueMail(trx, settings, mail),
  };
}
