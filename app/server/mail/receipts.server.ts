import { readableIndianTime } from "~/time/india-time";
import { compose, type ComposedMail, firstName, type MailSite, siteLink } from "./messages.server";

/**
 * Receipts: a student who sent something to the council hears at once what arrived, when, and what happens next.
 * They repeat only what the student would recognise (the club chosen), never anything sensitive: no date of birth,
 * no phone number, no enrollment number.
 */

/** "We received your application to join": after the join form is saved. */
export function applicationReceiptMail(
  site: MailSite,
  application: { name: string; club: string; receivedAt: string },
): ComposedMail {
  return compose(
    site,
    `We received your application to join the ${site.siteName}`,
    `Hello ${firstName(application.name)},`,
    [
      `We received your application to join the ${site.siteName}, with ${application.club} as the club you chose, on ${readableIndianTime(application.receivedAt)}.`,
      "What happens next: a council member reads your application and decides on it. You will hear back by e-mail at this address. There is no need to apply again.",
      {
        text: "To see your application, download everything the site keeps about you or erase it, sign in and open your profile (your account's e-mail address needs to be confirmed, and the same as the one you applied with):",
        link: siteLink(site, "/userProfile"),
        label: "Open my profile",
      },
      `The privacy notice says what we keep, for how long, and how to have it erased: ${siteLink(site, "/privacy")}`,
    ],
  );
}
