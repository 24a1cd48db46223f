import { readFileSync } from "node:fs";
import { decisionMail } from "~/server/mail/decision-mail.server";
import {
  accountClaimedMail,
  accountRejectedMail,
  collegeIdClaimDeclinedMail,
  collegeIdClaimMail,
  collegeIdClaimUpheldMail,
  verificationMail,
} from "~/server/mail/account-mail.server";
import type { ComposedMail, MailSite } from "~/server/mail/compose.server";
import { applicationReceiptMail } from "~/server/mail/receipts.server";
import {
  type MailEvent,
  teamDisbandedMail,
  teamMemberNoticeMail,
  teamMemberRemovedMail,
  teamReceiptMail,
} from "~/server/mail/team-mail.server";
import type { DecisionEmails } from "~/content/schemas";

/**
 * Every kind of e-mail the site sends, composed by the site's own code with sample values (fictional people, the
 * hackathon's place and times as data/events.json gives them): for the tests that read every e-mail as a person would.
 */

const readJson = (name: string): unknown => JSON.parse(readFileSync(`data/${name}`, "utf8"));

export function hackathonEvent(): MailEvent {
  const { hackathon } = readJson("events.json") as {
    hackathon: {
      title: { en: string; hi: string };
      subtitle: { en: string; hi: string };
      when: { starts: string; ends: string; location: { en: string; hi: string } };
    };
  };
  const { starts, ends, location } = hackathon.when;
  return {
    title: hackathon.title.en,
    path: "/sih",
    summary: hackathon.subtitle.en,
    when: { starts, ends, location: location.en },
    hi: { title: hackathon.title.hi, summary: hackathon.subtitle.hi, location: location.hi },
  };
}

export const site: MailSite = {
  siteUrl: "https://council.example.org",
  siteName: "Student Council",
  contactEmail: "studentcouncil@example.org",
};
export const student = { name: "Asha Verma", collegeId: "0187CS221001" };

/** Every kind of e-mail the site sends, rendered in Hindi (or English) with sample values. */
export function mailsIn(locale: "hi" | "en", token = "t0k3n"): [string, ComposedMail][] {
  const event = hackathonEvent();
  const team = { leaderName: "Asha Verma", teamName: "Byte Squad" };
  const decisions = readJson("decision-emails.json") as DecisionEmails;
  return [
    [
      "verify-email",
      verificationMail(site, { name: student.name, collegeId: student.collegeId, token }, { builtIn: true }, locale),
    ],
    ["account-rejected", accountRejectedMail(site, student, locale)],
    ["college-id-claim", collegeIdClaimMail(site, student, locale)],
    ["college-id-claim-upheld", collegeIdClaimUpheldMail(site, student, locale)],
    ["college-id-claim-declined", collegeIdClaimDeclinedMail(site, student, locale)],
    ["account-claimed", accountClaimedMail(site, student, locale)],
    [
      "application-receipt",
      applicationReceiptMail(
        site,
        { name: student.name, club: "Coding Club", receivedAt: "2026-11-20T10:35:00.000Z" },
        locale,
      ),
    ],
    ...(["accepted", "declined"] as const).map((decision): [string, ComposedMail] => [
      `decision-${decision}`,
      decisionMail(site, decisions, { name: student.name, club: "Coding Club" }, decision, locale),
    ]),
    [
      "team-receipt",
      teamReceiptMail(
        site,
        event,
        { ...team, memberNames: ["Ravi", "Meera"], receivedAt: "2026-11-20T10:35:00.000Z" },
        locale,
      ),
    ],
    [
      "team-receipt (members wait for the leader)",
      teamReceiptMail(
        site,
        event,
        { ...team, memberNames: ["Ravi", "Meera"], receivedAt: "2026-11-20T10:35:00.000Z", tellToken: token },
        locale,
      ),
    ],
    [
      "team-receipt (no members yet)",
      teamReceiptMail(site, event, { ...team, memberNames: [], receivedAt: "2026-11-20T10:35:00.000Z" }, locale),
    ],
    ["team-member-notice", teamMemberNoticeMail(site, event, { ...team, memberName: "Ravi", token }, locale)],
    ["team-member-removed", teamMemberRemovedMail(site, { ...team, memberName: "Ravi", members: 5 }, locale)],
    ["team-disbanded", teamDisbandedMail(site, event, { ...team, memberName: "Ravi" }, locale)],
  ];
}
