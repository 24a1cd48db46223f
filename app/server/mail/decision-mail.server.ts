import type { DecisionEmails } from "~/content/schemas";
import type { Locale } from "~/i18n/locale";
import { compose, firstName, type ComposedMail, type MailSite, oneLine } from "./compose.server";

/**
 * The council's decision on a join application, as the student reads it: the words are the council's own, in
 * data/decision-emails.json (editable without code; the Hindi under "hi", for a student who applied on /hi/join), with
 * the student's first name, the club and the site's name filled in. Nothing else of the application is repeated. The
 * inbox shows this very text before a member sends it.
 */

export type Decision = Exclude<keyof DecisionEmails, "hi">;

/** The outbox kind of each decision: the unique index allows one of each per application. */
export const decisionMailKinds = {
  accepted: "decision-accepted",
  declined: "decision-declined",
} as const satisfies Record<Decision, string>;

export function decisionMail(
  site: MailSite,
  texts: DecisionEmails,
  to: { name: string; club: string },
  decision: Decision,
  locale: Locale = "en",
): ComposedMail {
  const values: Record<string, string> = {
    firstName: firstName(to.name),
    name: oneLine(to.name),
    club: to.club,
    siteName: site.siteName,
  };
  // The schema admits only these placeholders; anything else is left as written. The subject takes the club and the
  // site's name only (the schema's rule too): the student's own words never go into a Subject line.
  const fillFrom = (known: Record<string, string>) => (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, word: string) => (Object.hasOwn(known, word) ? known[word]! : whole));
  const fill = fillFrom(values);
  const subject = fillFrom({ club: values.club!, siteName: values.siteName! });
  const words = locale === "hi" ? texts.hi[decision] : texts[decision];
  return compose(site, subject(words.subject), fill(words.greeting), words.paragraphs.map(fill), locale);
}
