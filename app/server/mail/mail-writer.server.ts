import type { DecisionEmails } from "~/content/schemas";
import type { Locale } from "~/i18n/locale";
import type { StoreMail } from "../backend/built-in/store.server";
import type { MailCaps } from "../backend/built-in/mail-caps.server";
import type { MailAttachment, MailWriter, StoreEvent, WrittenMail } from "../backend/built-in/mail-events.server";
import { decisionMail } from "./decision-mail.server";
import {
  accountClaimedMail,
  accountRejectedMail,
  collegeIdClaimDeclinedMail,
  collegeIdClaimMail,
  collegeIdClaimUpheldMail,
  verificationMail,
} from "./account-mail.server";
import type { MailSite } from "./compose.server";
import { applicationReceiptMail } from "./receipts.server";
import {
  hackathonCalendar,
  type MailEvent,
  teamDisbandedMail,
  teamMemberNoticeMail,
  teamMemberRemovedMail,
  teamReceiptMail,
} from "./team-mail.server";

/**
 * The mail module's side of the outbox (docs/decisions/0016): the store records what happened (an event, its kind
 * and values: app/server/backend/built-in/mail-events.server.ts), and this writer says it in the recipient's
 * language with the words of messages, receipts, decision-mail and team-mail. The composition root hands it to the
 * store, which writes the event and these words into the outbox in the same transaction.
 */

export interface MailWriterSettings extends MailSite {
  /** The hackathon the team e-mails name and attach as a calendar file (unset: "the hackathon", no file). */
  hackathon?: MailEvent;
  /** What the council's decision e-mails say (data/decision-emails.json); unset, no decision is written. */
  decisionEmails?: DecisionEmails;
}

/**
 * The settings are read at each e-mail, not once: the composition root gives them as getters of the current content,
 * so an e-mail says what the site says now (a new hackathon date, decision texts the council edited).
 */
export function createMailWriter(settings: MailWriterSettings): MailWriter {
  // One calendar file per language and hackathon, made once: making it takes longer than writing a registration's rows.
  let calendars = new Map<Locale, MailAttachment[]>();
  let calendarsOf: MailEvent | undefined;
  const calendar = (site: MailSite, hackathon: MailEvent | undefined, locale: Locale) => {
    if (calendarsOf !== hackathon) {
      calendars = new Map<Locale, MailAttachment[]>();
      calendarsOf = hackathon;
    }
    let attachments = calendars.get(locale);
    if (!attachments) calendars.set(locale, (attachments = hackathonCalendar(site, hackathon, locale)));
    return attachments;
  };

  function write(event: StoreEvent): WrittenMail {
    const { hackathon, decisionEmails } = settings;
    const site: MailSite = {
      siteUrl: settings.siteUrl,
      siteName: settings.siteName,
      contactEmail: settings.contactEmail,
    };
    const { locale } = event;
    switch (event.kind) {
      case "verify-email": {
        // A Firebase account may have no name: the English greets "there".
        const name = event.builtIn ? event.name : event.name || (locale === "hi" ? "" : "there");
        const to = { name, collegeId: event.collegeId, token: event.token };
        return verificationMail(site, to, { builtIn: event.builtIn }, locale);
      }
      case "account-rejected":
        return accountRejectedMail(site, event, locale);
      case "college-id-claim":
        return collegeIdClaimMail(site, event, locale);
      case "college-id-claim-upheld":
        return collegeIdClaimUpheldMail(site, event, locale);
      case "college-id-claim-declined":
        return collegeIdClaimDeclinedMail(site, event, locale);
      case "account-claimed":
        return accountClaimedMail(site, event, locale);
      case "decision-accepted":
      case "decision-declined": {
        if (!decisionEmails) throw new Error("The site has no decision e-mails to write a decision with.");
        const decision = event.kind === "decision-accepted" ? "accepted" : "declined";
        return decisionMail(site, decisionEmails, event, decision, locale);
      }
      case "application-receipt":
        return applicationReceiptMail(site, event, locale);
      case "team-receipt":
        return { ...teamReceiptMail(site, hackathon, event, locale), attachments: calendar(site, hackathon, locale) };
      case "team-member-notice":
        return {
          ...teamMemberNoticeMail(site, hackathon, event, locale),
          attachments: calendar(site, hackathon, locale),
        };
      case "team-member-removed":
        return teamMemberRemovedMail(site, event, locale);
      case "team-disbanded": {
        const leaderName = event.leaderName ?? (locale === "hi" ? "लीडर" : "The leader");
        return teamDisbandedMail(site, hackathon, { ...event, leaderName }, locale);
      }
    }
  }

  return {
    writes: (kind) => !kind.startsWith("decision-") || settings.decisionEmails !== undefined,
    write,
  };
}

/** The site's settings for a store that sends e-mail. */
export type StoreMailSettings = MailWriterSettings & { messageIdDomain: string; caps?: Partial<MailCaps> };

/** Everything a store that sends e-mail needs, from the site's settings: the outbox's domain, the caps, the writer. */
export function storeMail(settings: StoreMailSettings): StoreMail {
  const { messageIdDomain, caps } = settings;
  // The settings themselves, not a copy: their getters are read at each e-mail.
  return { messageIdDomain, ...(caps ? { caps } : {}), writer: createMailWriter(settings) };
}
