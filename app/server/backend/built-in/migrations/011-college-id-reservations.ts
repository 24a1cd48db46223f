import type { Migration } from "./index";

/**
 * `college_id_reservations`: when the council upholds "This College ID is mine", the College ID is kept for the
 * claimant's address for a while, so the account removed for it cannot take it back at once. One row per College ID,
 * keyed by its normalised form (`collegeIdKey`); `reserved_until` is an ISO time, as `verify_by` is, and retention
 * deletes the rows past it.
 */
export const migration: Migration = {
  version: 11,
  name: "College IDs kept for the claimant after an upheld claim",
  sqlite: `
    CREATE TABLE college_id_reservations (
      college_id_key TEXT PRIMARY KEY,
      college_id TEXT NOT NULL,
      email TEXT NOT NULL,
      claim_id INTEGER,
      reserved_at TEXT NOT NULL,
      reserved_until TEXT NOT NULL
    );
    CREATE INDEX college_id_reservations_by_end ON college_id_reservations (reserved_until);
  `,
  postgres: `
    CREATE TABLE college_id_reservations (
      college_id_key text PRIMARY KEY,
      college_id text NOT NULL,
      email text NOT NULL,
      claim_id integer,
      reserved_at text NOT NULL,
      reserved_until text NOT NULL
    );
    CREATE INDEX college_id_reservations_by_end ON college_id_reservations (reserved_until);
  `,
};
