import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage, SubmitButton } from "~/components/forms/field";
import { eraseMessages, inboxHref, type InboxAddress } from "~/inbox/forms";
import {
  actionDone,
  actionLabels,
  sectionInfo,
  statusAfter,
  statusLabels,
  type EntryStatus,
  type TriageAction,
} from "~/inbox/sections";
import { entryFields, entryTitle, teamMemberLabels, teamMemberRows } from "~/inbox/entry-fields";
import { readableIndianTime } from "~/lib/india-time";
import type { InboxEntry } from "~/inbox/entries";

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
            <dd className={`mt-0.5 break-words text-slate-900 ${field.long ? "whitespace-pre-line" : ""}`}>
              {field.value ? <StudentText>{field.value}</StudentText> : "—"}
            </dd>
          </div>
        ))}
      </dl>

      {entry.section === "teams" ? <TeamMembers entry={entry} /> : null}
      <History entry={entry} />
      <TriageForm entry={entry} />
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

/** Each member as a small card: a seven-column table would not fit a phone. */
function TeamMembers({ entry }: { entry: Extract<InboxEntry, { section: "teams" }> }) {
  const headingId = `${entry.id}-members`;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h4 id={headingId} className="font-semibold text-ink">
        Members ({entry.team.members.length})
      </h4>
      <ol className="mt-2 grid gap-3 sm:grid-cols-2">
        {teamMemberRows(entry).map((values, index) => (
          <li key={index} className="rounded-xl bg-slate-50 p-3">
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

function History({ entry }: { entry: InboxEntry }) {
  const headingId = `${entry.id}-history`;
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h4 id={headingId} className="font-semibold text-ink">
        History
      </h4>
      {entry.history.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Not handled yet.</p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm text-slate-700">
          {entry.history.map((event, index) => (
            <li key={index}>
              {actionDone[event.action]} by <span className="font-semibold">{event.by}</span> on{" "}
              <time dateTime={event.at}>{readableIndianTime(event.at)}</time>
            </li>
          ))}
        </ol>
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
  // With scripts the link that opened this step is gone: keyboard and screen-reader users land on the question.
  useEffect(() => panel.current?.focus(), []);
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
        {eraseMessages.confirm}
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
