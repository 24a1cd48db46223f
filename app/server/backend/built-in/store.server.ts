import type { CouncilBackend, IdentityProvider, StudentRecords } from "../council-backend.server";
import type { CouncilInbox } from "~/inbox/inbox-store.server";
import type { AccountChecks } from "../account-checks.server";
import { createAccountChecks } from "./store-account-checks.server";
import { createAccounts } from "./accounts.server";
import { openStoreDatabase, type StoreConfig, type StoreDatabase } from "./database.server";
import { type ContentStore, createContentVersions } from "./content-versions.server";
import { type ContentImageStore, createContentImages } from "./content-images.server";
import { createInbox } from "./inbox.server";
import { createMailQueue, type MailQueue, type OutboxSettings, queuedMailIn } from "./mail-queue.server";
import { defaultMailCaps, type MailCaps } from "./mail-caps.server";
import { createOutbox, type OutboxStore } from "./outbox.server";
import type { MailWriter } from "./mail-events.server";
import { createProfiles, type ProfileStore } from "./profiles.server";
import { applyRetention, type RetentionCounts, type RetentionSettings } from "./retention.server";
import { createRoles } from "./roles.server";
import { createStudentRecords } from "./student-records.server";
import { createSubmissions } from "./submissions.server";
import { createTeams } from "./teams.server";

/**
 * The built-in store: the council backend of a fresh checkout (SQLite) and of a council that runs several replicas
 * (PostgreSQL), one implementation over both engines. One module per concern: accounts and sessions, submissions,
 * teams, the inbox, council roles, Firebase profile details; `database.server.ts` holds what differs per engine.
 */

export type BuiltInStore = CouncilBackend &
  Required<Pick<IdentityProvider, "accountRecord" | "eraseAccount" | "emailVerification">> & {
    students: StudentRecords;
    profiles: ProfileStore;
    inbox: CouncilInbox;
    /** The council's checks of accounts' College IDs against their ID cards, and "This College ID is mine". */
    accountChecks: AccountChecks;
    /** The site's content, every saved version of each part (content-versions.server.ts). */
    content: ContentStore;
    /** The photos uploaded for the content, re-encoded (content-images.server.ts). */
    contentImages: ContentImageStore;
    database: StoreDatabase;
    /** The e-mails waiting to be sent and sent, for the outbox sender (app/server/mail/sender.server.ts). */
    outbox: OutboxStore;
    /** Whether this store queues e-mails (mail is configured). */
    sendsMail: boolean;
    /** The outbox for e-mails another identity provider causes (Firebase); undefined when mail is off. */
    mailQueue?: MailQueue;
    /** Deletes what has outlived its retention period; the counts say how much, never whose. */
    applyRetention(settings: RetentionSettings): Promise<RetentionCounts>;
    close(): Promise<void>;
  };

/** `onMailQueued` after every committed write transaction that queued an e-mail, never before its commit. */
function noticingQueuedMail(database: StoreDatabase, onMailQueued: (() => void) | undefined): StoreDatabase {
  if (!onMailQueued) return database;
  return {
    ...database,
    async write(work) {
      let queued = false;
      const result = await database.write(async (trx) => {
        queuedMailIn(trx); // a transaction that failed earlier on the same connection left its mark: forget it
        const value = await work(trx);
        queued = queuedMailIn(trx);
        return value;
      });
      if (queued) onMailQueued();
      return result;
    },
  };
}

/**
 * What the store needs to write e-mails into its outbox: the Message-IDs' domain, the caps, and the mail module's
 * writer, which turns each event the store records into the e-mail's words (app/server/mail/mail-writer.server.ts
 * makes one: `storeMail()`). The store itself holds no wording.
 */
export type StoreMail = OutboxSettings & {
  writer: MailWriter;
  /** The caps on the e-mails visitors cause (docs/decisions/0022); unset ones are the defaults. */
  caps?: Partial<MailCaps>;
};

export interface StoreOptions {
  /** Unset: the site sends no e-mail, and nothing is queued. */
  mail?: StoreMail;
  /** Called after a write transaction that queued an e-mail has committed (the sender sends it at once). */
  onMailQueued?: () => void;
}

/** Opens (and at first use migrates) the store; a plain string is a SQLite file's path. */
export function openBuiltInStore(config: StoreConfig | string, options: StoreOptions = {}): BuiltInStore {
  const database = noticingQueuedMail(
    openStoreDatabase(typeof config === "string" ? { engine: "sqlite", path: config } : config),
    options.onMailQueued,
  );
  // Every e-mail the store queues is within the caps: the store's own lock counts them across replicas.
  const mail: StoreMail | undefined = options.mail && {
    ...options.mail,
    capsIn: { caps: { ...defaultMailCaps, ...options.mail.caps }, store: database },
  };
  options = { ...options, mail };
  return {
    description: `built-in store (${database.description.replace(" (", " at ").replace(/\)$/, "")})`,
    ...createAccounts(database, options.mail),
    ...createRoles(database),
    ...createSubmissions(database, options.mail),
    ...createTeams(database, options.mail),
    profiles: createProfiles(database, options.mail),
    inbox: createInbox(database, { mail: options.mail }),
    accountChecks: createAccountChecks(database, options.mail),
    content: createContentVersions(database),
    contentImages: createContentImages(database),
    students: createStudentRecords(database, options.mail),
    database,
    outbox: createOutbox(database),
    sendsMail: options.mail !== undefined,
    mailQueue: options.mail && createMailQueue(database, options.mail),
    applyRetention: (settings) => applyRetention(database, settings, options.mail),
    close: () => database.close(),
  };
}

export type { StoreConfig } from "./database.server";
export type { MailWriter, StoreEvent, QueuedEvent, WrittenMail } from "./mail-events.server";
export { StoreStartupError } from "./database.server";
export type { ProfileDetails, ProfileStore } from "./profiles.server";
export type {
  ContentSave,
  ContentSaved,
  ContentSnapshot,
  ContentStore,
  ContentVersion,
  ContentVersionWithData,
} from "./content-versions.server";
export type { RetentionCounts, RetentionSettings } from "./retention.server";
