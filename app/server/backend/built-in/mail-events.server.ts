import type { Locale } from "~/i18n/locale";

/**
 * What the store records when something happens that someone hears about by e-mail: the kind and its values, never
 * the words. The mail module (app/server/mail/mail-writer.server.ts) says it in the recipient's language; the store
 * writes the event and the e-mail into the outbox in the transaction that causes them (docs/decisions/0016).
 */

/** Each kind of e-mail the site sends is one kind of event: the metrics, the log and the caps name them. */
export const mailKinds = [
  "verify-email",
  "account-rejected",
  "college-id-claim",
  "college-id-claim-upheld",
  "college-id-claim-declined",
  "account-claimed",
  "decision-accepted",
  "decision-declined",
  "application-receipt",
  "team-receipt",
  "team-member-notice",
  "team-member-removed",
  "team-disbanded",
] as const;
export type MailKind = (typeof mailKinds)[number];

/** How long one of the built-in store's verification links stays valid. */
export const verificationLinkHours = 24;
/** An account whose e-mail is not verified within this many days is removed (retention). */
export const unverifiedAccountDays = 7;

/** A student and the College ID an account-check e-mail is about. */
interface Holder {
  name: string;
  collegeId: string;
  locale: Locale;
}

/** What happened, with the values its e-mail needs (a visitor's words are values, never a Subject or a link). */
export type StoreEvent =
  | (Holder & {
      kind: "verify-email";
      token: string;
      /** The site's own link (it lasts `verificationLinkHours`); false: Firebase's code, which Firebase times. */
      builtIn: boolean;
    })
  | (Holder & {
      kind:
        | "account-rejected"
        | "college-id-claim"
        | "college-id-claim-upheld"
        | "college-id-claim-declined"
        | "account-claimed";
    })
  | { kind: "decision-accepted" | "decision-declined"; name: string; club: string; locale: Locale }
  | { kind: "application-receipt"; name: string; club: string; receivedAt: string; locale: Locale }
  | {
      kind: "team-receipt";
      leaderName: string;
      teamName: string;
      memberNames: string[];
      receivedAt: string;
      /** The link that tells the members while their notices wait for the leader; unset: they are told. */
      tellToken?: string;
      locale: Locale;
    }
  | {
      kind: "team-member-notice";
      memberName: string;
      leaderName: string;
      teamName: string;
      token: string;
      locale: Locale;
    }
  | {
      kind: "team-member-removed";
      leaderName: string;
      memberName: string;
      teamName: string;
      members: number;
      locale: Locale;
    }
  | {
      kind: "team-disbanded";
      memberName: string;
      /** Unset when the team has no leader row left: the e-mail names "the leader". */
      leaderName?: string;
      teamName: string;
      locale: Locale;
    };

/** An event with where it goes and what it belongs to. */
export interface QueuedEvent {
  event: StoreEvent;
  to: string;
  /** The account it concerns, so an erasure of the account removes it. */
  accountKey?: string;
  /** The e-mail holds a live link (a token): the body and the event are emptied as soon as it is sent. */
  secret?: boolean;
  /** The inbox entry it is about (a receipt, a decision, a team notice): the inbox lists it there. */
  entry?: { section: string; id: number };
  /** The council member who asked for it (their College ID). */
  queuedBy?: string;
}

/** A text file sent with an e-mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** An e-mail as the mail module writes it from an event. */
export interface WrittenMail {
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (the hackathon's calendar file). */
  attachments?: MailAttachment[];
}

/** The mail module's side: the composition root hands one to the store (app/server/mail/mail-writer.server.ts). */
export interface MailWriter {
  /** Whether it has the words for this kind (a decision needs the council's texts). */
  writes(kind: MailKind): boolean;
  write(event: StoreEvent): WrittenMail;
}
