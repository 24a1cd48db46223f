/**
 * The council's command line: the council role (`npm run council -- grant <College ID>`, `revoke <College ID>`,
 * `list`), the built-in store's backup and restore (`backup FILE`, `restore FILE`), and the site's content
 * (`content export|import|history|restore`, scripts/council-content.ts).
 *
 * It reads the same environment as the server (DATABASE_PATH, and the identity provider's settings) through the
 * same module, so it changes exactly the accounts the running site signs in: only the identity adapter's role
 * methods differ between providers. The site checks the role on every request, so a grant or revoke counts at the
 * member's next page view without anyone signing out. `npm run build` compiles this file to build/cli/council.js
 * (scripts/lib/council-cli.mjs), which runs with the production dependencies alone, as in the Docker image; in a clone
 * `npm run council` (scripts/run-council.mjs) compiles it on use when a source is newer.
 */
import { existsSync } from "node:fs";
import pino from "pino";
import { logLevel, sharedLogger } from "../server/log.ts";
import type { TableCounts } from "~/server/backend/built-in/backup.server";
import type { CouncilMember, Outcome } from "~/server/backend/council-backend.server";
import { indianDateTime } from "~/time/india-time";
import type { Refusal } from "~/types/refusals";
import { councilRefusalText, isCouncilRefusal } from "~/inbox/refusals";
import { contentUsage, runContentCommand } from "./council-content";
import { clubUsage, runClubCommand } from "./council-clubs";

/** A setting the operator must fix (the environment, the database), as server.js tells them apart. */
function isSettingError(error: unknown): error is Error {
  return (
    error instanceof Error && (error.name === "StoreStartupError" || error.message.startsWith("Invalid environment:"))
  );
}

/** Every failure is one line on stderr and exit status 1; a setting is named as the server names it. */
function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`council: ${isSettingError(error) ? message : message.split("\n")[0]}`);
  process.exit(1);
}

// The log goes to stderr: stdout holds the command's answer alone, for a person or a script to read. Created before the
// modules below use the logger. Errors only, unless LOG_LEVEL asks for more: the lines a server prints as it starts
// (which store, which sign-in, e-mail off) only hid the command's answer.
try {
  sharedLogger({
    level: process.env.LOG_LEVEL ? logLevel() : "error",
    destination: pino.destination({ dest: 2, sync: true }),
  });
} catch (error) {
  fail(error);
}

// These modules read the environment as they load, so they are loaded here, where a wrong setting
// (ID_CARD_RETENTION_DAYS=0) can be said in one line with exit status 1, as the server says it, instead of a stack
// trace. The app is composed from them as the server composes it (app/server/app.server.ts), opening the store (a
// damaged database is said the same way), but started it is not: the command sends no e-mail and runs no timer.
const [{ writeBackup, restoreBackup }, { openBuiltInStore }, { composeApp }, { env }, { createClubCoordinators }] =
  await Promise.all([
    import("~/server/backend/built-in/backup.server"),
    import("~/server/backend/built-in/store.server"),
    import("~/server/app.server"),
    import("~/server/ops/env.server"),
    import("~/content/editing/club-coordinators.server"),
  ]).catch(fail);
const app = (() => {
  try {
    return composeApp();
  } catch (error) {
    return fail(error);
  }
})();
const { identity } = app;

const usage = [
  "Usage:",
  "  npm run council -- grant <College ID>    give an account the council role (it may then open /council)",
  "  npm run council -- revoke <College ID>   take the role away (counts at the member's next page view)",
  "  npm run council -- list                  the accounts that hold the role",
  "  npm run council -- backup FILE            write the whole built-in store to FILE (sensitive: password hashes, ID cards)",
  "  npm run council -- restore FILE           load FILE into an empty built-in store (SQLite or PostgreSQL)",
  "  npm run council -- retention              delete now what has outlived ID_CARD_RETENTION_DAYS / SUBMISSION_RETENTION_DAYS",
  ...clubUsage,
  ...contentUsage,
].join("\n");

const describeCounts = (counts: TableCounts) =>
  Object.entries(counts)
    .map(([table, count]) => `${count} ${table}`)
    .join(", ");

/** The built-in store as the site is configured to use it (DATABASE_URL, else DATABASE_PATH). */
function builtInStore() {
  return app.builtInStore ?? openBuiltInStore(env.store);
}

const describe = (member: CouncilMember) => (member.name ? `${member.collegeId} (${member.name})` : member.collegeId);

/** The failure as one line on stderr; the exit status says it failed. */
function failed(outcome: Extract<Outcome<unknown>, { ok: false }>): number {
  console.error(
    outcome.reason === "rejected"
      ? `council: ${outcome.refusal ? refusalLine(outcome.refusal) : "the identity provider refused."}`
      : "council: the identity provider could not be reached; nothing was changed.",
  );
  return 1;
}

/**
 * Run without the server's Firebase settings, the command looks in the site's own accounts only: a student
 * registered in Firebase is not there, and "register on the site" would be the wrong advice.
 */
function refusalLine(refusal: Refusal): string {
  if (refusal.code !== "noAccountWithCollegeId" || refusal.provider !== "store" || env.firebase || env.COUNCIL_API_URL)
    // The role's commands meet only the council's refusals; any other is named by its code.
    return isCouncilRefusal(refusal) ? councilRefusalText(refusal) : `refused (${refusal.code}).`;
  return (
    `No account of the site's own has the College ID "${refusal.collegeId}", and this command has no Firebase ` +
    "settings (FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN): if the site signs in with Firebase, run it with the server's " +
    "settings; otherwise the person must first register on the site (/userProfileRegistration)."
  );
}

async function run(args: string[]): Promise<number> {
  const [command, collegeId, ...extra] = args;

  if (args.includes("--club") || command === "coordinators") {
    const store = builtInStore();
    const status = await runClubCommand(args, {
      coordinators: createClubCoordinators(store.database),
      clubSlugs: async () => {
        const { seedContent } = await import("~/content/content-files.server");
        await seedContent(store.content, env.CONTENT_DIR);
        return ((await store.content.current()).parts.clubs?.data ?? []).map((club) => club.slug);
      },
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
    if (status !== undefined) return status;
    console.error(usage);
    return 2;
  }

  if (command === "list" && collegeId === undefined) {
    const listed = await identity.listCouncilMembers();
    if (!listed.ok) return failed(listed);
    if (listed.value.length === 0) {
      console.log("No account holds the council role yet. Grant it with: npm run council -- grant <College ID>");
      return 0;
    }
    console.log(`${listed.value.length} council member${listed.value.length === 1 ? "" : "s"}:`);
    for (const member of listed.value) {
      console.log(`  ${describe(member)}${member.grantedAt ? `, since ${indianDateTime(member.grantedAt)} IST` : ""}`);
    }
    return 0;
  }

  if ((command === "grant" || command === "revoke") && collegeId?.trim() && extra.length === 0) {
    const outcome =
      command === "grant" ? await identity.grantCouncilRole(collegeId) : await identity.revokeCouncilRole(collegeId);
    if (!outcome.ok) return failed(outcome);
    const { member, changed } = outcome.value;
    if (command === "grant") {
      console.log(
        changed
          ? `Granted the council role to ${describe(member)}. The council inbox is at /council.`
          : `${describe(member)} already holds the council role.`,
      );
    } else {
      console.log(
        changed
          ? `Revoked the council role of ${describe(member)}; it counts at their next page view.`
          : `${describe(member)} does not hold the council role.`,
      );
    }
    return 0;
  }

  if (command === "retention" && collegeId === undefined) {
    const store = builtInStore();
    const counts = await store.applyRetention(env.retention);
    // With Firebase sign-in, the accounts whose e-mail was never confirmed are Firebase users: the adapter removes them.
    const elsewhere = await identity.removeUnverifiedAccounts?.();
    const unverifiedAccounts = counts.unverifiedAccounts + (elsewhere?.removed ?? 0);
    console.log(
      `Retention (${env.retention.idCardDays} days for ID cards, ${env.retention.submissionDays} for declined or archived entries): ` +
        `deleted ${counts.idCards} ID card images and ${counts.entries} entries` +
        (unverifiedAccounts + counts.mailBodies > 0
          ? `, ${unverifiedAccounts} accounts whose e-mail was never confirmed and the text of ${counts.mailBodies} sent e-mails.`
          : "."),
    );
    if (elsewhere && !elsewhere.complete) {
      console.error(
        "council: some accounts whose e-mail was never confirmed could not be removed now (the log line above says " +
          "why); they stay until the next run. Run the command again later.",
      );
      return 1;
    }
    return 0;
  }

  if (command === "backup" && collegeId?.trim() && extra.length === 0) {
    const store = builtInStore();
    const counts = await writeBackup(store.database, collegeId, { key: env.BACKUP_KEY });
    console.log(`Backed up ${store.database.description} to ${collegeId}: ${describeCounts(counts)}.`);
    if (env.BACKUP_KEY) console.log("Signed with BACKUP_KEY: a restore with the same key refuses a changed file.");
    console.log(
      "The file holds password hashes and ID card images: it is readable by its owner only; keep it that way.",
    );
    return 0;
  }

  if (command === "restore" && collegeId?.trim() && extra.length === 0) {
    if (!existsSync(collegeId)) {
      console.error(`council: there is no file ${collegeId}. Nothing was changed.`);
      return 1;
    }
    const store = builtInStore();
    const restored = await restoreBackup(store.database, collegeId, { key: env.BACKUP_KEY });
    if (!restored.ok) {
      console.error(`council: ${restored.message}`);
      return 1;
    }
    console.log(`Restored ${collegeId} into ${store.database.description}: ${describeCounts(restored.counts)}.`);
    if (restored.signature === "not checked") {
      console.error(
        `council: warning: ${collegeId} is signed, but BACKUP_KEY is not set, so its signature was not checked: a changed archive would have gone unnoticed. Restore with BACKUP_KEY set to the key it was taken with to check it.`,
      );
    }
    return 0;
  }

  if (command === "content") {
    // The content lives in the built-in store the site reads it from; a site on the council API alone has none.
    if (!app.builtInStore) {
      console.error(
        "council: this site keeps no built-in store (COUNCIL_API_URL without Firebase sign-in): its content is the files in CONTENT_DIR.",
      );
      return 1;
    }
    const status = await runContentCommand(args.slice(1), {
      content: app.builtInStore.content,
      images: app.builtInStore.contentImages,
      contentDirectory: env.CONTENT_DIR,
      publicDirectory: "public",
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
    if (status !== undefined) return status;
  }

  console.error(usage);
  return 2;
}

// Explicit exit: an identity provider's client (firebase-admin) may keep sockets open after the work is done.
run(process.argv.slice(2)).then((status) => process.exit(status), fail);
