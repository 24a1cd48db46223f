import type { Migration } from "./index";

/**
 * `club_coordinators`: who may edit one club's entry of the content (and nothing else), granted and revoked from the
 * command line. Keyed by the College ID's key (app/server/accounts/college-id.server.ts), not by an account row, so a
 * grant works whichever identity provider signs the coordinator in (the site's own accounts or Firebase).
 */
export const migration: Migration = {
  version: 16,
  name: "club coordinators",
  sqlite: `
    CREATE TABLE club_coordinators (
      college_id_key TEXT NOT NULL,
      club_slug TEXT NOT NULL,
      granted_at TEXT NOT NULL,
      PRIMARY KEY (college_id_key, club_slug)
    );
  `,
  postgres: `
    CREATE TABLE club_coordinators (
      college_id_key text NOT NULL,
      club_slug text NOT NULL,
      granted_at text NOT NULL,
      PRIMARY KEY (college_id_key, club_slug)
    );
  `,
};
