import { decisionEmails, events, site } from "~/content/content.server";
import { whenIn } from "~/content/events-in";
import { env } from "../ops/env.server";
import { log } from "../ops/log.server";
import { openBuiltInStore, type BuiltInStore } from "./built-in/index.server";
import type { IdentityProvider, SubmissionStore } from "./council-backend.server";
import type { CouncilInbox } from "~/inbox/inbox-store.server";
import { createCouncilApiBackend } from "./council-api.server";
import { connectFirebaseAuth } from "./firebase-auth.server";
import { createFirebaseIdentity } from "./firebase-identity.server";
import { mailOffReason } from "../ops/env.server";
import { type MailSender, startMailSender } from "../mail/sender.server";
import { createLogTransport, createSmtpTransport } from "../mail/transport.server";

/**
 * Chosen once at start, as two separate choices. Submissions (applications, teams): the council API when
 * COUNCIL_API_URL is set, otherwise the built-in store. Identity (registration, login, profile, logout): Firebase
 * when FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN are set, otherwise the same adapter as submissions. The built-in
 * store runs on PostgreSQL when DATABASE_URL is set, otherwise on the SQLite file at DATABASE_PATH. Routes import
 * `identity` and `submissions` and never learn which adapter or engine is behind them.
 */
let builtInStore: BuiltInStore | undefined;
const openedBuiltInStore = () =>
  (builtInStore ??= openBuiltInStore(env.store, {
    mail: env.mail && {
      siteUrl: env.mail.siteUrl,
      messageIdDomain: env.mail.messageIdDomain,
      siteName: site.name,
      contactEmail: site.email,
      // What visitors can make the site send (docs/email.md): the caps the environment may raise.
      caps: env.mailCaps,
      // The team e-mails name the hackathon and carry its calendar file.
      // In English, with the Hindi a Hindi e-mail says (each in the language of the page the student used).
      hackathon: {
        title: events.hackathon.title.en,
        path: "/sih",
        summary: events.hackathon.subtitle.en,
        when: whenIn(events.hackathon.when, "en"),
        hi: {
          title: events.hackathon.title.hi,
          summary: events.hackathon.subtitle.hi,
          location: whenIn(events.hackathon.when, "hi").location,
        },
      },
    },
    // A committed e-mail goes out at once, not at the sender's next poll.
    onMailQueued: () => mailQueued(),
    decisionEmails,
  }));

const councilBackend = env.COUNCIL_API_URL
  ? createCouncilApiBackend({
      apiUrl: env.COUNCIL_API_URL,
      authUrl: env.councilAuthUrl ?? env.COUNCIL_API_URL,
      timeoutMs: env.COUNCIL_API_TIMEOUT_MS,
    })
  : openedBuiltInStore();

export const submissions: SubmissionStore = councilBackend;

export const identity: IdentityProvider = env.firebase
  ? createFirebaseIdentity({
      auth: connectFirebaseAuth(env.firebase),
      // Firebase holds name, e-mail and phone; the registration form's other details stay in the built-in store.
      profiles: openedBuiltInStore().profiles,
      // Verification e-mails go through the same outbox as the built-in store's (none when e-mail is off).
      mail: openedBuiltInStore().mailQueue,
      // The council's checks and the College ID claims are kept there too.
      database: openedBuiltInStore().database,
      apiKey: env.firebase.apiKey,
      projectId: env.firebase.projectId,
      emulatorHost: env.firebase.emulatorHost,
      timeoutMs: env.firebase.timeoutMs,
    })
  : councilBackend;

log.info(
  builtInStore
    ? `Store: ${builtInStore.database.description}.`
    : "Store: none (the council API keeps every submission and account; no database is opened).",
);

if (!env.firebase) {
  // The specified console warning for missing Firebase settings; here sign-in falls back instead of going off.
  log.warn(
    `Firebase sign-in is off: FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN are not set, so accounts use the ${identity.description}.`,
  );
}
log.info(`Sign-in: ${identity.description}. Submissions: ${submissions.description}.`);

/** The council inbox (/council): kept with the submissions when the site keeps them, otherwise off (404). */
export const inbox: CouncilInbox | undefined = submissions.inbox;

log.info(
  inbox
    ? "Council inbox: on at /council, for accounts granted the council role (npm run council -- grant <College ID>)."
    : "Council inbox: off (the council API owns applications and teams; /council answers 404).",
);

/**
 * Retention runs in every server process that keeps the built-in store: a minute after start, then daily. Several
 * replicas running it is harmless (each deletes what is due; the second finds nothing). With Firebase sign-in the
 * accounts whose e-mail was never confirmed are Firebase's users: the identity adapter removes them, and they count
 * with the built-in store's own.
 */
const dayMs = 24 * 60 * 60 * 1000;
async function applyRetentionNow() {
  if (!builtInStore) return undefined;
  const counts = await builtInStore.applyRetention(env.retention);
  // Never rejects; a Firebase that cannot be reached is logged there, and its accounts wait for tomorrow.
  const elsewhere = await identity.removeUnverifiedAccounts?.();
  const unverifiedAccounts = counts.unverifiedAccounts + (elsewhere?.removed ?? 0);
  if (counts.idCards + counts.entries + unverifiedAccounts + counts.mailBodies > 0) {
    log.info(
      `Retention: deleted ${counts.idCards} ID card images, ${counts.entries} declined or archived entries, ` +
        `${unverifiedAccounts} accounts whose e-mail was never confirmed and the text of ${counts.mailBodies} sent e-mails.`,
    );
  }
  return { ...counts, unverifiedAccounts };
}
if (builtInStore && env.NODE_ENV !== "test") {
  const run = () =>
    applyRetentionNow().catch((error: unknown) =>
      log.error(
        `Retention: could not run (${error instanceof Error ? error.message : "unknown error"}); it runs again tomorrow.`,
      ),
    );
  setTimeout(() => {
    void run();
    setInterval(() => void run(), dayMs).unref();
  }, 60_000).unref();
}

/** The built-in store when this configuration uses it (the command line's backup and restore work on it). */
export function usedBuiltInStore(): BuiltInStore | undefined {
  return builtInStore;
}

/** The built-in store's own check for the readiness probe: resolves when it can be read and written now. */
export async function checkStore(): Promise<void> {
  await builtInStore?.database.check();
}

/**
 * E-mail (docs/decisions/0016): the outbox sender runs in every server process that keeps the built-in store, like
 * retention above. Replicas each run one; a claim holds a message for one sender at a time. Tests start their own.
 */
let mailSender: MailSender | undefined;
// Under `npm run dev` an edit evaluates this module again: the sender of the previous evaluation stops first.
const previousSender = Symbol.for("student-council.mail-sender");
const senderHolder = globalThis as typeof globalThis & { [previousSender]?: MailSender };
void senderHolder[previousSender]?.stop();
if (builtInStore) {
  const mail = env.mail;
  const off = mailOffReason(env) ?? "SMTP_URL is not set";
  if (mail?.delivery.kind === "smtp") log.info(`E-mail: SMTP (${mail.delivery.host}:${mail.delivery.port})`);
  else if (mail && env.NODE_ENV === "development") {
    log.info(`E-mail: off (${off}); every e-mail is written to this log instead, and listed at /dev/outbox`);
  } else log.info(`E-mail: off (${off})`);
  if (mail && env.NODE_ENV !== "test") {
    const { delivery } = mail;
    const viaSmtp = delivery.kind === "smtp";
    mailSender = startMailSender({
      outbox: builtInStore.outbox,
      transport: viaSmtp
        ? createSmtpTransport(delivery.url)
        : createLogTransport({ log, production: env.isProduction }),
      from: mail.from,
      log,
      // The log "sends" a verification link without spending it: /dev/outbox keeps showing it.
      keepSecretBodies: !viaSmtp,
    });
    senderHolder[previousSender] = mailSender;
  }
}

/** Called once a transaction that queued an e-mail has committed: the sender sends it now, not at its next poll. */
export function mailQueued(): void {
  mailSender?.nudge();
}
