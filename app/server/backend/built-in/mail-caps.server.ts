import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { sharedMetrics } from "../../ops/metrics.server";
import { log } from "../../ops/log.server";
import type { Db, StoreDatabase } from "./database.server";

/**
 * Caps on the e-mails a visitor can make the site send (docs/decisions/0022): per recipient address, per client and
 * for the site as a whole. They are counted in the store's `mail_caps` table, which every replica shares, in the
 * transaction that queues the e-mail, under one lock: two replicas never both send the last one a cap allows. The
 * table keeps SHA-256s of the address and the client, never either, and only for a day; an erasure of an account
 * leaves it, or register → delete → register would start the count again.
 *
 * A message a cap holds back is not queued: what caused it (a registration, a team) is saved all the same, a metric
 * counts it by kind and reason, and a log line says so without the address. Mail a council member causes (a decision,
 * a checked College ID) has no cap: members act on what is in front of them, once.
 */

export interface MailCaps {
  /** Verification links to one address in a day. */
  verificationsPerAddress: number;
  /** Receipts and notices to one address in a day, whoever caused them. */
  noticesPerAddress: number;
  /** E-mails of either kind one client address causes in an hour. */
  perClient: number;
  /** E-mails of either kind visitors cause across the site in an hour. */
  site: number;
}

/**
 * The caps unless the environment says otherwise (MAIL_CAP_PER_CLIENT, MAIL_CAP_SITE). Five links a day cover
 * registering, three "Send the link again" and one more try; five notices a day cover a receipt, a team notice and a
 * leader told about members leaving, while a stranger can fill nobody's inbox. Thirty an hour from one client lets a
 * campus network register thirty accounts or teams an hour (one e-mail each without a proven sign-in); five hundred
 * an hour for the site is several times the busiest hour of a hackathon's registration, and stops a spam run from
 * many addresses before it costs the council's domain its reputation.
 */
export const defaultMailCaps: MailCaps = {
  verificationsPerAddress: 5,
  noticesPerAddress: 5,
  perClient: 30,
  site: 500,
};

/** What each capped kind counts as; the kinds a council member causes are not here, and have no cap. */
const cappedKinds: Readonly<Record<string, "verification" | "notice">> = {
  "verify-email": "verification",
  "college-id-claim": "notice",
  "application-receipt": "notice",
  "team-receipt": "notice",
  "team-member-notice": "notice",
  "team-member-removed": "notice",
  "team-disbanded": "notice",
};

/** Whether a kind of e-mail is one a visitor can cause, and so capped. */
export const isCappedKind = (kind: string): boolean => Object.hasOwn(cappedKinds, kind);

const kindsOf = (group: "verification" | "notice") =>
  Object.entries(cappedKinds)
    .filter(([, value]) => value === group)
    .map(([kind]) => kind);

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/** Why a message was held back. */
export type HeldBackReason = "recipient" | "client" | "site";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const recipientKey = (address: string) => sha256(`recipient:${address.trim().toLowerCase()}`);
const clientKey = (client: string) => sha256(`client:${client}`);

/**
 * The client address of the request being answered, for the cap per client: the root middleware runs every request
 * inside it (`mailClientMiddleware`), so no backend call needs the request.
 */
const mailClient = new AsyncLocalStorage<{ client: string | undefined }>();

/** Runs `work` as caused by `client` (the X-Client-Address server/http.ts sets). */
export function asMailClient<T>(client: string | undefined, work: () => T): T {
  return mailClient.run({ client }, work);
}

const heldBackLine = (kind: string, reason: HeldBackReason) =>
  `E-mail held back: a ${kind} e-mail was not queued, the cap per ${reason === "site" ? "site" : reason} is reached`;

/**
 * Inside the queuing transaction: whether one more e-mail of `kind` to `to` stays within the caps, counted in the same
 * transaction; when it does, it is counted. Kinds without a cap always pass.
 */
export async function withinMailCaps(
  store: Pick<StoreDatabase, "lock">,
  trx: Db,
  caps: MailCaps,
  mail: { kind: string; to: string },
): Promise<boolean> {
  const group = cappedKinds[mail.kind];
  if (!Object.hasOwn(cappedKinds, mail.kind) || !group) return true;
  // One queuing transaction at a time counts: across replicas on PostgreSQL (an advisory lock), and SQLite's write
  // lock admits one writer anyway. Taken last in every transaction that queues mail, so it waits on nothing else.
  await store.lock(trx, "mail-caps");
  const at = Date.now();
  const since = (ms: number) => new Date(at - ms).toISOString();
  await trx.deleteFrom("mail_caps").where("created_at", "<", since(dayMs)).execute();
  const count = async (where: { recipient?: string; client?: string; kinds?: string[]; ms: number }) => {
    let query = trx
      .selectFrom("mail_caps")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", since(where.ms));
    if (where.recipient) query = query.where("recipient_key", "=", where.recipient);
    if (where.client) query = query.where("client_key", "=", where.client);
    if (where.kinds) query = query.where("kind", "in", where.kinds);
    return Number((await query.executeTakeFirst())?.count ?? 0);
  };
  const recipient = recipientKey(mail.to);
  const client = mailClient.getStore()?.client;
  const perAddress = group === "verification" ? caps.verificationsPerAddress : caps.noticesPerAddress;
  let reason: HeldBackReason | undefined;
  if ((await count({ recipient, kinds: kindsOf(group), ms: dayMs })) >= perAddress) reason = "recipient";
  else if (client && (await count({ client: clientKey(client), ms: hourMs })) >= caps.perClient) reason = "client";
  else if ((await count({ ms: hourMs })) >= caps.site) reason = "site";
  if (reason) {
    sharedMetrics().mailHeldBack.inc({ kind: mail.kind, reason });
    log.warn(heldBackLine(mail.kind, reason));
    return false;
  }
  await trx
    .insertInto("mail_caps")
    .values({
      kind: mail.kind,
      recipient_key: recipient,
      client_key: client ? clientKey(client) : null,
      created_at: new Date(at).toISOString(),
    })
    .execute();
  return true;
}
