import { decisionEmails, events, site, useContent } from "~/content/content.server";
import { type ContentWatch, watchContent } from "~/content/content-watch.server";
import { whenIn } from "~/content/events-in";
import type { CouncilInbox } from "~/inbox/inbox-store.server";
import { openBuiltInStore, type BuiltInStore, type RetentionCounts } from "./backend/built-in/store.server";
import type { IdentityProvider, SubmissionStore } from "./backend/council-backend.server";
import { createCouncilApiBackend } from "./backend/council-api.server";
import { connectFirebaseAuth } from "./backend/firebase-auth.server";
import { createFirebaseIdentity } from "./backend/firebase-identity.server";
import { storeMail } from "./mail/mail-writer.server";
import type { MailEvent } from "./mail/team-mail.server";
import { type MailSender, startMailSender } from "./mail/sender.server";
import { createLogTransport, createSmtpTransport, type MailTransport } from "./mail/transport.server";
import { env as processEnv } from "./ops/env.server";
import { mailOffReason } from "./ops/mail-settings.server";
import { log as processLog } from "./ops/log.server";

/**
 * The composition root: builds the site's parts from the environment and wires them. Importing a module starts
 * nothing: `composeApp` opens the store and chooses the adapters, `start()` starts the outbox sender and the daily
 * retention. server.js starts the app (`startApp`) before it listens; under `npm run dev` and in tests the routes'
 * first call composes it (`runningApp`); a test builds one with other parts (an in-memory transport, another store).
 */

type Env = typeof processEnv;
type Log = Pick<typeof processLog, "info" | "warn" | "error">;

/** What a caller may give instead of the process's own. */
export interface AppParts {
  /** The validated environment (default: the process's, app/server/ops/env.server.ts). */
  env?: Env;
  log?: Log;
  /** How e-mails leave (default: SMTP when SMTP_URL is set, otherwise the log). */
  transport?: MailTransport;
}

export interface App {
  /** Who signs people in: Firebase, the council API or the built-in store. */
  identity: IdentityProvider;
  /** Where submissions go: the council API or the built-in store. */
  submissions: SubmissionStore;
  /** The council inbox (/council), kept with the submissions when the site keeps them. */
  inbox: CouncilInbox | undefined;
  /** The built-in store when this configuration uses it. */
  builtInStore: BuiltInStore | undefined;
  /** The outbox sender, once started. */
  readonly mailSender: MailSender | undefined;
  /** What keeps the pages' content the store's newest, once started (with the built-in store). */
  readonly contentWatch: ContentWatch | undefined;
  /** Deletes what has outlived its retention period, in the store and at the identity provider. */
  applyRetentionNow(): Promise<RetentionCounts | undefined>;
  /** Starts the outbox sender (when e-mail is on) and the daily retention (when the site keeps a store). */
  start(): void;
  /** Stops what `start` started; the store stays open (requests in flight may still use it). */
  halt(): Promise<void>;
  /** Stops what `start` started and closes the store. */
  stop(): Promise<void>;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The hackathon as the team e-mails name it; made once per version of the events (the calendar file is kept). */
const hackathons = new WeakMap<typeof events, MailEvent>();
function hackathonOf(current: typeof events): MailEvent {
  let hackathon = hackathons.get(current);
  if (!hackathon) {
    hackathon = {
      title: current.hackathon.title.en,
      path: "/sih",
      summary: current.hackathon.subtitle.en,
      when: whenIn(current.hackathon.when, "en"),
      hi: {
        title: current.hackathon.title.hi,
        summary: current.hackathon.subtitle.hi,
        location: whenIn(current.hackathon.when, "hi").location,
      },
    };
    hackathons.set(current, hackathon);
  }
  return hackathon;
}

/** Builds the app's parts; opens the built-in store when the configuration uses it, starts nothing. */
export function composeApp(parts: AppParts = {}): App {
  const env = parts.env ?? processEnv;
  const log = parts.log ?? processLog;
  let mailSender: MailSender | undefined;
  let contentWatch: ContentWatch | undefined;
  const timers: NodeJS.Timeout[] = [];

  // Submissions: the council API when COUNCIL_API_URL is set, otherwise the built-in store. Identity: Firebase when
  // its settings are set, otherwise the same adapter as submissions. The built-in store runs on PostgreSQL when
  // DATABASE_URL is set, otherwise on the SQLite file at DATABASE_PATH.
  let builtInStore: BuiltInStore | undefined;
  const openedBuiltInStore = () =>
    (builtInStore ??= openBuiltInStore(env.store, {
      mail:
        env.mail &&
        storeMail({
          siteUrl: env.mail.siteUrl,
          messageIdDomain: env.mail.messageIdDomain,
          // Getters: each e-mail says what the content says when it is written (a version saved since included).
          get siteName() {
            return site.name;
          },
          get contactEmail() {
            return site.email;
          },
          // What visitors can make the site send (docs/email.md): the caps the environment may raise.
          caps: env.mailCaps,
          // The team e-mails name the hackathon and carry its calendar file, in the language of the page the
          // student used.
          get hackathon() {
            return hackathonOf(events);
          },
          get decisionEmails() {
            return decisionEmails;
          },
        }),
      // A committed e-mail goes out at once, not at the sender's next poll.
      onMailQueued: () => mailSender?.nudge(),
    }));

  const councilBackend = env.COUNCIL_API_URL
    ? createCouncilApiBackend({
        apiUrl: env.COUNCIL_API_URL,
        authUrl: env.councilAuthUrl ?? env.COUNCIL_API_URL,
        timeoutMs: env.COUNCIL_API_TIMEOUT_MS,
      })
    : openedBuiltInStore();

  const identity: IdentityProvider = env.firebase
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
  const submissions: SubmissionStore = councilBackend;
  const inbox = submissions.inbox;

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
  log.info(
    inbox
      ? "Council inbox: on at /council, for accounts granted the council role (npm run council -- grant <College ID>)."
      : "Council inbox: off (the council API owns applications and teams; /council answers 404).",
  );
  if (builtInStore) {
    const off = mailOffReason(env) ?? "SMTP_URL is not set";
    if (env.mail?.delivery.kind === "smtp") {
      log.info(`E-mail: SMTP (${env.mail.delivery.host}:${env.mail.delivery.port})`);
    } else if (env.mail && env.NODE_ENV === "development") {
      log.info(`E-mail: off (${off}); every e-mail is written to this log instead, and listed at /dev/outbox`);
    } else log.info(`E-mail: off (${off})`);
  }

  /**
   * With Firebase sign-in the accounts whose e-mail was never confirmed are Firebase's users: the identity adapter
   * removes them, and they count with the built-in store's own.
   */
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

  return {
    identity,
    submissions,
    inbox,
    builtInStore,
    get mailSender() {
      return mailSender;
    },
    get contentWatch() {
      return contentWatch;
    },
    applyRetentionNow,

    start() {
      if (!builtInStore || timers.length > 0 || mailSender) return;
      // The pages read the content from memory; this replica swaps in every newer version the store has.
      contentWatch = watchContent({
        content: builtInStore.content,
        directory: env.CONTENT_DIR,
        apply: useContent,
        log,
      });
      // Retention runs in every server process that keeps the built-in store: a minute after start, then daily.
      // Several replicas running it is harmless (each deletes what is due; the second finds nothing).
      const run = () =>
        applyRetentionNow().catch((error: unknown) =>
          log.error(
            `Retention: could not run (${error instanceof Error ? error.message : "unknown error"}); it runs again tomorrow.`,
          ),
        );
      const first = setTimeout(() => {
        void run();
        timers.push(setInterval(() => void run(), dayMs).unref());
      }, 60_000).unref();
      timers.push(first);

      // E-mail (docs/decisions/0016): the outbox sender runs in every server process that keeps the built-in store.
      // Replicas each run one; a claim holds a message for one sender at a time.
      const mail = env.mail;
      if (!mail) return;
      const viaSmtp = mail.delivery.kind === "smtp";
      const transport =
        parts.transport ??
        (mail.delivery.kind === "smtp"
          ? createSmtpTransport(mail.delivery.url)
          : createLogTransport({ log, production: env.isProduction }));
      mailSender = startMailSender({
        outbox: builtInStore.outbox,
        transport,
        from: mail.from,
        log,
        // The log "sends" a verification link without spending it: /dev/outbox keeps showing it.
        keepSecretBodies: !viaSmtp && !parts.transport,
      });
    },

    async halt() {
      for (const timer of timers.splice(0)) clearTimeout(timer);
      contentWatch?.stop();
      contentWatch = undefined;
      await mailSender?.stop();
      mailSender = undefined;
    },

    async stop() {
      await this.halt();
      await builtInStore?.close();
    },
  };
}

/** The app of this process, once composed. */
let running: App | undefined;
// Under `npm run dev` an edit evaluates this module again: the app of the previous evaluation stops its sender and
// timers first (its store stays open for the requests still using it).
const previousKey = Symbol.for("student-council.app");
const holder = globalThis as typeof globalThis & { [previousKey]?: App };

/**
 * The server's start: composes the app from the environment and starts its sender and retention (not under
 * NODE_ENV=test, where each test starts what it needs). A second call gives the app already running.
 */
export function startApp(): App {
  if (running) return running;
  const app = composeApp();
  if (processEnv.NODE_ENV !== "test") {
    void holder[previousKey]?.halt();
    holder[previousKey] = app;
    app.start();
  }
  running = app;
  return app;
}

/** The running app, composed at the first call when nothing started it (the dev server's first request, a test). */
export function runningApp(): App {
  return running ?? startApp();
}

/**
 * Makes `app` the one the routes use (a test that composed its own), stopping nothing; `undefined` forgets it, so
 * the next use composes the default again.
 */
export function useApp(app: App | undefined): void {
  running = app;
}
