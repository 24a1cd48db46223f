import { Form, Link } from "react-router";
import { inboxHref, searchMaxLength } from "~/inbox/inbox-forms";
import { type InboxSection, inboxSections, sectionInfo } from "~/inbox/sections";
import type { SectionSummary } from "~/inbox/entries";
import { Pagination } from "~/inbox/council-screen-parts";

const focusRing = "focus-ring";

/** The four sections as links, each with its count of new entries (and, while searching, of matches). */
export function InboxSections({
  current,
  search,
  summary,
}: {
  current: InboxSection;
  search: string;
  summary: Record<InboxSection, SectionSummary>;
}) {
  return (
    <nav aria-label="Inbox sections" className="mt-8">
      <ul className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {inboxSections.map((section) => {
          const counts = summary[section];
          const isCurrent = section === current;
          return (
            <li key={section}>
              <Link
                to={inboxHref({ section, q: search })}
                aria-current={isCurrent ? "page" : undefined}
                className={`flex h-full flex-col rounded-xl px-3 py-2.5 ring-1 transition-colors sm:px-4 ${focusRing} ${
                  isCurrent ? "bg-accent text-white ring-accent" : "bg-white text-ink ring-slate-300 hover:bg-red-50"
                }`}
              >
                <span className="font-semibold">{sectionInfo[section].title}</span>
                <span className={`text-sm ${isCurrent ? "text-red-50" : "text-slate-600"}`}>
                  {counts.new} new · {counts.total} in all
                  {counts.matching !== undefined ? ` · ${counts.matching} matching` : ""}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A GET form, so a search is an address that can be bookmarked and works without scripts. */
export function InboxSearch({ section, search }: { section: InboxSection; search: string }) {
  const hintId = "inbox-search-hint";
  return (
    <Form method="get" action="/council" role="search" className="mt-6">
      <input type="hidden" name="section" value={section} />
      <label htmlFor="inbox-search" className="mb-1 block text-sm font-semibold text-neutral-800">
        Search {sectionInfo[section].title.toLowerCase()}
      </label>
      <div className="flex gap-2">
        <input
          id="inbox-search"
          type="search"
          name="q"
          defaultValue={search}
          maxLength={searchMaxLength}
          aria-describedby={hintId}
          className="block w-full min-w-0 rounded-md border border-neutral-400 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm focus:border-accent focus:outline-2 focus:outline-offset-1 focus:outline-accent"
        />
        <button
          type="submit"
          className={`shrink-0 rounded-md bg-accent px-4 py-2 font-semibold text-white shadow hover:bg-red-800 ${focusRing}`}
        >
          Search
        </button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        By {sectionInfo[section].searchedFields}.{" "}
        {search ? (
          <Link to={inboxHref({ section })} className="font-semibold text-accent underline underline-offset-2">
            Clear the search
          </Link>
        ) : null}
      </p>
    </Form>
  );
}

/** Newer and older pages as links (newest first), keeping the section and the search. */
export function InboxPagination({
  section,
  search,
  page,
  pageCount,
}: {
  section: InboxSection;
  search: string;
  page: number;
  pageCount: number;
}) {
  return <Pagination page={page} pageCount={pageCount} hrefOf={(to) => inboxHref({ section, q: search, page: to })} />;
}
