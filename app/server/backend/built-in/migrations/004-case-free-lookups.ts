import type { Migration } from "./index";

/**
 * Both engines look accounts, applications and a student's ideas and suggestions up by lower(...) of an e-mail or
 * an enrollment number, which folds letter case the same way on both; these indexes serve those lookups. (On
 * PostgreSQL the unique index on lower(accounts.enrollment) already does for accounts.)
 */
export const migration: Migration = {
  version: 4,
  name: "indexes for lookups that ignore letter case",
  sqlite: `
    CREATE INDEX IF NOT EXISTS accounts_by_enrollment ON accounts (lower(enrollment));
    CREATE INDEX IF NOT EXISTS applications_by_email ON applications (lower(email));
    CREATE INDEX IF NOT EXISTS applications_by_enrollment ON applications (lower(enrollment));
    CREATE INDEX IF NOT EXISTS ideas_by_enrollment ON ideas (lower(enrollment));
    CREATE INDEX IF NOT EXISTS suggestions_by_enrollment ON suggestions (lower(enrollment));
  `,
  postgres: `
    CREATE INDEX applications_by_email ON applications (lower(email));
    CREATE INDEX applications_by_enrollment ON applications (lower(enrollment));
    CREATE INDEX ideas_by_enrollment ON ideas (lower(enrollment));
    CREATE INDEX suggestions_by_enrollment ON suggestions (lower(enrollment));
  `,
};
