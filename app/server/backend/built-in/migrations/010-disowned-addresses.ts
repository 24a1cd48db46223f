import type { Migration } from "./index";

/**
 * "This was not me" on a verification link's page: the address's owner says the account is not theirs. The account
 * keeps its row until retention removes it (its confirmation deadline), but its claim to the address is dropped: no
 * link is sent to the address for it again, and no link of it confirms anything.
 */
export const migration: Migration = {
  version: 10,
  name: "addresses their owner disowned for an account",
  sqlite: "ALTER TABLE accounts ADD COLUMN email_disowned_at TEXT;",
  postgres: "ALTER TABLE accounts ADD COLUMN email_disowned_at text;",
};
