import { data, Form, Link } from "react-router";
import { FormMessage } from "~/components/form-fields/field";
import { PageHeader } from "~/components/page-header";
import {
  accountCheckActionSchema,
  accountCheckDone,
  accountCheckMaxBytes,
  accountCheckMessages,
  accountSearchMaxLength,
  accountsHref,
  accountsPageSize,
  claimsShown,
  parseAccountsQuery,
} from "~/inbox/council-accounts-forms";
import { AccountCard, type AccountChecksView, ClaimCard } from "~/inbox/council-accounts-cards";
import { requireAccountChecker } from "~/inbox/council-accounts-access.server";
import { refusal } from "~/inbox/access.server";
import { CouncilErrorBoundary } from "~/inbox/council-only";
import { CouncilPages } from "~/inbox/council-pages";
import { Pagination } from "~/inbox/council-screen-parts";
import { councilAccessMessages } from "~/inbox/sections";
import { isMissing } from "~/inbox/refusals";
import { refusalText } from "~/server/requests/refusals.server";
import type { Failure } from "~/server/backend/council-backend.server";
import { log } from "~/server/ops/log.server";
import { privatePage } from "~/delivery/headers.server";
import { receive } from "~/server/requests/submission.server";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import type { Route } from "./+types/council-accounts";

/**
 * Accounts whose College ID a council member checks against the ID card it was registered with (only a checked
 * College ID links entries to an account, docs/decisions/0017), and the "This College ID is mine" claims. Behind the
 * inbox's door, private like the inbox: never cached, never indexed, not in the sitemap.
 */
export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.site.name ?? "Student Council";
  return [{ title: `Accounts to check | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { checks, collegeId } = await requireAccountChecker(request);
  const address = parseAccountsQuery(new URL(request.url).searchParams);
  const [awaiting, claims] = await Promise.all([
    checks.awaiting({ page: address.page, pageSize: accountsPageSize, search: address.q }),
    checks.openClaims(claimsShown),
  ]);
  if (!awaiting.ok || !claims.ok) throw refusal(503, councilAccessMessages.unavailable);
  // A confirmation step only for an account or claim this page shows: anything else in the address is ignored.
  const confirmReject = awaiting.value.accounts.some((account) => account.key === address.reject)
    ? (address.reject ?? null)
    : null;
  const confirmUphold = claims.value.claims.some((claim) => claim.id === address.uphold && claim.account)
    ? (address.uphold ?? null)
    : null;
  return data(
    {
      member: collegeId,
      address: { q: address.q, page: address.page },
      awaiting: awaiting.value,
      claims: claims.value,
      confirmReject,
      confirmUphold,
    },
    { headers: privatePage },
  );
}

/** Confirm College ID, a confirmed Reject, or a claim resolved either way. */
export async function action({ request }: Route.ActionArgs) {
  const { checks, collegeId } = await requireAccountChecker(request);
  const received = await receive(request, {
    schema: accountCheckActionSchema,
    limit: "council",
    maxBytes: accountCheckMaxBytes,
  });
  if (!received.ok) return received.response;

  const refused = (failure: Failure) => {
    if (failure.reason === "unavailable")
      return received.fail("unavailable", councilAccessMessages.unavailable, { headers: privatePage });
    const message = failure.refusal ? refusalText("en", failure.refusal) : accountCheckMessages.unknownAccount;
    const missing = !failure.refusal || isMissing(failure.refusal);
    return received.fail(missing ? "missing" : "conflict", message, { headers: privatePage });
  };
  // Back to the same search and page, without the confirmation step.
  const { q, page } = parseAccountsQuery(new URL(request.url).searchParams);
  const back = accountsHref({ q, page });

  const asked = received.value;
  if (asked.intent === "confirm") {
    const outcome = await checks.confirmCollegeId(asked.account, collegeId);
    if (!outcome.ok) return refused(outcome);
    return redirectWithSuccess(back, accountCheckDone.confirmed(outcome.value), { headers: privatePage });
  }
  if (asked.intent === "reject") {
    const outcome = await checks.rejectAccount(asked.account, collegeId);
    if (!outcome.ok) return refused(outcome);
    log.info("Account checks: an account was removed because its College ID did not match its ID card.");
    return redirectWithSuccess(back, accountCheckDone.rejected(outcome.value), { headers: privatePage });
  }
  const outcome = await checks.resolveClaim(asked.claim, asked.resolution, collegeId);
  if (!outcome.ok) return refused(outcome);
  if (outcome.value.removedAccount !== undefined)
    log.info("Account checks: an account was removed because another student showed its College ID is theirs.");
  return redirectWithSuccess(back, accountCheckDone.resolved(asked.resolution, outcome.value), {
    headers: privatePage,
  });
}

export default function CouncilAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { member, address, awaiting, claims, confirmReject, confirmUphold } = loaderData;
  const { accounts, total, page, pageCount } = awaiting;
  // A refused button shows under the account or claim it was about, or above the lists when that is not shown.
  const asked = actionData?.initialValue;
  const subject =
    typeof asked?.account === "string" ? asked.account : typeof asked?.claim === "string" ? asked.claim : undefined;
  const messages = actionData?.error ? Object.values(actionData.error).flatMap((list) => list ?? []) : [];
  const shown =
    subject !== undefined &&
    (accounts.some((account) => account.key === subject) ||
      claims.claims.some((claim) => String(claim.id) === subject));
  const view: AccountChecksView = {
    // Only a confirmation step the loader found its account or claim for on this page.
    address: { ...address, reject: confirmReject ?? undefined, uphold: confirmUphold ?? undefined },
    refusal: subject !== undefined && messages.length > 0 ? { subject, messages } : undefined,
  };
  const noun = total === 1 ? "account awaits" : "accounts await";

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PageHeader
        title="Accounts to check"
        intro={
          <>
            Compare each account&rsquo;s College ID with the ID card it was registered with. Only a confirmed College ID
            shows a student what they sent under it. Signed in as <strong className="font-semibold">{member}</strong>.
          </>
        }
      />
      <CouncilPages current="accounts" />
      {shown || messages.length === 0 ? null : (
        <div className="mt-6">
          <FormMessage messages={messages} />
        </div>
      )}

      <section aria-labelledby="awaiting-title" className="mt-10">
        <h2 id="awaiting-title" className="text-2xl font-bold text-ink">
          Accounts awaiting a check
        </h2>
        <Form method="get" action="/council/accounts" role="search" className="mt-4">
          <label htmlFor="account-search" className="mb-1 block text-sm font-semibold text-neutral-800">
            Search accounts
          </label>
          <div className="flex gap-2">
            <input
              id="account-search"
              type="search"
              name="q"
              defaultValue={address.q}
              maxLength={accountSearchMaxLength}
              aria-describedby="account-search-hint"
              className="block w-full min-w-0 rounded-md border border-neutral-400 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm focus:border-accent focus:outline-2 focus:outline-offset-1 focus:outline-accent"
            />
            <button
              type="submit"
              className="shrink-0 rounded-md bg-accent px-4 py-2 font-semibold text-white shadow hover:bg-red-800 focus-ring"
            >
              Search
            </button>
          </div>
          <p id="account-search-hint" className="mt-1 text-sm text-slate-600">
            By name or College ID.{" "}
            {address.q ? (
              <Link to={accountsHref()} className="font-semibold text-accent underline underline-offset-2">
                Clear the search
              </Link>
            ) : null}
          </p>
        </Form>
        <p className="mt-5 text-slate-700">
          {address.q ? `${total} ${noun} a check, matching “${address.q}”.` : `${total} ${noun} a check.`}
          {pageCount > 1 ? ` Page ${page} of ${pageCount}.` : ""}
        </p>
        {accounts.length > 0 ? (
          <ol className="mt-4 space-y-5">
            {accounts.map((account) => (
              <li key={account.key}>
                <AccountCard account={account} view={view} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4 rounded-xl bg-slate-50 p-6 text-center text-slate-700">
            {address.q ? "No account awaiting a check matches this search." : "Every account has been checked."}
          </p>
        )}
        <Pagination page={page} pageCount={pageCount} hrefOf={(to) => accountsHref({ q: address.q, page: to })} />
      </section>

      <section aria-labelledby="claims-title" className="mt-14">
        <h2 id="claims-title" className="text-2xl font-bold text-ink">
          &ldquo;This College ID is mine&rdquo;
        </h2>
        <p className="mt-2 text-slate-700">
          Students whose College ID already has an account sent their own ID card. Compare both cards and decide whose
          the College ID is; the student is told by e-mail either way.
          {claims.total > claims.claims.length ? ` The ${claims.claims.length} oldest of ${claims.total}.` : ""}
        </p>
        {claims.claims.length > 0 ? (
          <ol className="mt-4 space-y-5">
            {claims.claims.map((claim) => (
              <li key={claim.id}>
                <ClaimCard claim={claim} view={view} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4 rounded-xl bg-slate-50 p-6 text-center text-slate-700">No open claims.</p>
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = CouncilErrorBoundary;
