import { Link } from "react-router";
import { SubmitButton } from "~/components/form-fields/field";
import { ButtonForm, ConfirmationStep, linkButton, StudentText, useSubmitting } from "~/inbox/council-screen-parts";
import { entryTitle } from "~/inbox/entry-fields";
import type { DecisionOffer, InboxEntry } from "~/inbox/entries";
import { eraseQuestionParts, inboxHref, type InboxAddress } from "~/inbox/inbox-forms";
import { actionLabels, sectionInfo, statusAfter, type TriageAction } from "~/inbox/sections";

/**
 * What a council member can do with an inbox entry, under its card (inbox-entry.tsx): e-mail a decided application's
 * decision, triage it, and erase it. Each is a plain POST form, so all of it works without scripts.
 */

/**
 * A decided application whose student has not been e-mailed the decision: the exact e-mail, and the button that
 * sends it (a POST form, so it works without scripts). Where the site sends no e-mail, it says so instead.
 */
export function DecisionPanel({
  entry,
  offer,
}: {
  entry: Extract<InboxEntry, { section: "applications" }>;
  offer: DecisionOffer;
}) {
  const headingId = `${entry.id}-decision-mail`;
  const name = entry.application.name;
  const sending = useSubmitting()({ intent: "tell", entry: entry.id });
  return (
    <section
      aria-labelledby={headingId}
      id={`${entry.id}-tell`}
      className="mt-5 scroll-mt-28 rounded-xl border-l-4 border-accent bg-slate-50 p-4"
    >
      <h4 id={headingId} className="font-semibold text-ink">
        Tell the student: {offer.decision}
      </h4>
      {offer.mail ? (
        <>
          <p className="mt-1 text-sm wrap-anywhere text-slate-700">
            This e-mail goes to <StudentText>{offer.mail.to}</StudentText> when you press the button, once.
          </p>
          <div className="mt-3 rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200">
            <p>
              <span className="font-semibold">Subject:</span> <StudentText>{offer.mail.subject}</StudentText>
            </p>
            <p className="mt-2 wrap-anywhere whitespace-pre-line text-slate-900">
              <StudentText>{offer.mail.text}</StudentText>
            </p>
          </div>
          <ButtonForm fields={{ intent: "tell", entry: entry.id }} className="mt-3">
            <SubmitButton
              label={`E-mail the decision to ${name}`}
              pendingLabel="Sending..."
              pending={sending}
              className="sm:w-auto"
            />
          </ButtonForm>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          This site cannot send e-mail (no mail server is configured), so the decision cannot be e-mailed from here.
        </p>
      )}
    </section>
  );
}

/**
 * The entry's triage buttons: one POST form, the button pressed says what to do, so it works without scripts.
 * The button for the entry's current status is disabled; changing one's mind (decline after accept) is allowed
 * and recorded like any change.
 */
export function TriageForm({ entry }: { entry: InboxEntry }) {
  const submitted = useSubmitting();
  const actions = sectionInfo[entry.section].actions;
  const submitting = (action: TriageAction) => submitted({ entry: entry.id, action });
  return (
    <ButtonForm fields={{ entry: entry.id }} className="mt-5 grid grid-cols-2 gap-3 sm:max-w-md">
      {actions.map((action, index) => (
        <SubmitButton
          key={action}
          name="action"
          value={action}
          label={actionLabels[action]}
          pendingLabel="Saving..."
          pending={submitting(action)}
          tone={index === 0 ? "primary" : "secondary"}
          disabled={entry.status === statusAfter[action]}
          aria-label={`${actionLabels[action]}: ${entryTitle(entry)}`}
        />
      ))}
    </ButtonForm>
  );
}

/**
 * Erase is two steps, so a slip of the finger cannot remove anything: a link to this page with the entry's
 * confirmation step, then a POST form there. Both work without scripts.
 */
export function EraseLink({ entry, address }: { entry: InboxEntry; address: InboxAddress }) {
  return (
    <p className="mt-3">
      <Link
        to={`${inboxHref({ ...address, erase: entry.id })}#${entry.id}-erase`}
        preventScrollReset
        aria-label={`Erase: ${entryTitle(entry)}`}
        className="inline-flex min-h-11 items-center font-semibold text-red-800 underline underline-offset-2 hover:text-red-950 focus-ring"
      >
        Erase
      </Link>
    </p>
  );
}

export function EraseConfirmation({ entry, address }: { entry: InboxEntry; address: InboxAddress }) {
  const erasing = useSubmitting()({ intent: "erase", entry: entry.id });
  return (
    <ConfirmationStep
      id={`${entry.id}-erase`}
      centre
      question={eraseQuestionParts(entry).map((part, index) =>
        typeof part === "string" ? part : <StudentText key={index}>{part.student}</StudentText>,
      )}
    >
      <ButtonForm
        fields={{ intent: "erase", entry: entry.id }}
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center"
      >
        <SubmitButton
          label="Erase for good"
          pendingLabel="Erasing..."
          pending={erasing}
          aria-label={`Erase for good: ${entryTitle(entry)}`}
          className="sm:w-auto"
        />
        <Link to={`${inboxHref(address)}#${entry.id}`} preventScrollReset className={linkButton}>
          Cancel
        </Link>
      </ButtonForm>
    </ConfirmationStep>
  );
}
