import type { Migration } from "./index";

/**
 * Proven identity (docs/decisions/0017) and the outbox (docs/decisions/0016).
 *
 * - Every account gets `uid`, a random key that is never reused (SQLite reuses a deleted row's id): entries sent
 *   while signed in record it in `sent_by`, so they stay the account's and nobody else's.
 * - An account's e-mail counts only once verified (`email_verified_at`), its College ID only once the council has
 *   checked the ID card (`college_id_checked_at`). One verified account per address, ignoring letter case, is the
 *   database's rule; registration also refuses a second unverified one (under a lock, see accounts.server.ts).
 *   An account registered while the site sends e-mail must be verified by `verify_by` (7 days) or retention removes
 *   it; accounts from before (and from a site without e-mail) have none, and are never removed for it. A Firebase
 *   account's deadline is kept beside its details (`profiles.verify_by`): Firebase holds its `emailVerified` flag.
 * - `email_tokens`: single-use links (verification), stored as SHA-256 hashes.
 * - `outbox`: every e-mail, written in the transaction that causes it and sent by the outbox sender.
 * - `college_id_claims`: "This College ID is mine", with the new ID card, for the council to resolve.
 */
export const migration: Migration = {
  version: 6,
  name: "proven e-mail, checked College IDs, entries linked to accounts, the outbox",
  sqlite: `
    ALTER TABLE accounts ADD COLUMN uid TEXT;
    UPDATE accounts SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL;
    CREATE UNIQUE INDEX IF NOT EXISTS accounts_by_uid ON accounts (uid);
    ALTER TABLE accounts ADD COLUMN email_verified_at TEXT;
    ALTER TABLE accounts ADD COLUMN verify_by TEXT;
    ALTER TABLE accounts ADD COLUMN college_id_checked_at TEXT;
    ALTER TABLE accounts ADD COLUMN college_id_checked_by TEXT;
    CREATE INDEX IF NOT EXISTS accounts_by_email ON accounts (lower(email));
    CREATE UNIQUE INDEX IF NOT EXISTS accounts_verified_email ON accounts (lower(email))
      WHERE email_verified_at IS NOT NULL;
    ALTER TABLE profiles ADD COLUMN college_id_checked_at TEXT;
    ALTER TABLE profiles ADD COLUMN college_id_checked_by TEXT;
    ALTER TABLE profiles ADD COLUMN verify_by TEXT;

    ALTER TABLE applications ADD COLUMN sent_by TEXT;
    ALTER TABLE ideas ADD COLUMN sent_by TEXT;
    ALTER TABLE suggestions ADD COLUMN sent_by TEXT;
    ALTER TABLE teams ADD COLUMN sent_by TEXT;
    CREATE INDEX IF NOT EXISTS applications_by_sender ON applications (sent_by);
    CREATE INDEX IF NOT EXISTS ideas_by_sender ON ideas (sent_by);
    CREATE INDEX IF NOT EXISTS suggestions_by_sender ON suggestions (sent_by);
    CREATE INDEX IF NOT EXISTS teams_by_sender ON teams (sent_by);

    CREATE TABLE IF NOT EXISTS email_tokens (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      token_hash TEXT NOT NULL UNIQUE,
      account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      purpose TEXT NOT NULL CHECK (purpose IN ('verify-email')),
      email TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at TEXT
    );
    CREATE INDEX IF NOT EXISTS email_tokens_by_account ON email_tokens (account_id);

    CREATE TABLE IF NOT EXISTS outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      recipient TEXT NOT NULL,
      subject TEXT NOT NULL,
      text_body TEXT NOT NULL,
      html_body TEXT NOT NULL,
      message_id TEXT NOT NULL UNIQUE,
      account_key TEXT,
      secret INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      lease_until INTEGER,
      last_error TEXT,
      created_at TEXT NOT NULL,
      sent_at TEXT,
      body_deleted_at TEXT
    );
    CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX IF NOT EXISTS outbox_by_recipient ON outbox (lower(recipient));
    CREATE INDEX IF NOT EXISTS outbox_by_account ON outbox (account_key);

    CREATE TABLE IF NOT EXISTS college_id_claims (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      enrollment TEXT NOT NULL,
      username TEXT NOT NULL,
      email TEXT NOT NULL,
      id_card_type TEXT NOT NULL,
      id_card BLOB NOT NULL,
      created_at TEXT NOT NULL,
      resolved_at TEXT,
      resolution TEXT CHECK (resolution IN ('claimant', 'account')),
      resolved_by TEXT
    );
  `,
  postgres: `
    ALTER TABLE accounts ADD COLUMN uid text;
    UPDATE accounts SET uid = replace(gen_random_uuid()::text, '-', '') WHERE uid IS NULL;
    CREATE UNIQUE INDEX accounts_by_uid ON accounts (uid);
    ALTER TABLE accounts ADD COLUMN email_verified_at text;
    ALTER TABLE accounts ADD COLUMN verify_by text;
    ALTER TABLE accounts ADD COLUMN college_id_checked_at text;
    ALTER TABLE accounts ADD COLUMN college_id_checked_by text;
    CREATE INDEX accounts_by_email ON accounts (lower(email));
    CREATE UNIQUE INDEX accounts_verified_email ON accounts (lower(email)) WHERE email_verified_at IS NOT NULL;
    ALTER TABLE profiles ADD COLUMN college_id_checked_at text;
    ALTER TABLE profiles ADD COLUMN college_id_checked_by text;
    ALTER TABLE profiles ADD COLUMN verify_by text;

    ALTER TABLE applications ADD COLUMN sent_by text;
    ALTER TABLE ideas ADD COLUMN sent_by text;
    ALTER TABLE suggestions ADD COLUMN sent_by text;
    ALTER TABLE teams ADD COLUMN sent_by text;
    CREATE INDEX applications_by_sender ON applications (sent_by);
    CREATE INDEX ideas_by_sender ON ideas (sent_by);
    CREATE INDEX suggestions_by_sender ON suggestions (sent_by);
    CREATE INDEX teams_by_sender ON teams (sent_by);

    CREATE TABLE email_tokens (
      id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify-email')),
      email text NOT NULL,
      created_at text NOT NULL,
      expires_at bigint NOT NULL,
      used_at text
    );
    CREATE INDEX email_tokens_by_account ON email_tokens (account_id);

    CREATE TABLE outbox (
      id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      message_id text NOT NULL UNIQUE,
      account_key text,
      secret integer NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at bigint NOT NULL,
      lease_until bigint,
      last_error text,
      created_at text NOT NULL,
      sent_at text,
      body_deleted_at text
    );
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_by_recipient ON outbox (lower(recipient));
    CREATE INDEX outbox_by_account ON outbox (account_key);

    CREATE TABLE college_id_claims (
      id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      enrollment text NOT NULL,
      username text NOT NULL,
      email text NOT NULL,
      id_card_type text NOT NULL,
      id_card bytea NOT NULL,
      created_at text NOT NULL,
      resolved_at text,
      resolution text CHECK (resolution IN ('claimant', 'account')),
      resolved_by text
    );
  `,
};
