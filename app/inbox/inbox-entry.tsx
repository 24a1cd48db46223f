import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage, SubmitButton } from "~/components/form-fields/field";
import { eraseQuestionParts, inboxHref, type InboxAddress } from "~/inbox/inbox-forms";
import {
  actionDone,
  actionLabels,
  sectionInfo,
  statusAfter,
  statusLabels,
  type EntryStatus,
  type TriageAction,
} from "~/inbox/sections";
import {
  entryFields,
  entryTitle,
  mailKindLabel,
  mailStatusLabels,
  teamMemberLabels,
  teamMemberRows,
} from "~/inbox/entry-fields";
import { maxTeamMembers } from "~/forms/team-registration";
import { readableIndianTime } from "~/time/india-time";
import type { DecisionOffer, InboxEntry } from "~/inbox/entries";

const statusTone: Record<EntryStatus, string> = {
  new: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-slate-200 text-slate-800",
  seen: "bg-sky-100 text-sky-900",
  archived: "bg-slate-200 text-slate-800",
};

function StatusBadge({ status }: { status: EntryStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusTone[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}

/**
 * Text a student typed, isolated from what surrounds it: whatever direction characters it holds (the form drops the
 * overrides, older entries may still have them), it cannot reorder the page's own words around it, and a name in a
 * right-to-left script reads right.
 */
function StudentText({ children }: { children: string }) {
  return <bdi>{children}</bdi>;
}

/**
 * One entry: every field the student sent, a team's members, who handled it and when, the triage buttons, and Erase
 * (`confirmingErase` when the page was asked for its confirmation step). `address` is the page's own.
 */
export function InboxEntryCard({
  entry,
  address,
  confirmingErase = false,
  refusal,
}: {
  entry: InboxEntry;
  address: InboxAddress;
  confirmingErase?: boolean;
  refusal?: string[];
}) {
  const titleId = `${entry.id}-title`;
  return (
    <article
      id={entry.id}
      aria-labelledby={titleId}
      className="scroll-mt-28 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold break-words text-ink">
            <StudentText>{entryTitle(entry)}</StudentText>
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Received <time dateTime={entry.receivedAt}>{readableIndianTime(entry.receivedAt)}</time>
          </p>
        </div>
        <StatusBadge status={entry.status} />
      </header>

      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {entryFields(entry).map((field) => (
          <div key={field.label} className={field.long ? "sm:col-span-2 lg:col-span-3" : undefined}>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{field.label}</dt>
            <dd className={`mt-0.5 wrap-anywhere text-slate-900 ${field.long ? "whitespace-pre-line" : ""}`}>
              {field.value ? <StudentText>{field.value}</StudentText> : "—"}
            </dd>
          </div>
        ))}
      </dl>

      {entry.section === "teams" ? <TeamMembers entry={entry} /> : null}
      <History entry={entry} />
      <SentMails entry={entry} />
      <TriageForm entry={entry} />
      {entry.section === "applications" && entry.decisionOffer ? (
        <DecisionPanel entry={entry} offer={entry.decisionOffer} />
      ) : null}
      {confirmingErase ? (
        <EraseConfirmation entry={entry} address={address} />
      ) : (
        <EraseLink entry={entry} address={address} />
      )}
      {refusal?.length ? (
        <div className="mt-3">
          <FormMessage messages={refusal} />
        </div>
      ) : null}
    </article>
  );
}

/**
 * Each member as a small card: a seven-column table would not fit a phone. A member who confirmed they are in the
 * team says when; a team below the full size (a member removed themselves) says so.
 */
function TeamMembers({ entry }: { entry: Extract<InboxEntry, { section: "teams" }> }) {
  const headingId = `${entry.id}-members`;
  const count = entry.team.members.length;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h4 id={headingId} className="font-semibold text-ink">
        Members ({count})
      </h4>
      {count < maxTeamMembers ? (
        <p className="mt-1 text-sm font-semibold text-amber-900">
          Incomplete: {count} of {maxTeamMembers} members
        </p>
      ) : null}
      <ol className="mt-2 grid gap-3 sm:grid-cols-2">
        {teamMemberRows(entry).map((values, index) => (
          <li key={index} className="rounded-xl bg-slate-50 p-3">
            {entry.confirmedAt[index] ? (
              <p className="mb-2 text-sm font-semibold text-green-900">
                Confirmed{" "}
                <time dateTime={entry.confirmedAt[index]}>{readableIndianTime(entry.confirmedAt[index])}</time>
              </p>
            ) : null}
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {teamMemberLabels.map((label, column) => (
                <div key={label} className="contents">
                  <dt className="font-semibold text-slate-600">{label}</dt>
                  <dd className="break-words text-slate-900">
                    {values[column] ? <StudentText>{values[column]}</StudentText> : "—"}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Who did what, oldest first: the triage changes, and the decision e-mails a member sent ("Decision e-mailed on ...
 * by ...").
 */
function History({ entry }: { entry: InboxEntry }) {
  const headingId = `${entry.id}-history`;
  const events = [
    ...entry.history.map((event) => ({ what: actionDone[event.action], by: event.by, at: event.at })),
    ...entry.mails.flatMap((mail) =>
      mail.queuedBy && mail.kind.startsWith("decision-")
        ? [{ what: "Decision e-mailed", by: mail.queuedBy, at: mail.queuedAt }]
        : [],
    ),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h4 id={headingId} className="font-semibold text-ink">
        History
      </h4>
      {events.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Not handled yet.</p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm text-slate-700">
          {events.map((event, index) =>
            event.what === "Decision e-mailed" ? (
              <li key={index}>
                Decision e-mailed on <time dateTime={event.at}>{readableIndianTime(event.at)}</time> by{" "}
                <span className="font-semibold">{event.by}</span>
              </li>
            ) : (
              <li key={index}>
                {event.what} by <span className="font-semibold">{event.by}</span> on{" "}
                <time dateTime={event.at}>{readableIndianTime(event.at)}</time>
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}

/** Which e-mails went out about the entry, and when (a kind another part of the site adds reads as its name). */
function SentMails({ entry }: { entry: InboxEntry }) {
  if (entry.mails.length === 0) return null;
  const headingId = `${entry.id}-mails`;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h4 id={headingId} className="font-semibold text-ink">
        E-mails
      </h4>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {entry.mails.map((mail, index) => {
          const at = mail.sentAt ?? mail.queuedAt;
          return (
            <li key={index}>
              {mailKindLabel(mail.kind)}: {mailStatusLabels[mail.status]},{" "}
              <time dateTime={at}>{readableIndianTime(at)}</time>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A decided application whose student has not been e-mailed the decision: the exact e-mail, and the button that
 * sends it (a POST form, so it works without scripts). Where the site sends no e-mail, it says so instead.
 */
function DecisionPanel({
  entry,
  offer,
}: {
  entry: Extract<InboxEntry, { section: "applications" }>;
  offer: DecisionOffer;
}) {
  const navigation = useNavigation();
  const headingId = `${entry.id}-decision-mail`;
  const name = entry.application.name;
  const sending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "tell" &&
    navigation.formData.get("entry") === entry.id;
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
          <Form method="post" preventScrollReset className="mt-3">
            <input type="hidden" name="intent" value="tell" />
            <input type="hidden" name="entry" value={entry.id} />
            <SubmitButton
              label={`E-mail the decision to ${name}`}
              pendingLabel="Sending..."
              pending={sending}
              className="sm:w-auto"
            />
          </Form>
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
function TriageForm({ entry }: { entry: InboxEntry }) {
  const navigation = useNavigation();
  const actions = sectionInfo[entry.section].actions;
  const submitting = (action: TriageAction) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("entry") === entry.id &&
    navigation.formData?.get("action") === action;
  return (
    <Form method="post" preventScrollReset className="mt-5 grid grid-cols-2 gap-3 sm:max-w-md">
      <input type="hidden" name="entry" value={entry.id} />
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
    </Form>
  );
}

/**
 * Erase is two steps, so a slip of the finger cannot remove anything: a link to this page with the entry's
 * confirmation step, then a POST form there. Both work without scripts.
 */
function EraseLink({ entry, address }: { entry: InboxEntry; address: InboxAddress }) {
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

function EraseConfirmation({ entry, address }: { entry: InboxEntry; address: InboxAddress }) {
  const navigation = useNavigation();
  const questionId = `${entry.id}-erase-question`;
  const panel = useRef<HTMLDivElement>(null);
  // With scripts the link that opened this step is gone: keyboard and screen-reader users land on the question, and
  // everyone sees it whole (the browser's own jump to #...-erase only happens on a full page load).
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: "center" });
  }, []);
  const erasing =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "erase" &&
    navigation.formData.get("entry") === entry.id;
  return (
    <div
      id={`${entry.id}-erase`}
      ref={panel}
      tabIndex={-1}
      role="group"
      aria-labelledby={questionId}
      className="mt-5 scroll-mt-28 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 focus:outline-none focus-ring"
    >
      <p id={questionId} className="font-semibold text-red-900">
        {eraseQuestionParts(entry).map((part, index) =>
          typeof part === "string" ? part : <StudentText key={index}>{part.student}</StudentText>,
        )}
      </p>
      <Form method="post" preventScrollReset className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="entry" value={entry.id} />
        <SubmitButton
          label="Erase for good"
          pendingLabel="Erasing..."
          pending={erasing}
          aria-label={`Erase for good: ${entryTitle(entry)}`}
          className="sm:w-auto"
        />
        <Link
          to={`${inboxHref(address)}#${entry.id}`}
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md bg-white px-5 py-3 font-semibold text-accent ring-2 ring-accent ring-inset hover:bg-red-50 focus-ring"
        >
          Cancel
        </Link>
      </Form>
    </div>
  );
}
