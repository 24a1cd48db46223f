import type { Migration } from "./index";

/**
 * `profiles.phone`: the phone number a Firebase account registered with, kept here instead of on the Firebase user.
 * Firebase keeps phone numbers unique, so a number sent there let anyone block its owner's registration and learn
 * which numbers are registered; the site keeps them as the built-in store does, unique to nobody. NULL for profiles
 * from before (their number, if any, is the Firebase user's).
 */
export const migration: Migration = {
  version: 18,
  name: "profile phones",
  sqlite: `
    ALTER TABLE profiles ADD COLUMN phone TEXT;
  `,
  postgres: `
    ALTER TABLE profiles ADD COLUMN phone text;
  `,
};
