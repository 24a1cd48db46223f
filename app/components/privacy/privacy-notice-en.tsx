import { Link } from "react-router";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import type { PrivacyNoticeProps } from "./privacy-notice";
import { ContactEmail, headingClass, sectionClass } from "./privacy-notice";

/**
 * Every e-mail the site sends, one line each: one per kind in `mailKinds`
 * (app/server/backend/built-in/mail-events.server.ts); a test fails when a kind has no line here.
 */
export const sentMail = [
  {
    kind: "verify-email",
    title: "Confirm your e-mail address",
    text: "when you create an account, and when you ask for the link again on your profile. It holds a link that proves the address is yours; until you confirm it, your profile shows only what you sent while logged in.",
  },
  {
    kind: "account-rejected",
    title: "Your account was removed",
    text: "when a council member finds that your College ID does not match your ID card. It names the College ID and says the account and its ID card were removed, with a link to register again.",
  },
  {
    kind: "college-id-claim",
    title: "We received your message about a College ID",
    text: "when you tell the council a College ID is yours while another account uses it. It names the College ID and says a council member will compare both ID cards.",
  },
  {
    kind: "college-id-claim-upheld",
    title: "The College ID is yours",
    text: "when the council found that the College ID you claimed is yours and removed the account that held it, with a link to register.",
  },
  {
    kind: "college-id-claim-declined",
    title: "About the College ID",
    text: "when the council found that the College ID you claimed belongs to the account that has it.",
  },
  {
    kind: "account-claimed",
    title: "Your account was removed because another student showed the College ID is theirs",
    text: "to the account that held a College ID when the council found, from both ID cards, that it belongs to another student.",
  },
  {
    kind: "application-receipt",
    title: "We received your application to join",
    text: "when you apply to join the council. It names the club you chose, says when your application arrived and what happens next, and how to see, download or erase it.",
  },
  {
    kind: "decision-accepted",
    title: "Your application was accepted",
    text: "only when a council member accepts your application and chooses to tell you by e-mail. It names the club, in the council's words.",
  },
  {
    kind: "decision-declined",
    title: "About your application (declined)",
    text: "only when a council member declines your application and chooses to tell you by e-mail. It names the club, in the council's words.",
  },
  {
    kind: "team-receipt",
    title: "We received your team",
    text: "to the leader, when a hackathon team is registered. It names the team and its members, says when it arrived and what happens next, and carries the hackathon's calendar file. Unless the leader registered it signed in with that address confirmed, it holds a link whose button tells the members: until it is pressed, they hear nothing.",
  },
  {
    kind: "team-member-notice",
    title: "You were added to a team",
    text: "to each member the leader named, once the leader has shown the address is theirs (signed in with it confirmed, or with the button in the receipt). It names the team and its leader, holds your own link to confirm you are in the team or to remove yourself from it, and carries the hackathon's calendar file.",
  },
  {
    kind: "team-member-removed",
    title: "A member left your team",
    text: "to the leader, when a member removed themselves from the team. It names the member and says how many members the team has now.",
  },
  {
    kind: "team-disbanded",
    title: "Your team was removed",
    text: "to the members, when the leader deleted their account and the team was erased with it. It names the team and its leader.",
  },
] as const;

/** The privacy notice in English: the notice's own words, as the council wrote them. */
export function PrivacyNoticeEn({
  contactEmail,
  idCardDays,
  submissionDays,
  accountsOnSite,
  entriesOnSite,
  sendsMail,
  mailDays,
  claimReservationDays,
  lastChanged,
}: PrivacyNoticeProps) {
  // What each form's data is for, in the words the form says beside its button (the catalogue's forms.privacyNote).
  const formPurposes = useFormTexts().privacyNote;
  const mail = <ContactEmail address={contactEmail} />;
  return (
    <div className="max-w-3xl">
      <section aria-labelledby="what" className={sectionClass}>
        <h2 id="what" className={headingClass}>
          What each form collects, and why
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Join the council</strong>: your name, e-mail, phone, enrollment number, date of birth, gender,
            college, department, year, club and why you want to join. {formPurposes.join}
          </li>
          <li>
            <strong>Create an account</strong>: your name, e-mail, phone, enrollment number, college, branch, date of
            birth (also your password, kept only as a one-way hash), gender and a photo of your ID card.{" "}
            {formPurposes.registration}
          </li>
          <li>
            <strong>This College ID is mine</strong>: your name, College ID, e-mail and a photo of your ID card, so that
            the council can compare it with the card of the account that already uses that College ID.
          </li>
          <li>
            <strong>Hackathon team</strong>: the team's name and idea, and each member's name, e-mail, phone, gender,
            institution and skills. {formPurposes.team} The leader confirms that the members agreed to share them.
          </li>
          <li>
            <strong>Suggestions and ideas</strong>: your name, enrollment number, college and what you wrote.{" "}
            {formPurposes.suggestion}
          </li>
        </ul>
        <p>Nothing is used for anything else, sold or shared outside the council.</p>
      </section>

      <section aria-labelledby="who" className={sectionClass}>
        <h2 id="who" className={headingClass}>
          Who can see it
        </h2>
        <p>
          Council members, in the council inbox of this site, signed in with an account the council gave that role. The
          people who run the site's servers can reach the database to keep it working and backed up.
        </p>
      </section>

      <section aria-labelledby="how-long" className={sectionClass}>
        <h2 id="how-long" className={headingClass}>
          How long it is kept
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            ID card photos: {idCardDays} days after you send them; then the photo is deleted and your account stays.
          </li>
          <li>
            Applications, teams, ideas and suggestions the council declined or archived: {submissionDays} days after
            they arrived. Those still being handled or accepted are kept while the council needs them.
          </li>
          <li>
            Your account: until you delete it. An account whose e-mail address is not confirmed within 7 days of
            registering is removed with everything it holds.
          </li>
          {accountsOnSite ? (
            <li>
              When the council upholds your <strong>This College ID is mine</strong>: that College ID and your e-mail
              address, for {claimReservationDays} days or until your account with that address is confirmed, so that
              meanwhile only you can register it.
            </li>
          ) : null}
          {sendsMail ? (
            <li>
              The e-mails we sent you: their text for {mailDays} days (a confirmation link's text only until it is
              sent); the record that an e-mail went, until you delete your account.
            </li>
          ) : null}
        </ul>
      </section>

      {sendsMail ? (
        <section aria-labelledby="emails" className={sectionClass}>
          <h2 id="emails" className={headingClass}>
            The e-mails we send
          </h2>
          <p>One line per e-mail: when it is sent, and what it holds.</p>
          <ul className="list-disc space-y-2 pl-6">
            {sentMail.map(({ kind, title, text }) => (
              <li key={kind}>
                <strong>{title}</strong>: {text}
              </li>
            ))}
          </ul>
          <p>
            They come from this site's own address and repeat nothing sensitive: no date of birth, no phone number, no
            ID card, no enrollment number. Links in them lead to this site only, and opening one changes nothing: only a
            button on the page does.
          </p>
          <p>
            The council inbox keeps a record of which e-mails went out about each entry, and when. The text of an e-mail
            is deleted {mailDays} days after it was queued (a confirmation link's text as soon as it is sent); the
            record that it went stays until the entry or your account is erased. Erasing an entry, or your account,
            removes the e-mails about it.
          </p>
        </section>
      ) : null}

      <section aria-labelledby="rights" className={sectionClass}>
        <h2 id="rights" className={headingClass}>
          See, download or erase your data
        </h2>
        {accountsOnSite && entriesOnSite ? (
          <p>
            Sign in and open{" "}
            <Link to="/userProfile" className="font-semibold text-accent underline underline-offset-2">
              your profile
            </Link>
            : it shows what you sent and what the council decided, has a <strong>Download my data</strong> button (a
            file with everything the site keeps about you) and a <strong>Delete my account</strong> button, which erases
            your account, your ID card, your applications, ideas and suggestions, and your place in a hackathon team (a
            team you lead is erased with it), and the e-mails we sent you. Your profile counts an entry as yours when
            you sent it while logged in, when it carries your e-mail address once you have confirmed it, or your
            enrollment number once the council has checked it against your ID card; nobody can see or erase your entries
            by typing your e-mail or enrollment number. Without an account, write to {mail} and the council erases your
            entries from the inbox.
          </p>
        ) : (
          <p>
            Your account and entries are kept by the council's own system, not by this site. To see, download or erase
            them, write to {mail}.
          </p>
        )}
      </section>

      <section aria-labelledby="contact" className={sectionClass}>
        <h2 id="contact" className={headingClass}>
          Questions and grievances
        </h2>
        <p>
          Write to the council at {mail}: it answers every question and grievance about your data. If you are not
          satisfied with its answer, you may complain to the Data Protection Board of India.
        </p>
        <p className="text-sm text-slate-500">Last changed: {lastChanged}.</p>
      </section>
    </div>
  );
}
