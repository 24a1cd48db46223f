import { data, Form, Link, useNavigation } from "react-router";
import { CouncilErrorBoundary } from "~/inbox/council-only";
import { FormMessage } from "~/components/form-fields/field";
import { PageHeader } from "~/components/page-header";
import { requireContentEditor } from "~/content/editing/access.server";
import {
  editView,
  hindiMarks,
  openEditPage,
  pageHref,
  pageTitle,
  partTitles,
  trailOf,
} from "~/content/editing/edit-page.server";
import { EditorField } from "~/content/editing/editor-fields";
import { saveEditPage } from "~/content/editing/save.server";
import { savedByText } from "~/content/editing/saved-by";
import { privatePage } from "~/delivery/headers.server";
import { indianDateTime } from "~/time/india-time";
import type { Route } from "./+types/council-content-part";

/**
 * One page of the content editor: a part, or a place in it (`?at=hackathon`, `?at=[3]` for the fourth club). Its
 * fields come from the part's schema (app/content/editing/); Save checks the whole part and publishes it.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Edit: ${loaderData?.title ?? "content"}` }, { name: "robots", content: "noindex" }];
}

async function pageOf(request: Request, part: string) {
  const editor = await requireContentEditor(request);
  const page = await openEditPage(editor, part, new URL(request.url).searchParams.get("at"));
  return { editor, page };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { editor, page } = await pageOf(request, params.part);
  const marks = await hindiMarks(editor, page.part);
  const version = page.version;
  return data(
    {
      title: pageTitle(page),
      partTitle: partTitles[page.part],
      member: editor.scope.all,
      action: pageHref(page.part, page.at),
      history: `/council/content/${page.part}/history`,
      trail: editor.scope.all
        ? [{ label: partTitles[page.part], href: pageHref(page.part, []) }, ...trailOf(page)]
        : [],
      atRoot: page.at.length === 0,
      version: version && {
        id: version.id,
        by: savedByText(version.savedBy, editor.by),
        at: `${indianDateTime(version.savedAt)} IST`,
      },
      view: editView(page, page.saved, marks),
    },
    { headers: privatePage },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const { editor, page } = await pageOf(request, params.part);
  return saveEditPage(request, editor, page);
}

export default function CouncilContentPart({ loaderData, actionData }: Route.ComponentProps) {
  const { title, partTitle, member, action, history, trail, atRoot, version } = loaderData;
  const view = actionData ?? loaderData.view;
  const saving = useNavigation().state === "submitting";
  // A new form for every answer: a control kept from the last one would show its old text after a list changed.
  const formKey = keyOf(JSON.stringify(view));
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <nav aria-label="Where you are" className="mb-4 text-sm">
        <ol className="flex flex-wrap gap-x-2 gap-y-1">
          <li>
            <Link to="/council/content" className="text-accent underline">
              Site content
            </Link>
          </li>
          {(atRoot ? [] : trail).map((step) => (
            <li key={step.href}>
              <span aria-hidden="true">› </span>
              <Link to={step.href} className="text-accent underline">
                {step.label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <PageHeader
        title={title}
        intro={
          version
            ? `${partTitle}: version ${version.id}, saved by ${version.by} on ${version.at}.`
            : `${partTitle}: no version yet.`
        }
      />
      {member ? (
        <p className="mt-4 text-center">
          <Link to={history} className="inline-flex min-h-11 items-center font-semibold text-accent underline">
            History and restore
          </Link>
        </p>
      ) : null}
      <div className="mt-6">
        <FormMessage messages={[...(actionData?.message ? [actionData.message] : []), ...view.pageErrors]} />
      </div>
      <Form key={formKey} method="post" action={action} className="mt-6 space-y-5" noValidate>
        {/* Enter in a field saves: the first submit button of a form is the one a browser presses. */}
        <button type="submit" name="__op" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          Save
        </button>
        <input type="hidden" name="__basedOn" value={view.basedOn ?? ""} />
        {view.fields.map((field) => (
          <EditorField key={field.name || "root"} view={field} canChangeLists={member} />
        ))}
        {view.fields.every((field) => field.kind === "link" || field.kind === "links") ? null : (
          <div className="sticky bottom-0 border-t border-slate-200 bg-white/95 py-3">
            <button
              type="submit"
              name="__op"
              value="save"
              className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-accent px-6 font-semibold text-white focus-ring sm:w-auto"
            >
              {saving ? "Saving..." : "Save and publish"}
            </button>
          </div>
        )}
      </Form>
    </div>
  );
}

/** A short key for a text (djb2): equal texts, equal keys. */
function keyOf(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = ((hash * 33) ^ text.charCodeAt(index)) >>> 0;
  return hash.toString(36);
}

export const ErrorBoundary = CouncilErrorBoundary;
