import { type Selectable, sql } from "kysely";
import type { Db, StoreDatabase } from "./database.server";
import { now } from "./guard.server";
import type { MailAttachment } from "./mail-events.server";
import type { OutboxTable } from "./mail-tables.server";

/** An outbox row as read. */
export type OutboxRow = Selectable<OutboxTable>;

/**
 * The outbox (docs/decisions/0016): every e-mail the site sends is first a row here, written in the same transaction
 * as what causes it, so an e-mail exists exactly when its cause was committed. Senders in every server process claim
 * due rows for a lease, send them, and mark them sent or due again later. A claim is one statement on PostgreSQL
 * (`FOR UPDATE SKIP LOCKED`: two replicas never claim the same row) and one write transaction on SQLite (one writer
 * at a time, across processes). A sender that dies holding a lease leaves the row to be claimed again once the lease
 * has run out; the row keeps its Message-ID, so a message sent twice after such a crash is one message to the reader.
 */

export type { MailAttachment } from "./mail-events.server";

/** A claimed message, as the sender needs it. */
export interface ClaimedMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Including this one. */
  attempts: number;
  createdAt: string;
  attachments?: MailAttachment[];
}

function attachmentsOf(row: Pick<OutboxRow, "attachments">): MailAttachment[] {
  if (!row.attachments) return [];
  try {
    const parsed = JSON.parse(row.attachments) as unknown;
    return Array.isArray(parsed) ? (parsed as MailAttachment[]) : [];
  } catch {
    return [];
  }
}

export interface OutboxCounts {
  /** Messages waiting to be sent (due now or later), by kind. */
  waiting: Record<string, number>;
}

/** The sender's side of the outbox. */
export interface OutboxStore {
  /** Claims up to `limit` due messages for `leaseMs`: nobody else claims them until the lease runs out. */
  claim(limit: number, leaseMs: number): Promise<ClaimedMail[]>;
  /**
   * The SMTP server accepted it. A secret body (a live link) is emptied then, unless `keepBody`: the development
   * viewer (/dev/outbox) keeps showing what the log transport "sent".
   */
  markSent(id: number, options?: { keepBody?: boolean }): Promise<void>;
  /** Hands a claimed message back unsent (the sender ran out of lease to try it): due again at once. */
  release(id: number): Promise<void>;
  /** It failed; tried again at `retryAt` (milliseconds since 1970), or given up on (`retryAt` undefined). */
  markFailed(id: number, error: string, retryAt: number | undefined): Promise<void>;
  counts(): Promise<OutboxCounts>;
  /** The soonest time a queued message falls due (milliseconds since 1970), if any is queued. */
  nextDue(): Promise<number | undefined>;
  /** Every message's state, newest first, for the development viewer and the tests; never shown in production. */
  recent(limit: number): Promise<OutboxRow[]>;
}

// The row's kind and times stay: the inbox says which e-mails went out, and when.
const emptyBody = { subject: "", text_body: "", html_body: "", attachments: null, event: null };

export function createOutbox(store: StoreDatabase): OutboxStore {
  const rowToMail = (row: OutboxRow): ClaimedMail => ({
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    messageId: row.message_id,
    attempts: row.attempts,
    createdAt: row.created_at,
    attachments: attachmentsOf(row),
  });

  return {
    async claim(limit, leaseMs) {
      const at = Date.now();
      if (store.engine === "postgres") {
        const { rows } = await store.write((trx) =>
          // The locking SELECT as a CTE, which PostgreSQL evaluates once: as an `IN (...)` subquery the planner may
          // run it again for the outer rows, and claim more than `limit` rows or rows another replica holds.
          sql<OutboxRow>`
            WITH due AS (
              SELECT id FROM outbox
              WHERE status = 'queued' AND next_attempt_at <= ${at} AND (lease_until IS NULL OR lease_until <= ${at})
              ORDER BY next_attempt_at, id
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED
            )
            UPDATE outbox SET lease_until = ${at + leaseMs}, attempts = outbox.attempts + 1
            FROM due WHERE outbox.id = due.id
            RETURNING outbox.*`.execute(trx),
        );
        return rows.map(rowToMail).sort((a, b) => a.id - b.id);
      }
      // SQLite: the write transaction admits one process at a time, so select-then-update cannot interleave.
      const rows = await store.write(async (trx) => {
        const due = await trx
          .selectFrom("outbox")
          .select("id")
          .where("status", "=", "queued")
          .where("next_attempt_at", "<=", at)
          .where((where) => where.or([where("lease_until", "is", null), where("lease_until", "<=", at)]))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit)
          .execute();
        if (due.length === 0) return [];
        const ids = due.map(({ id }) => id);
        return trx
          .updateTable("outbox")
          .set((set) => ({ lease_until: at + leaseMs, attempts: set("attempts", "+", 1) }))
          .where("id", "in", ids)
          .returningAll()
          .execute();
      });
      return rows.map(rowToMail).sort((a, b) => a.id - b.id);
    },

    async markSent(id, options = {}) {
      await store.write(async (trx) => {
        const row = await trx.selectFrom("outbox").select("secret").where("id", "=", id).executeTakeFirst();
        if (!row) return; // erased meanwhile
        const at = now();
        await trx
          .updateTable("outbox")
          .set({
            status: "sent",
            sent_at: at,
            lease_until: null,
            last_error: null,
            ...(row.secret && !options.keepBody ? { ...emptyBody, body_deleted_at: at } : {}),
          })
          .where("id", "=", id)
          .execute();
      });
    },

    async release(id) {
      await store.write((trx) =>
        trx
          .updateTable("outbox")
          .set((set) => ({ lease_until: null, attempts: set("attempts", "-", 1) }))
          .where("id", "=", id)
          .where("status", "=", "queued")
          .execute(),
      );
    },

    async markFailed(id, error, retryAt) {
      await store.write((trx) =>
        trx
          .updateTable("outbox")
          .set(
            retryAt === undefined
              ? { status: "failed", lease_until: null, last_error: error.slice(0, 500) }
              : { next_attempt_at: retryAt, lease_until: null, last_error: error.slice(0, 500) },
          )
          .where("id", "=", id)
          .execute(),
      );
    },

    async counts() {
      const rows = await store.read((trx) =>
        trx
          .selectFrom("outbox")
          .select(["kind", (eb) => eb.fn.countAll<number>().as("count")])
          .where("status", "=", "queued")
          .groupBy("kind")
          .execute(),
      );
      return { waiting: Object.fromEntries(rows.map(({ kind, count }) => [kind, Number(count)])) };
    },

    async nextDue() {
      const row = await store.read((trx) =>
        trx
          .selectFrom("outbox")
          .select((eb) => eb.fn.min<number>("next_attempt_at").as("due"))
          .where("status", "=", "queued")
          .executeTakeFirst(),
      );
      return row?.due === null || row?.due === undefined ? undefined : Number(row.due);
    },

    recent(limit) {
      return store.read((trx) => trx.selectFrom("outbox").selectAll().orderBy("id", "desc").limit(limit).execute());
    },
  };
}

/** Empties the bodies of messages sent (or given up on) before `cutoff`; the rows stay as a record of what went. */
export async function deleteOldMailBodies(trx: Db, cutoff: string): Promise<number> {
  const result = await trx
    .updateTable("outbox")
    .set({ ...emptyBody, body_deleted_at: now() })
    .where("status", "in", ["sent", "failed"])
    .where("created_at", "<", cutoff)
    .where("body_deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The e-mails about an inbox entry that is being erased go with it (an erasure leaves no copy in the outbox). */
export async function deleteEntryMail(trx: Db, section: string, id: number): Promise<void> {
  await trx.deleteFrom("outbox").where("entry_section", "=", section).where("entry_id", "=", id).execute();
}
