import type { Migration } from "./index";

/**
 * The outbox keeps what happened beside the e-mail made of it: `outbox.event`, the kind and its values as JSON
 * (app/server/backend/built-in/mail-events.server.ts), written in the same insert as the words and emptied with them.
 * Rows from before have none.
 */
export const migration: Migration = {
  version: 14,
  name: "outbox events",
  sqlite: `ALTER TABLE outbox ADD COLUMN event TEXT;`,
  postgres: `ALTER TABLE outbox ADD COLUMN event text;`,
};
