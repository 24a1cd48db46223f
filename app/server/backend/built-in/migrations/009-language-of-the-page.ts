import type { Migration } from "./index";

/** The tables whose rows a later e-mail is about: the applicant, the account, the team, the claimant. */
const tables = ["applications", "accounts", "teams", "college_id_claims"] as const;

/**
 * The language of the page a student used ("en" or "hi", from its path), kept with what they sent, so the e-mails
 * that come later (the council's decision, a checked College ID, a member who left, a team erased with its leader)
 * are in the language of the page the student used, as the receipt was: "hi" for a Hindi page, NULL for an English
 * one, so rows from before, and English rows, stay as they were.
 */
export const migration: Migration = {
  version: 9,
  name: "the language of the page a student used, for the e-mails that come later",
  sqlite: tables.map((table) => `ALTER TABLE ${table} ADD COLUMN locale TEXT;`).join("\n"),
  postgres: tables.map((table) => `ALTER TABLE ${table} ADD COLUMN locale text;`).join("\n"),
};
