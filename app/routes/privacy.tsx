import { Link } from "react-router";
import { ContentPage } from "~/components/page-header";
import { formPurposes } from "~/components/privacy/privacy-note";
import { metaFor } from "~/lib/meta";
import { identity, submissions } from "~/server/backend/index.server";
import { site } from "~/server/content.server";
import { env } from "~/server/env.server";
import { publicPageHeaders } from "~/server/page-cache.server";
import type { Route } from "./+types/privacy";
import { withoutScripts } from "~/lib/page-handle";

// The same page for every visitor: it depends only on the server's settings.
export const headers = publicPageHeaders;

// Read-only: every behaviour works without the framework (lib/page-handle.ts).
export const handle = withoutScripts;

/** The day this notice last changed: update it with every change of substance. */
const lastChanged = "27 November 2026";

export const meta = metaFor("/privacy");

export function loader() {
  return {
    contactEmail: site.email,
    councilName: site.name,
    idCardDays: env.retention.idCardDays,
    submissionDays: env.retention.submissionDays,
    // Where another system (the council API) keeps accounts or entries, the site cannot show or erase them.
    accountsOnSite: identity.accountRecord !== undefined,
    entriesOnSite: submissions.students !== undefined,
    // E-mail is on when the site queues e-mails (SMTP configured, or development's log); then the notice lists them.
    sendsMail: env.mail !== undefined && submissions.students !== undefined,
    mailDays: env.retention.mailDays,
    lastChanged,
  };
}

const sectionClass = "mt-8 space-y-3 text-slate-700";
const headingClass = "text-xl font-bold text-ink";

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { contactEmail, councilName, idCardDays, submissionDays, accountsOnSite, entriesOnSite, sendsMail, mailDays } =
    loaderData;
  const mail = (
    <a href={`mailto:${contactEmail}`} className="font-semibold text-accent underline underline-offset-2">
      {contactEmail}
    </a>
  );
  return (
    <ContentPage title="Privacy notice" intro={`How the ${councilName} looks after what you send through this site.`}>
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
              <strong>This College ID is mine</strong>: your name, College ID, e-mail and a photo of your ID card, so
              that the council can compare it with the card of the account that already uses that College ID.
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
            Council members, in the council inbox of this site, signed in with an account the council gave that role.
            The people who run the site's servers can reach the database to keep it working and backed up.
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
            <ul className="list-disc space-y-2 pl-6">
              <li>
                <strong>Confirm your e-mail address</strong>: when you create an account, and when you ask for the link
                again on your profile. It proves the address is yours; until you confirm it, your profile shows only
                what you sent while logged in.
              </li>
              <li>
                <strong>Your account was removed</strong>: when a council member finds that your College ID does not
                match your ID card, or that it belongs to another student who showed their own card.
              </li>
              <li>
                <strong>About your College ID</strong>: when you tell the council a College ID is yours while another
                account uses it, and when the council has decided whose it is.
              </li>
            </ul>
            <p>
              They come from this site's own address and repeat nothing sensitive: no date of birth, no phone number, no
              ID card. Links in them lead to this site only.
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
              file with everything the site keeps about you) and a <strong>Delete my account</strong> button, which
              erases your account, your ID card, your applications, ideas and suggestions, and your place in a hackathon
              team (a team you lead is erased with it), and the e-mails we sent you. Your profile counts an entry as
              yours when you sent it while logged in, when it carries your e-mail address once you have confirmed it, or
              your enrollment number once the council has checked it against your ID card; nobody can see or erase your
              entries by typing your e-mail or enrollment number. Without an account, write to {mail} and the council
              erases your entries from the inbox.
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
          <p className="text-sm text-slate-500">Last changed: {loaderData.lastChanged}.</p>
        </section>
      </div>
    </ContentPage>
  );
}
