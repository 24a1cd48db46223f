import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { PageHeader } from "~/components/page-header";
import { contentPhotoSchema } from "~/forms/content-photo-schema";
import {
  parsePhotoTarget,
  photoFields,
  photoFormMaxBytes,
  photoMaxBytes,
  photoMessages,
  type PhotoTarget,
} from "~/forms/content-photo";
import { notFound, requireContentEditor } from "~/content/editing/access.server";
import { refusal } from "~/inbox/access.server";
import { PhotoForm } from "~/inbox/content-photo-form";
import { CouncilErrorBoundary } from "~/inbox/council-only";
import { councilAccessMessages } from "~/inbox/sections";
import { privatePage } from "~/delivery/headers.server";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";
import { photoChoices } from "~/server/content-images/placement.server";
import { publishPhoto, type UploadOutcome } from "~/server/content-images/upload.server";
import { receive } from "~/server/requests/submission.server";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import type { Route } from "./+types/council-content-photos";

/**
 * The council's photo upload: a new gallery photo, a person's photo or a club's logo, with its alt text in English
 * and Hindi. The photo is re-encoded without its metadata, kept in the store, and published as a new version of the
 * part that names it (docs/content.md, "Photos"). Behind the inbox's door; private, never cached, never indexed.
 */
export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.site.name ?? "Student Council";
  return [{ title: `Upload a photo | ${siteName}` }, { name: "robots", content: "noindex" }];
}

/**
 * The editor at the door (a council member, or a club's coordinator, who may change their club's logo alone), and the
 * store the photos go to (none: the site keeps no content of its own, 404).
 */
async function door(request: Request) {
  const { scope, by: accountKey, collegeId } = await requireContentEditor(request);
  const store = usedBuiltInStore();
  if (!store) throw notFound();
  const allowed = (target: PhotoTarget) =>
    scope.all || (target.purpose === "club" && scope.clubs.includes(target.slug.toLowerCase()));
  return { store, collegeId, accountKey, scope, allowed };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { store, collegeId, scope } = await door(request);
  let parts;
  try {
    ({ parts } = await store.content.current());
  } catch {
    throw refusal(503, councilAccessMessages.unavailable);
  }
  const all = photoChoices({ people: parts.people?.data, clubs: parts.clubs?.data });
  const choices = scope.all
    ? all
    : {
        people: [],
        clubs: all.clubs.filter((club) => scope.clubs.includes(club.value.slice("club:".length).toLowerCase())),
      };
  const versions = { gallery: parts.gallery?.id, people: parts.people?.id, clubs: parts.clubs?.id };
  return data({ member: collegeId, ...choices, versions }, { headers: privatePage });
}

const problemAnswers: Record<
  Exclude<UploadOutcome, { ok: true }>["problem"],
  { kind: "refused" | "conflict" | "unavailable"; message: string; field?: string }
> = {
  notAnImage: { kind: "refused", message: photoMessages.notAnImage, field: photoFields.photo },
  tooManyPixels: { kind: "refused", message: photoMessages.tooManyPixels, field: photoFields.photo },
  targetGone: { kind: "conflict", message: photoMessages.targetGone, field: photoFields.target },
  changed: { kind: "conflict", message: photoMessages.changed },
  invalid: { kind: "refused", message: photoMessages.invalid },
  unavailable: { kind: "unavailable", message: photoMessages.unavailable },
};

/**
 * After a 409 the page reads the content again even with JavaScript (React Router keeps the page's data after a
 * refused action), so the next upload is based on the version that is current now.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export async function action({ request }: Route.ActionArgs) {
  const { store, accountKey, allowed } = await door(request);
  const received = await receive(request, {
    schema: contentPhotoSchema,
    limit: { name: "council", account: accountKey },
    maxBytes: photoFormMaxBytes,
    maxFileBytes: photoMaxBytes,
  });
  if (!received.ok) return received.response;
  const form = received.value;
  const target = parsePhotoTarget(form.target)!;
  // Nothing says what a coordinator may not change exists.
  if (!allowed(target)) throw notFound();
  const outcome = await publishPhoto(store, {
    target,
    alt: { en: form.altEn, hi: form.altHi },
    bytes: new Uint8Array(await form.photo.arrayBuffer()),
    basedOn: { gallery: form.galleryVersion, people: form.peopleVersion, clubs: form.clubsVersion },
    by: accountKey,
  });
  if (!outcome.ok) {
    const { kind, message, field } = problemAnswers[outcome.problem];
    return received.fail(kind, message, { field, headers: privatePage });
  }
  const where =
    outcome.part === "gallery" ? "the gallery" : outcome.part === "people" ? "the people's pages" : "the club's page";
  return redirectWithSuccess(
    "/council/content/photos",
    `Photo published on ${where} (version ${outcome.version}). Every page shows it within a few seconds.`,
    { headers: privatePage },
  );
}

export default function CouncilContentPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { member, people, clubs, versions } = loaderData;
  const gallery = "gallery" in loaderData ? loaderData.gallery : undefined;
  const reply = actionData as
    { error?: Record<string, string[] | undefined> | null; initialValue?: unknown } | undefined;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <PageHeader
        title="Upload a photo"
        intro={
          <>
            A new gallery photo, a person&rsquo;s photo or a club&rsquo;s logo. Publishing it makes a new version of the
            content, shown on every page within seconds. Signed in as{" "}
            <strong className="font-semibold">{member}</strong>.
          </>
        }
      />
      <p className="mt-4 text-center">
        <Link to="/council/content" className="font-semibold text-accent underline underline-offset-2">
          Back to the site content
        </Link>
      </p>
      <PhotoForm
        view={{
          gallery,
          people,
          clubs,
          versions,
          errors: reply?.error ?? {},
          entries: (reply?.initialValue ?? {}) as Record<string, unknown>,
        }}
      />
    </div>
  );
}

export const ErrorBoundary = CouncilErrorBoundary;
