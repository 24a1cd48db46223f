import { sql } from "kysely";
import { inboxSections } from "~/inbox/sections";
import type { StoreDatabase } from "./database.server";
import { now } from "./guard.server";
import { deleteEndedReservations } from "./college-id-reservations.server";
import { deleteOldMailBodies } from "./outbox.server";
import type { StoreMail } from "./store.server";
import { forgetErasedEntry, recordErasure, removeAccountFromTeams } from "./student-records.server";

/**
 * Retention: an ID card image is deleted `idCardDays` after it was sent (the account keeps working, and the profile
 * says when it was deleted); declined and archived inbox entries are deleted `submissionDays` after they arrived.
 * New, seen and accepted entries are kept: the council is still acting on them.
 */
export interface RetentionSettings {
  idCardDays: number;
  submissionDays: number;
  /** Days a sent e-mail's text is kept (default 30). */
  mailDays?: number;
}

export interface RetentionCounts {
  idCards: number;
  entries: number;
  /** Accounts removed because their e-mail was not confirmed within 7 days (their College ID is free again). */
  unverifiedAccounts: number;
  /** Sent e-mails whose text was deleted. */
  mailBodies: number;
  /** College IDs no longer kept for a claimant (the period passed, or the claimant's account has them). */
  reservations: number;
}

/**
 * The rows that hold an ID card photo, with the column their keeping time counts from: the photo an account was
 * registered with and the one a saved profile holds are kept equally long.
 */
const idCardHolders = [
  { table: "accounts", since: "created_at" },
  { table: "profiles", since: "saved_at" },
] as const;

const daysAgo = (days: number, from = Date.now()) => new Date(from - days * 24 * 60 * 60 * 1000).toISOString();

export async function applyRetention(
  store: StoreDatabase,
  settings: RetentionSettings,
  mail?: StoreMail,
): Promise<RetentionCounts> {
  const idCardCutoff = daysAgo(settings.idCardDays);
  const entryCutoff = daysAgo(settings.submissionDays);
  const counts = await store.write(async (trx) => {
    const empty = { id_card: Buffer.alloc(0), id_card_type: "", id_card_deleted_at: now() };
    let idCards = 0;
    for (const { table, since } of idCardHolders) {
      const emptied = await trx
        .updateTable(table)
        .set(empty)
        .where(since, "<", idCardCutoff)
        .where("id_card_deleted_at", "is", null)
        .executeTakeFirst();
      idCards += Number(emptied.numUpdatedRows);
    }

    let entries = 0;
    for (const section of inboxSections) {
      const { rows } = await sql<{ id: number }>`
        DELETE FROM ${sql.table(section)} WHERE created_at < ${entryCutoff} AND id IN (
          SELECT entry_id FROM triage_state WHERE section = ${section} AND status IN ('declined', 'archived')
        ) RETURNING id`.execute(trx);
      for (const { id } of rows) {
        await forgetErasedEntry(trx, { section, entry_id: id, reason: "retention" });
      }
      entries += rows.length;
    }
    // Accounts nobody proved within 7 days of registering: whoever registered them never had the address (or gave up); their
    // College ID and address are free again. Their links go with them (ON DELETE CASCADE), their e-mails too.
    const unverified = await trx
      .deleteFrom("accounts")
      .where("email_verified_at", "is", null)
      .where("verify_by", "<", now())
      .returning("uid")
      .execute();
    for (const { uid } of unverified) {
      // Never confirmed, it is proven to lead only the teams it sent; their members were told only if the leader's
      // receipt button was pressed.
      await removeAccountFromTeams(trx, mail, { accountKey: uid }, { reason: "retention" });
      await trx.deleteFrom("outbox").where("account_key", "=", uid).execute();
      await recordErasure(trx, { section: "accounts", entry_id: null, what: "account", reason: "retention" });
    }

    // "This College ID is mine": the claimant's ID card is kept as long as any other, and the claim goes with it.
    const claims = await trx
      .deleteFrom("college_id_claims")
      .where("created_at", "<", idCardCutoff)
      .returning("id")
      .execute();
    idCards += claims.length;

    const mailBodies = await deleteOldMailBodies(trx, daysAgo(settings.mailDays ?? 30));
    // College IDs kept for a claimant: past their period, or now held by the claimant's own confirmed account. An
    // unconfirmed account with the claim's address (removed above after 7 days) does not end a reservation.
    const reservations = await deleteEndedReservations(trx);
    return { idCards, entries, unverifiedAccounts: unverified.length, mailBodies, reservations };
  });
  const deleted = counts.idCards + counts.entries + counts.unverifiedAccounts + counts.mailBodies + counts.reservations;
  if (deleted > 0) await store.afterErasure();
  return counts;
}
