import type { Migration } from "./index";

/** The tables rebuilt on SQLite, and for each, the inbox section whose erased entries' ids it must stay above. */
const rebuilt = [
  { table: "applications", section: "applications" },
  { table: "teams", section: "teams" },
  { table: "team_members", section: null },
  { table: "ideas", section: "ideas" },
  { table: "suggestions", section: "suggestions" },
  { table: "triage_log", section: null },
  { table: "erasures", section: null },
] as const;

/** Ids an entry of the section has had, also the erased ones that only the record of erasures, history or mail name. */
const idsUsed = (table: string, section: string | null) =>
  section === null
    ? `SELECT id FROM ${table}`
    : `SELECT id FROM ${table}
         UNION ALL SELECT entry_id FROM erasures WHERE section = '${section}'
         UNION ALL SELECT entry_id FROM triage_log WHERE section = '${section}'
         UNION ALL SELECT entry_id FROM triage_state WHERE section = '${section}'
         UNION ALL SELECT entry_id FROM outbox WHERE entry_section = '${section}'`;

/** An erased entry's triage history goes with it (it named an id a later entry could otherwise have). */
const orphanedHistory = ["applications", "teams", "ideas", "suggestions"]
  .map(
    (section) => `
    DELETE FROM triage_log WHERE section = '${section}' AND entry_id NOT IN (SELECT id FROM ${section});
    DELETE FROM triage_state WHERE section = '${section}' AND entry_id NOT IN (SELECT id FROM ${section});`,
  )
  .join("");

/**
 * Ids are never reused. SQLite gave a new row the largest id plus one, so after the newest entry was erased the next
 * one got its id: its history, and a council member's page still showing the old entry (its Erase button), pointed
 * to the new one. With AUTOINCREMENT it never hands out an id again; SQLite cannot add that to a table, so the inbox's
 * tables are rebuilt (https://sqlite.org/lang_altertable.html#otheralter, with foreign keys off: see migrateSqlite)
 * with every column, constraint, index and foreign key as before. Each counter starts above every id the section
 * has used, also ids that were erased before this release. Accounts and sessions keep their ids: no page names them
 * (an account is named by `uid`), and their rows that point to them go with them.
 *
 * PostgreSQL's identity columns never hand out an id twice already. On both engines the history of entries erased
 * before this release is deleted, as an erasure now deletes it.
 */
export const migration: Migration = {
  version: 8,
  name: "ids never reused, an erased entry's history goes with it",
  sqlite: `
    CREATE TABLE new_applications (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      phone TEXT NOT NULL,
      enrollment TEXT NOT NULL,
      dob TEXT NOT NULL,
      gender TEXT NOT NULL,
      college TEXT NOT NULL,
      department TEXT NOT NULL,
      year TEXT NOT NULL,
      club TEXT NOT NULL,
      motivation TEXT NOT NULL,
      terms INTEGER NOT NULL CHECK (terms = 1),
      created_at TEXT NOT NULL,
      sent_by TEXT
    );

    CREATE TABLE new_teams (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      team_name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      category TEXT NOT NULL CHECK (category IN ('coding', 'design', 'innovation', 'business')),
      description TEXT NOT NULL,
      created_at TEXT NOT NULL,
      sent_by TEXT
    );

    CREATE TABLE new_team_members (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      phone TEXT NOT NULL,
      gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'other')),
      institution TEXT NOT NULL,
      skills TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('leader', 'member')),
      notice_token_hash TEXT,
      confirmed_at TEXT,
      UNIQUE (team_id, position)
    );

    CREATE TABLE new_ideas (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      enrollment TEXT NOT NULL,
      college TEXT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      impact TEXT NOT NULL,
      created_at TEXT NOT NULL,
      sent_by TEXT
    );

    CREATE TABLE new_suggestions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      enrollment TEXT NOT NULL,
      college TEXT NOT NULL,
      problem TEXT NOT NULL,
      solution TEXT NOT NULL,
      created_at TEXT NOT NULL,
      sent_by TEXT
    );

    CREATE TABLE new_triage_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      section TEXT NOT NULL CHECK (section IN ('applications', 'teams', 'ideas', 'suggestions')),
      entry_id INTEGER NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('accept', 'decline', 'seen', 'archive')),
      status TEXT NOT NULL,
      by_college_id TEXT NOT NULL,
      at TEXT NOT NULL
    );

    CREATE TABLE new_erasures (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      section TEXT NOT NULL CHECK (section IN ('applications', 'teams', 'ideas', 'suggestions', 'accounts')),
      entry_id INTEGER,
      what TEXT NOT NULL CHECK (what IN ('entry', 'member', 'account')),
      reason TEXT NOT NULL CHECK (reason IN ('student-request', 'council-request', 'retention')),
      by_college_id TEXT,
      at TEXT NOT NULL
    );

    ${rebuilt.map(({ table }) => `INSERT INTO new_${table} SELECT * FROM ${table};`).join("\n    ")}

    -- Computed before the old tables go, from every id used so far (the inserts above set them to the largest row).
    DELETE FROM sqlite_sequence WHERE name IN (${rebuilt.map(({ table }) => `'new_${table}'`).join(", ")});
    ${rebuilt
      .map(
        ({ table, section }) =>
          `INSERT INTO sqlite_sequence (name, seq) SELECT 'new_${table}', COALESCE(MAX(id), 0) FROM (${idsUsed(table, section)});`,
      )
      .join("\n    ")}

    ${rebuilt.map(({ table }) => `DROP TABLE ${table};\n    ALTER TABLE new_${table} RENAME TO ${table};`).join("\n    ")}

    CREATE INDEX applications_by_email ON applications (lower(email));
    CREATE INDEX applications_by_enrollment ON applications (lower(enrollment));
    CREATE INDEX applications_by_sender ON applications (sent_by);
    CREATE INDEX teams_by_sender ON teams (sent_by);
    CREATE UNIQUE INDEX team_members_by_token ON team_members (notice_token_hash);
    CREATE INDEX ideas_by_enrollment ON ideas (lower(enrollment));
    CREATE INDEX ideas_by_sender ON ideas (sent_by);
    CREATE INDEX suggestions_by_enrollment ON suggestions (lower(enrollment));
    CREATE INDEX suggestions_by_sender ON suggestions (sent_by);
    CREATE INDEX triage_log_by_entry ON triage_log (section, entry_id);
    CREATE INDEX erasures_by_section ON erasures (section, id);
    ${orphanedHistory}
  `,
  postgres: `
    -- Identity columns never hand out an id twice: nothing to rebuild here.
    ${orphanedHistory}
  `,
};
