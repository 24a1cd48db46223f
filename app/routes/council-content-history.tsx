import { data, Form, Link } from "react-router";
import { CouncilErrorBoundary } from "~/inbox/council-only";
import { FormMessage } from "~/components/form-fields/field";
import { PageHeader } from "~/components/page-header";
import { requireContentEditor } from "~/content/editing/access.server";
import { pageHref, partTitles } from "~/content/editing/edit-page.server";
import { historyPart, partHistory, restoreFromForm } from "~/content/editing/history.server";
import { privatePage } from "~/delivery/headers.server";
import type { Route } from "./+types/council-content-history";

/** A part's versions, newest first, with what each changed and a button to restore it (as a new version). */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `History: ${loaderData?.title ?? "content"}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const editor = await requireContentEditor(request);
  const part = historyPart(editor, params.part);
  const { versions, currentId } = await partHistory(editor, part);
  return data(
    {
      title: partTitles[part],
      edit: pageHref(part, []),
      action: `/council/content/${part}/history`,
      versions,
      currentId,
    },
    { headers: privatePage },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const editor = await requireContentEditor(request);
  return restoreFromForm(request, editor, historyPart(editor, params.part));
}

export default function CouncilContentHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { title, edit, action, versions, currentId } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <nav aria-label="Where you are" className="mb-4 flex flex-wrap gap-x-4 text-sm">
        <Link to="/council/content" className="text-accent underline">
          Site content
        </Link>
        <Link to={edit} className="text-accent underline">
          Edit {title}
        </Link>
      </nav>
      <PageHeader
        title={`History: ${title}`}
        intro="Every saved version, newest first. Restoring one saves it again as a new version."
      />
      <div className="mt-6">
        <FormMessage messages={actionData?.message ? [actionData.message] : undefined} />
      </div>
      <ol className="mt-6 space-y-4">
        {versions.map((version) => (
          <li key={version.id} className="rounded-xl border border-slate-300 p-4">
            <h2 className="font-bold text-ink">
              Version {version.id}
              {version.current ? <span className="ml-2 text-sm font-semibold text-green-800">(current)</span> : null}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Saved by {version.by} on {version.at}: {version.summary}.
            </p>
            {version.changes.length > 0 ? (
              <details className="mt-2">
                <summary className="min-h-11 cursor-pointer py-2 font-semibold text-accent">
                  What changed ({changedFields(version.changes.length)})
                </summary>
                <ul className="mt-2 space-y-2 text-sm">
                  {version.changes.map((change) => (
                    <li key={change.field} className="break-words">
                      <code className="font-semibold">{change.field}</code>:{" "}
                      <del className="text-red-800">{change.before}</del> →{" "}
                      <ins className="text-green-800 no-underline">{change.after}</ins>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {version.current || currentId === null ? null : (
              <Form method="post" action={action} className="mt-3">
                <input type="hidden" name="version" value={version.id} />
                <input type="hidden" name="basedOn" value={currentId} />
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-md px-4 font-semibold text-accent ring-2 ring-accent ring-inset focus-ring"
                >
                  Restore this version<span className="sr-only"> ({version.id})</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** "1 field", "3 fields", "50 or more fields" (the list stops at 50). */
function changedFields(count: number): string {
  if (count >= 50) return "50 or more fields";
  return count === 1 ? "1 field" : `${count} fields`;
}

export const ErrorBoundary = CouncilErrorBoundary;
