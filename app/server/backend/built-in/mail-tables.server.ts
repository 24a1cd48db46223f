import type { Id } from "./tables.server";

/**
 * The tables of the e-mails the site sends (tables.server.ts holds them all as the query layer's Tables): the links,
 * the outbox and the caps per address.
 */

/** A single-use link sent by e-mail; only the token's SHA-256 is kept. */
export interface EmailTokensTable {
  id: Id;
  token_hash: string;
  account_id: number;
  purpose: "verify-email";
  /** The address the token proves: a token for an address the account no longer has proves nothing. */
  email: string;
  created_at: string;
  /** Milliseconds since 1970. */
  expires_at: number;
  used_at: string | null;
}

/** One e-mail, written in the transaction that causes it (docs/decisions/0016). */
export interface OutboxTable {
  id: Id;
  /** What kind of e-mail (metrics and logs name it; see mail-events.server.ts). */
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Set when queued, so a message sent again after a crash carries the same Message-ID. */
  message_id: string;
  /** The account it concerns (an erasure removes it with the account). */
  account_key: string | null;
  /** 1: the body holds a live link; it is emptied as soon as the message is sent. */
  secret: number;
  status: "queued" | "sent" | "failed";
  attempts: number;
  /** Milliseconds since 1970: not before. */
  next_attempt_at: number;
  /** Milliseconds since 1970: a sender holds the message until then. */
  lease_until: number | null;
  /** The last failure, without the message's content. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** When the body was emptied (sent and secret, or past its retention period). */
  body_deleted_at: string | null;
  /** The inbox entry it is about (a receipt, a decision, a team notice): its section and row id. */
  entry_section: string | null;
  entry_id: number | null;
  /** The council member who asked for it (a decision). */
  queued_by: string | null;
  /** JSON: `[{ filename, contentType, content }]`, text content (a calendar file); emptied with the body. */
  attachments: string | null;
  /** JSON: what happened, the kind and its values (mail-events.server.ts); emptied with the body. */
  event: string | null;
}

/**
 * One e-mail a visitor caused, as the caps count it (mail-caps.server.ts): SHA-256s of the recipient address and of
 * the client address, never either, kept a day. An erasure leaves them, so deleting an account restarts no count.
 */
export interface MailCapsTable {
  kind: string;
  recipient_key: string;
  client_key: string | null;
  created_at: string;
}
