import type { Migration } from "./index";

/**
 * Students hear back (receipts, the council's decision, team members told).
 *
 * - `outbox.entry_section` and `outbox.entry_id`: the inbox entry an e-mail is about (a receipt, a decision, a team
 *   notice), so the inbox lists per entry which e-mails went out, and erasing the entry removes them.
 *   `queued_by`: the council member who asked for it (a decision). `attachments`: JSON, `[{ filename, contentType,
 *   content }]` with text content (the hackathon's calendar file); emptied with the body.
 * - One decision e-mail per decision and entry: a unique index, so accepting again (or two members at once) never
 *   sends it twice.
 * - `team_members.notice_token_hash`: the SHA-256 of the member's link (remove or confirm; a random token, never
 *   stored); `confirmed_at`: when the member confirmed they are in the team.
 */
export const migration: Migration = {
  version: 7,
  name: "e-mails about entries, decision e-mails once, team members confirm or remove themselves",
  sqlite: `
    ALTER TABLE outbox ADD COLUMN entry_section TEXT;
    ALTER TABLE outbox ADD COLUMN entry_id INTEGER;
    ALTER TABLE outbox ADD COLUMN queued_by TEXT;
    ALTER TABLE outbox ADD COLUMN attachments TEXT;
    CREATE INDEX IF NOT EXISTS outbox_by_entry ON outbox (entry_section, entry_id);
    CREATE UNIQUE INDEX IF NOT EXISTS outbox_one_decision ON outbox (entry_section, entry_id, kind)
      WHERE kind IN ('decision-accepted', 'decision-declined');

    ALTER TABLE team_members ADD COLUMN notice_token_hash TEXT;
    ALTER TABLE team_members ADD COLUMN confirmed_at TEXT;
    CREATE UNIQUE INDEX IF NOT EXISTS team_members_by_token ON team_members (notice_token_hash);
  `,
  postgres: `
    ALTER TABLE outbox ADD COLUMN entry_section text;
    ALTER TABLE outbox ADD COLUMN entry_id integer;
    ALTER TABLE outbox ADD COLUMN queued_by text;
    ALTER TABLE outbox ADD COLUMN attachments text;
    CREATE INDEX outbox_by_entry ON outbox (entry_section, entry_id);
    CREATE UNIQUE INDEX outbox_one_decision ON outbox (entry_section, entry_id, kind)
      WHERE kind IN ('decision-accepted', 'decision-declined');

    ALTER TABLE team_members ADD COLUMN notice_token_hash text;
    ALTER TABLE team_members ADD COLUMN confirmed_at text;
    CREATE UNIQUE INDEX team_members_by_token ON team_members (notice_token_hash);
  `,
};
