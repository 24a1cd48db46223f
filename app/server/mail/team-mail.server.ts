import type { EventTime } from "~/content/schemas";
import { readableIndianTime } from "~/time/india-time";
import { calendarContentType, eventCalendar, indianTimeSpan } from "../events/calendar.server";
import type { MailAttachment } from "../backend/built-in/outbox.server";
import { compose, type ComposedMail, firstName, type MailSite, siteLink } from "./messages.server";

/**
 * The hackathon team's e-mails: the leader's receipt, each member's notice with their own link (confirm, or remove
 * themselves), the leader told when a member removed themselves, and the members told when the team was erased with
 * its leader. They name people only by name: never a phone number, a date of birth or an e-mail address of someone
 * else.
 */

/** The hackathon as the e-mails name it and as its calendar file describes it (from data/events.json). */
export interface MailEvent {
  title: string;
  /** Its page on the site, e.g. "/sih". */
  path: string;
  summary: string;
  when: EventTime;
}

/** A team is six members, the leader included (the spec's rule, as the form says it). */
export const fullTeam = 6;

const hackathonName = (event: MailEvent | undefined) => event?.title ?? "the hackathon";

/** The hackathon's calendar file, attached to the receipt and the notices; none when the store was given no event. */
export function hackathonCalendar(site: MailSite, event: MailEvent | undefined): MailAttachment[] {
  if (!event) return [];
  const content = eventCalendar({
    // The same event whichever e-mail or download adds it: a second import updates it instead of doubling it.
    uid: `sih-hackathon@${new URL(site.siteUrl).hostname}`,
    title: event.title,
    summary: event.summary,
    when: event.when,
    url: siteLink(site, event.path),
    organizer: { name: site.siteName, email: site.contactEmail },
  });
  return [{ filename: "sih-hackathon.ics", contentType: calendarContentType, content }];
}

const whenText = (event: MailEvent | undefined) =>
  event ? ` It takes place ${indianTimeSpan(event.when)}, at ${event.when.location}.` : "";

/** The leader's receipt: what arrived, when, who is in the team, what happens next. */
export function teamReceiptMail(
  site: MailSite,
  event: MailEvent | undefined,
  team: { leaderName: string; teamName: string; memberNames: string[]; receivedAt: string },
): ComposedMail {
  const others = team.memberNames.length;
  return compose(site, `We received your team "${team.teamName}"`, `Hello ${firstName(team.leaderName)},`, [
    `We received your registration of the team "${team.teamName}" for ${hackathonName(event)} on ${readableIndianTime(team.receivedAt)}, with you as its leader.${whenText(event)}`,
    others > 0
      ? `Its members: ${team.memberNames.join(", ")}. Each of them gets an e-mail naming the team and you, with a link to confirm they are in it or to remove themselves. If someone removes themselves, we tell you, and you can add another member from your profile.`
      : "The team has no other members yet: add them from your profile.",
    "What happens next: the council reads the registrations and contacts the teams by e-mail before the hackathon. The calendar file attached adds the hackathon to your calendar.",
    {
      text: "To see your team and its members, download everything the site keeps about you or erase it, sign in and open your profile (your account's e-mail address needs to be confirmed, and the same as the leader's address in the team, or you need to have registered the team while signed in):",
      link: siteLink(site, "/userProfile"),
      label: "Open my profile",
    },
    `The privacy notice says what we keep, for how long, and how to have it erased: ${siteLink(site, "/privacy")}`,
  ]);
}

/** A member's notice: who put them in which team, and their one link (confirm or remove themselves). */
export function teamMemberNoticeMail(
  site: MailSite,
  event: MailEvent | undefined,
  notice: { memberName: string; leaderName: string; teamName: string; token: string },
): ComposedMail {
  return compose(
    site,
    `${notice.leaderName} added you to the team "${notice.teamName}"`,
    `Hello ${firstName(notice.memberName)},`,
    [
      `${notice.leaderName} registered the team "${notice.teamName}" for ${hackathonName(event)} on the ${site.siteName} website, with you as a member, and gave us your name, this e-mail address and your phone number.${whenText(event)}`,
      {
        text: 'Open the link below to confirm that you are in this team ("Yes, I am in this team"), or, if you did not agree to it, to remove yourself and your details from it ("Remove me from this team"). You need no account for either. Opening the link changes nothing; only the buttons on the page do.',
        link: siteLink(site, "/sih/team-member", { token: notice.token }),
        label: "Confirm or remove myself",
      },
      "The calendar file attached adds the hackathon to your calendar.",
    ],
  );
}

/** The leader hears that a member removed themselves, and how many the team has now. */
export function teamMemberRemovedMail(
  site: MailSite,
  removal: { leaderName: string; memberName: string; teamName: string; members: number },
): ComposedMail {
  return compose(
    site,
    `${removal.memberName} left your team "${removal.teamName}"`,
    `Hello ${firstName(removal.leaderName)},`,
    [
      `${removal.memberName} removed themselves from ${removal.teamName}; the team now has ${removal.members} of ${fullTeam} members; add a member from your profile. Their details were erased from the team.`,
      {
        text: "Sign in and open your profile to add a member while registration is open:",
        link: siteLink(site, "/userProfile"),
        label: "Open my profile",
      },
    ],
  );
}

/** The members of a team erased with its leader's account: the team is gone, and their details with it. */
export function teamDisbandedMail(
  site: MailSite,
  event: MailEvent | undefined,
  disbanded: { memberName: string; leaderName: string; teamName: string },
): ComposedMail {
  return compose(site, `The team "${disbanded.teamName}" was removed`, `Hello ${firstName(disbanded.memberName)},`, [
    `${disbanded.leaderName}, the leader of the team "${disbanded.teamName}", deleted their account on the ${site.siteName} website, and the team was removed with it for ${hackathonName(event)}. Your details in the team (your name, e-mail address and phone number) were erased with it.`,
    `If you still want to take part, a team can be registered again on the hackathon's page while registration is open: ${siteLink(site, event?.path ?? "/sih")}`,
  ]);
}
