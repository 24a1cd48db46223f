import { data } from "react-router";
import { refusalText } from "~/server/requests/refusals.server";
import { CouncilErrorBoundary } from "~/inbox/council-only";
import { CouncilPages } from "~/inbox/council-pages";
import { InboxEntryCard } from "~/inbox/inbox-entry";
import { InboxPagination, InboxSearch, InboxSections } from "~/inbox/inbox-controls";
import { RecentErasures } from "~/inbox/recent-erasures";
import { FormMessage } from "~/components/form-fields/field";
import { PageHeader } from "~/components/page-header";
import {
  eraseMessages,
  inboxActionSchema,
  inboxHref,
  inboxPageSize,
  parseInboxQuery,
  tellMessages,
  triageDoneMessage,
  triageMaxBytes,
  triageMessages,
} from "~/inbox/inbox-forms";
import { councilAccessMessages, sectionInfo } from "~/inbox/sections";
import { refusal, requireCouncilMember } from "~/inbox/access.server";
import { offeredAccountChecks } from "~/server/accounts/offered-account-checks.server";
import { privatePage } from "~/delivery/headers.server";
import { receive } from "~/server/requests/submission.server";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import type { Failure } from "~/server/backend/council-backend.server";
import type { Route } from "./+types/council";

/**
 * The council inbox (docs/decisions/0008): council members read and handle what students sent. Private:
 * never cached (delivered as "council", so never in the page cache either), never indexed, not in the sitemap.
 */
export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.site.name ?? "Student Council";
  return [{ title: `Council inbox | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { inbox, collegeId } = await requireCouncilMember(request);
  const searchParams = new URL(request.url).searchParams;
  const { section, q, page } = parseInboxQuery(searchParams);
  const [summary, listing, erasures] = await Promise.all([
    inbox.summary(q),
    inbox.list({ section, search: q, page, pageSize: inboxPageSize }),
    inbox.erasures(section, 10),
  ]);
  if (!summary.ok || !listing.ok || !erasures.ok) throw refusal(503, councilAccessMessages.unavailable);
  // The Erase link's confirmation step: only for an entry this page shows, anything else is ignored.
  const requested = searchParams.get("erase");
  const confirmErase = listing.value.entries.some((entry) => entry.id === requested) ? requested : null;
  return data(
    {
      member: collegeId,
      search: q,
      summary: summary.value,
      listing: listing.value,
      erasures: erasures.value,
      confirmErase,
      // The accounts page is there only where the built-in store holds the accounts.
      checksAccounts: offeredAccountChecks() !== undefined,
    },
    { headers: privatePage },
  );
}

/**
 * A triage button (accept or decline an application, mark another entry seen or archived), "E-mail the decision" or a
 * confirmed Erase.
 */
export async function action({ request }: Route.ActionArgs) {
  const { inbox, collegeId } = await requireCouncilMember(request);
  const received = await receive(request, { schema: inboxActionSchema, limit: "council", maxBytes: triageMaxBytes });
  if (!received.ok) return received.response;

  const refused = (failure: Failure) => {
    const rejected = failure.reason === "rejected";
    const message = rejected
      ? failure.refusal
        ? refusalText("en", failure.refusal)
        : triageMessages.unknownEntry
      : councilAccessMessages.unavailable;
    return received.fail(rejected ? "missing" : "unavailable", message, { headers: privatePage });
  };
  // Back to the same section, search and page (without the confirmation step).
  const back = inboxHref(parseInboxQuery(new URL(request.url).searchParams));

  const asked = received.value;
  if (asked.intent === "erase") {
    const outcome = await inbox.erase({ entryId: asked.entry, by: collegeId });
    if (!outcome.ok) return refused(outcome);
    return redirectWithSuccess(back, eraseMessages.done, { headers: privatePage });
  }
  if (asked.intent === "tell") {
    const outcome = await inbox.tellDecision({ entryId: asked.entry, by: collegeId });
    if (!outcome.ok) return refused(outcome);
    const { decision, queued } = outcome.value;
    return redirectWithSuccess(
      `${back}#${asked.entry}`,
      queued ? tellMessages.sent(decision) : tellMessages.alreadySent,
      { headers: privatePage },
    );
  }
  const outcome = await inbox.triage({ entryId: asked.entry, action: asked.action, by: collegeId });
  if (!outcome.ok) return refused(outcome);
  // At the entry just handled.
  return redirectWithSuccess(
    `${back}#${asked.entry}`,
    triageDoneMessage(asked.entry, asked.action, outcome.value.changed),
    {
      headers: privatePage,
    },
  );
}

export default function CouncilInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { member, search, summary, listing, erasures, confirmErase, checksAccounts } = loaderData;
  const { section, entries, total, page, pageCount } = listing;
  const address = { section, q: search, page };
  const info = sectionInfo[section];
  // A refused triage shows under the entry it was about, or above the list when that entry is not on this page.
  const refusedEntry = typeof actionData?.initialValue?.entry === "string" ? actionData.initialValue.entry : undefined;
  const refusalMessages = actionData?.error
    ? Object.values(actionData.error).flatMap((messages) => messages ?? [])
    : [];
  const refusalShownInEntry = entries.some((entry) => entry.id === refusedEntry);
  const noun = total === 1 ? info.kind : section;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PageHeader
        title="Council inbox"
        intro={
          <>
            What students sent through the site, newest first. Signed in as{" "}
            <strong className="font-semibold">{member}</strong>.
          </>
        }
      />
      <CouncilPages current="inbox" accounts={checksAccounts} />
      <InboxSections current={section} search={search} summary={summary} />

      <section aria-labelledby="inbox-section-title" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="inbox-section-title" className="text-2xl font-bold text-ink">
            {info.title}
          </h2>
          {/* A plain link: the file is a download, not a page the router could show. */}
          <a
            href={`/council/export/${section}.csv`}
            className="rounded-md px-4 py-2 font-semibold text-accent ring-2 ring-accent ring-inset hover:bg-red-50 focus-ring"
          >
            Download CSV
          </a>
        </div>
        <InboxSearch section={section} search={search} />
        <p className="mt-5 text-slate-700">
          {search ? `${total} ${noun} matching “${search}”.` : `${total} ${noun}.`}
          {pageCount > 1 ? ` Page ${page} of ${pageCount}.` : ""}
        </p>
        {refusalShownInEntry ? null : (
          <div className="mt-3">
            <FormMessage messages={refusalMessages} />
          </div>
        )}
        {entries.length > 0 ? (
          <ol className="mt-4 space-y-5">
            {entries.map((entry) => (
              <li key={entry.id}>
                <InboxEntryCard
                  entry={entry}
                  address={address}
                  confirmingErase={entry.id === confirmErase}
                  refusal={entry.id === refusedEntry ? refusalMessages : undefined}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4 rounded-xl bg-slate-50 p-6 text-center text-slate-700">
            {search ? "Nothing matches this search." : `No ${section} yet.`}
          </p>
        )}
        <InboxPagination section={section} search={search} page={page} pageCount={pageCount} />
        <RecentErasures erasures={erasures} />
      </section>
    </div>
  );
}

export const ErrorBoundary = CouncilErrorBoundary;
