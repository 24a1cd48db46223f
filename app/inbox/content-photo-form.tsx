import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "~/components/form-fields/field";
import { altTextMaxLength, photoAccept, photoFields, photoMaxBytes } from "~/forms/content-photo";

/** What the page gives the form: the choices, the versions it shows, and a refused upload's messages and entries. */
export interface PhotoFormView {
  /** Left out for a club's coordinator, who may change their club's logo alone. */
  gallery?: { value: string; label: string };
  people: { group: string; choices: { value: string; label: string }[] }[];
  clubs: { value: string; label: string }[];
  versions: { gallery?: number; people?: number; clubs?: number };
  errors: Record<string, string[] | undefined>;
  entries: Record<string, unknown>;
}

const controlClass =
  "block w-full rounded-md border border-neutral-400 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm " +
  "focus:border-accent focus:outline-2 focus:outline-offset-1 focus:outline-accent aria-[invalid=true]:border-red-700";

/** A labelled control with its hint and its message, the message first in what a screen reader hears. */
function Field({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  children: (described: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `photo-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [errors?.length ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": errors?.length ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

const entry = (entries: Record<string, unknown>, name: string) =>
  typeof entries[name] === "string" ? entries[name] : undefined;

/** One language's alt text: required, kept as typed when the form comes back with a message. */
function AltTextField({
  name,
  label,
  hint,
  lang,
  view,
}: {
  name: string;
  label: string;
  hint: string;
  lang?: string;
  view: PhotoFormView;
}) {
  return (
    <Field name={name} label={label} hint={hint} errors={view.errors[name]}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          lang={lang}
          required
          rows={2}
          maxLength={altTextMaxLength}
          defaultValue={entry(view.entries, name)}
          className={controlClass}
        />
      )}
    </Field>
  );
}

/** The upload: a plain multipart form, so it works without JavaScript. */
export function PhotoForm({ view }: { view: PhotoFormView }) {
  const { errors, entries, versions } = view;
  return (
    <Form method="post" encType="multipart/form-data" className="mt-8 space-y-6" noValidate>
      <FormMessage messages={errors[""]} />
      <input type="hidden" name={photoFields.galleryVersion} value={versions.gallery ?? ""} />
      <input type="hidden" name={photoFields.peopleVersion} value={versions.people ?? ""} />
      <input type="hidden" name={photoFields.clubsVersion} value={versions.clubs ?? ""} />
      <Field name={photoFields.target} label="What is this photo for?" errors={errors[photoFields.target]}>
        {(control) => (
          <select
            {...control}
            name={photoFields.target}
            required
            defaultValue={entry(entries, photoFields.target) ?? view.gallery?.value ?? view.clubs[0]?.value}
            className={controlClass}
          >
            {view.gallery ? <option value={view.gallery.value}>{view.gallery.label}</option> : null}
            {view.people.map((group) => (
              <optgroup key={group.group} label={`Photo of a person: ${group.group}`}>
                {group.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </optgroup>
            ))}
            <optgroup label="A club's logo">
              {view.clubs.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </optgroup>
          </select>
        )}
      </Field>
      <AltTextField
        name={photoFields.altEn}
        label="What the photo shows, in English"
        hint="Read aloud to visitors who cannot see it, and shown where it does not load."
        view={view}
      />
      <AltTextField
        name={photoFields.altHi}
        label="What the photo shows, in Hindi"
        hint="The same description for the Hindi pages."
        lang="hi"
        view={view}
      />
      <Field
        name={photoFields.photo}
        label="Photo"
        hint={`A JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF image of at most ${photoMaxBytes / 1024 / 1024} MB. It is resized for the page it is on, and its location and camera details are removed.`}
        errors={errors[photoFields.photo]}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            name={photoFields.photo}
            accept={photoAccept}
            required
            className="block w-full text-base"
          />
        )}
      </Field>
      <SubmitButton label="Upload and publish" pendingLabel="Uploading..." />
    </Form>
  );
}
