import { CardRefusal, CardTitle, CouncilCard, StudentText } from "~/inbox/council-screen-parts";
import type { InboxAddress } from "~/inbox/inbox-forms";
import { DecisionPanel, EraseConfirmation, EraseLink, TriageForm } from "~/inbox/inbox-entry-actions";
import { actionDone, statusLabels, type EntryStatus } from "~/inbox/sections";
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
  return (
    <CouncilCard id={entry.id}>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle cardId={entry.id}>
            <StudentText>{entryTitle(entry)}</StudentText>
          </CardTitle>
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
      <CardRefusal messages={refusal} />
    </CouncilCard>
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
