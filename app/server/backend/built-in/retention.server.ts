import { sql } from "kysely";
import { inboxSections } from "~/inbox/sections";
import type { StoreDatabase } from "./database.server";
import { now } from "./guard.server";
import { recordErasure } from "./students.server";

/**
 * Retention: an ID card image is deleted `idCardDays` after it was sent (the account keeps working, and the profile
 * says when it was deleted); declined and archived inbox entries are deleted `submissionDays` after they arrived.
 * New, seen and accepted entries are kept: the council is still acting on them.
 */
export interface RetentionSettings {
  idCardDays: number;
  submissionDays: number;
}

export interface RetentionCounts {
  idCards: number;
  entries: number;
}

const daysAgo = (days: number, from = Date.now()) => new Date(from - days * 24 * 60 * 60 * 1000).toISOString();

export async function applyRetention(store: StoreDatabase, settings: RetentionSettings): Promise<RetentionCounts> {
  const idCardCutoff = daysAgo(settings.idCardDays);
  const entryCutoff = daysAgo(settings.submissionDays);
  const counts = await store.write(async (trx) => {
    const empty = { id_card: Buffer.alloc(0), id_card_type: "", id_card_deleted_at: now() };
    const accounts = await trx
      .updateTable("accounts")
      .set(empty)
      .where("created_at", "<", idCardCutoff)
      .where("id_card_deleted_at", "is", null)
      .executeTakeFirst();
    const profiles = await trx
      .updateTable("profiles")
      .set(empty)
      .where("saved_at", "<", idCardCutoff)
      .where("id_card_deleted_at", "is", null)
      .executeTakeFirst();

    let entries = 0;
    for (const section of inboxSections) {
      const { rows } = await sql<{ id: number }>`
        DELETE FROM ${sql.table(section)} WHERE created_at < ${entryCutoff} AND id IN (
          SELECT entry_id FROM triage_state WHERE section = ${section} AND status IN ('declined', 'archived')
        ) RETURNING id`.execute(trx);
      for (const { id } of rows) {
        await trx.deleteFrom("triage_state").where("section", "=", section).where("entry_id", "=", id).execute();
        await recordErasure(trx, { section, entry_id: id, what: "entry", reason: "retention" });
      }
      entries += rows.length;
    }
    return { idCards: Number(accounts.numUpdatedRows) + Number(profiles.numUpdatedRows), entries };
  });
  if (counts.idCards + counts.entries > 0) await store.afterErasure();
  return counts;
}
