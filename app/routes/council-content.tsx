import { data, Link } from "react-router";
import { CouncilErrorBoundary } from "~/inbox/council-only";
import { CouncilPages } from "~/inbox/council-pages";
import { PageHeader } from "~/components/page-header";
import { contentPartNames } from "~/content/parts";
import { requireContentEditor } from "~/content/editing/access.server";
import { pageHref, partTitles } from "~/content/editing/edit-page.server";
import { savedByText } from "~/content/editing/saved-by";
import { privatePage } from "~/delivery/headers.server";
import { indianDateTime } from "~/time/india-time";
import type { Route } from "./+types/council-content";

/**
 * The site's content for the council (docs/council-content.md): each part with its newest version, to edit or to see
 * its history. A club coordinator sees their own club alone.
 */
export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.site.name ?? "Student Council";
  return [{ title: `Site content | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const editor = await requireContentEditor(request);
  const { parts } = await editor.content.current();
  const saved = (version: { savedBy: string; savedAt: string; summary: string; id: number } | undefined) =>
    version && {
      id: version.id,
      by: savedByText(version.savedBy, editor.by),
      at: `${indianDateTime(version.savedAt)} IST`,
      summary: version.summary,
    };
  if (!editor.scope.all) {
    const { clubs } = editor.scope;
    const own = (parts.clubs?.data ?? []).flatMap((club, index) =>
      clubs.includes(club.slug.toLowerCase()) ? [{ name: club.name, href: pageHref("clubs", [index]) }] : [],
    );
    return data({ member: false, parts: [], clubs: own }, { headers: privatePage });
  }
  const listed = contentPartNames.map((part) => ({
    part,
    title: partTitles[part],
    href: pageHref(part, []),
    history: `/council/content/${part}/history`,
    newest: saved(parts[part]),
  }));
  return data({ member: true, parts: listed, clubs: [] }, { headers: privatePage });
}

export default function CouncilContent({ loaderData }: Route.ComponentProps) {
  const { member, parts, clubs } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        title="Site content"
        intro="What visitors read on the site, in English and Hindi. A save is published on every page within a few seconds; every version is kept and can be restored."
      />
      {member ? <CouncilPages current="content" /> : null}
      {member ? (
        <p className="mt-8">
          <Link
            to="/council/content/photos"
            className="inline-flex min-h-11 items-center font-semibold text-accent underline focus-ring"
          >
            Upload a photo (gallery, a person, a club&apos;s logo)
          </Link>
        </p>
      ) : null}
      {member ? (
        <ul className="mt-6 space-y-4">
          {parts.map((part) => (
            <li key={part.part} className="rounded-xl border border-slate-300 p-4">
              <h2 className="text-lg font-bold text-ink">{part.title}</h2>
              <p className="mt-1 text-sm text-slate-700">
                {part.newest
                  ? `Version ${part.newest.id}, saved by ${part.newest.by} on ${part.newest.at}: ${part.newest.summary}.`
                  : "No version yet."}
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Link
                  to={part.href}
                  className="inline-flex min-h-11 items-center rounded-md bg-accent px-4 font-semibold text-white focus-ring"
                >
                  Edit<span className="sr-only"> {part.title}</span>
                </Link>
                <Link
                  to={part.history}
                  className="inline-flex min-h-11 items-center rounded-md px-4 font-semibold text-accent ring-2 ring-accent ring-inset focus-ring"
                >
                  History<span className="sr-only"> of {part.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <section className="mt-8">
          <h2 className="text-lg font-bold text-ink">Your club</h2>
          <ul className="mt-3 space-y-2">
            {clubs.map((club) => (
              <li key={club.href}>
                <Link
                  to={club.href}
                  className="inline-flex min-h-11 items-center font-semibold text-accent underline focus-ring"
                >
                  Edit {club.name}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/council/content/photos"
                className="inline-flex min-h-11 items-center font-semibold text-accent underline focus-ring"
              >
                Upload a new logo
              </Link>
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = CouncilErrorBoundary;
