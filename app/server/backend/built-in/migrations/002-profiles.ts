import type { Migration } from "./index";

/**
 * When Firebase signs people in it holds the name, e-mail and phone; the registration form's other details and the
 * ID card stay here, keyed by the Firebase user id (the upper-cased enrollment number).
 */
export const migration: Migration = {
  version: 2,
  name: "profile details of accounts held by Firebase",
  sqlite: `
    CREATE TABLE IF NOT EXISTS profiles (
      uid TEXT PRIMARY KEY,
      college TEXT NOT NULL,
      branch TEXT NOT NULL,
      dob TEXT NOT NULL,
      gender TEXT NOT NULL,
      id_card_type TEXT NOT NULL,
      id_card BLOB NOT NULL,
      saved_at TEXT NOT NULL
    );
  `,
  postgres: `
    CREATE TABLE profiles (
      uid text PRIMARY KEY,
      college text NOT NULL,
      branch text NOT NULL,
      dob text NOT NULL,
      gender text NOT NULL,
      id_card_type text NOT NULL,
      id_card bytea NOT NULL,
      saved_at text NOT NULL
    );
  `,
};
