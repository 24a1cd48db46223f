import type { Migration } from "./index";

/**
 * Keys that are never reused, and one College ID rule (app/server/accounts/college-id.server.ts).
 *
 * - `account_keys`: the key of a Firebase account's entries (`sent_by`), random and bound to the Firebase user it was
 *   given to (its uid and creation time). A removal retires it; a later user under the same uid (the same College ID)
 *   gets a new one. Accounts from before keep their key, `firebase:<uid>`, so they keep seeing their entries.
 * - `profiles.email`: the address the site knows for the account (registration, or the first time retention saw it),
 *   so an address changed in Firebase outside the site is noticed and must be proven like a new one.
 * - `accounts.enrollment_key`: the College ID's key, unique. The SQL can fold only ASCII case, so rows from before
 *   get theirs here only when their College ID is printable ASCII (all real ones); the others keep NULL and are
 *   found as before, by lower case.
 */
export const migration: Migration = {
  version: 13,
  name: "account keys never reused, one College ID rule",
  sqlite: `
    CREATE TABLE account_keys (
      account_key TEXT PRIMARY KEY,
      uid TEXT NOT NULL,
      user_created_at TEXT,
      retired_at TEXT
    );
    CREATE UNIQUE INDEX account_keys_live ON account_keys (uid) WHERE retired_at IS NULL;
    INSERT INTO account_keys (account_key, uid) SELECT 'firebase:' || uid, uid FROM profiles;
    ALTER TABLE profiles ADD COLUMN email TEXT;
    ALTER TABLE accounts ADD COLUMN enrollment_key TEXT;
    UPDATE accounts SET enrollment_key = upper(trim(enrollment)) WHERE enrollment NOT GLOB '*[^ -~]*';
    CREATE UNIQUE INDEX accounts_by_enrollment_key ON accounts (enrollment_key);
  `,
  postgres: `
    CREATE TABLE account_keys (
      account_key text PRIMARY KEY,
      uid text NOT NULL,
      user_created_at text,
      retired_at text
    );
    CREATE UNIQUE INDEX account_keys_live ON account_keys (uid) WHERE retired_at IS NULL;
    INSERT INTO account_keys (account_key, uid) SELECT 'firebase:' || uid, uid FROM profiles;
    ALTER TABLE profiles ADD COLUMN email text;
    ALTER TABLE accounts ADD COLUMN enrollment_key text;
    UPDATE accounts SET enrollment_key = upper(btrim(enrollment, ' ')) WHERE enrollment ~ '^[ -~]*$';
    CREATE UNIQUE INDEX accounts_by_enrollment_key ON accounts (enrollment_key);
  `,
};
