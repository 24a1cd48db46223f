import type { Migration } from "./index";

/**
 * Who the site writes to (docs/decisions/0022):
 *
 * - `mail_caps`: one row per e-mail a visitor caused, with SHA-256s of the recipient and client addresses (never
 *   either), kept a day: the caps per address, per client and for the site count them across replicas. Not the
 *   outbox itself: an erasure deletes an account's e-mails, and register, delete, register would count from zero.
 * - `team_members.held`: 1 while the team's leader has not proven the leader's address; the team's rows then take
 *   no part in "one team per e-mail address", so a stranger cannot learn from the form which addresses are in a team,
 *   and no member hears of the team. On SQLite the address's uniqueness is a column constraint, which cannot be made
 *   partial in place: the table is rebuilt as migration 8 did, with every column, index and id counter kept.
 * - `teams.leader_token_hash`: the SHA-256 of the link in the leader's receipt that tells the members.
 */
export const migration: Migration = {
  version: 12,
  name: "caps on the e-mails a visitor causes, team notices held until the leader is proven",
  sqlite: `
    CREATE TABLE mail_caps (
      kind TEXT NOT NULL,
      recipient_key TEXT NOT NULL,
      client_key TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX mail_caps_by_recipient ON mail_caps (recipient_key, created_at);
    CREATE INDEX mail_caps_by_client ON mail_caps (client_key, created_at);
    CREATE INDEX mail_caps_by_time ON mail_caps (created_at);
    ALTER TABLE teams ADD COLUMN leader_token_hash TEXT;
    CREATE UNIQUE INDEX teams_by_leader_token ON teams (leader_token_hash);

    CREATE TABLE new_team_members (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      email TEXT NOT NULL COLLATE NOCASE,
      phone TEXT NOT NULL,
      gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'other')),
      institution TEXT NOT NULL,
      skills TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('leader', 'member')),
      notice_token_hash TEXT,
      confirmed_at TEXT,
      held INTEGER NOT NULL DEFAULT 0,
      UNIQUE (team_id, position)
    );
    INSERT INTO new_team_members (id, team_id, position, name, email, phone, gender, institution, skills, role,
      notice_token_hash, confirmed_at)
      SELECT id, team_id, position, name, email, phone, gender, institution, skills, role, notice_token_hash,
        confirmed_at FROM team_members;
    INSERT INTO sqlite_sequence (name, seq)
      SELECT 'new_team_members', MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'team_members'), 0),
        COALESCE((SELECT MAX(id) FROM team_members), 0));
    DROP TABLE team_members;
    ALTER TABLE new_team_members RENAME TO team_members;
    CREATE UNIQUE INDEX team_members_by_token ON team_members (notice_token_hash);
    CREATE UNIQUE INDEX team_members_email_key ON team_members (email COLLATE NOCASE) WHERE held = 0;
    CREATE INDEX team_members_by_email ON team_members (lower(email));
  `,
  postgres: `
    CREATE TABLE mail_caps (
      kind text NOT NULL,
      recipient_key text NOT NULL,
      client_key text,
      created_at text NOT NULL
    );
    CREATE INDEX mail_caps_by_recipient ON mail_caps (recipient_key, created_at);
    CREATE INDEX mail_caps_by_client ON mail_caps (client_key, created_at);
    CREATE INDEX mail_caps_by_time ON mail_caps (created_at);
    ALTER TABLE teams ADD COLUMN leader_token_hash text;
    CREATE UNIQUE INDEX teams_by_leader_token ON teams (leader_token_hash);
    ALTER TABLE team_members ADD COLUMN held integer NOT NULL DEFAULT 0;
    DROP INDEX team_members_email_key;
    CREATE UNIQUE INDEX team_members_email_key ON team_members (lower(email)) WHERE held = 0;
  `,
};
