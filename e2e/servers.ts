/**
 * Where the end-to-end run's servers listen (playwright.config.ts starts them): E2E_PORT lets a second checkout run
 * its suite beside this one, the Firebase pair takes the next two ports, and the test SMTP server the one after.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 5205);

/** The site with the built-in store, where every spec runs unless it says otherwise. */
export const siteURL = `http://127.0.0.1:${e2ePort}`;

/** A second site whose accounts live in Firebase Authentication, served by the Auth emulator below. */
export const firebaseSitePort = e2ePort + 1;
export const firebaseSiteURL = `http://127.0.0.1:${firebaseSitePort}`;

export const authEmulatorPort = e2ePort + 2;
export const authEmulatorHost = `127.0.0.1:${authEmulatorPort}`;

/** The SMTP server the site sends its e-mails to (scripts/test-smtp-server.mjs); e2e/mail.ts reads what it got. */
export const smtpPort = e2ePort + 3;
