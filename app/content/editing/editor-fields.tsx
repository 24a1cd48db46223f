import { Link } from "react-router";
import type { FieldView, HindiMark } from "./editor-view";

/**
 * The editor's fields, drawn from the page's view (editor-view.ts): plain controls in one form, so every page works
 * without JavaScript. List buttons are submit buttons named `__op` ("remove:hackathon.about[2]"): the server answers
 * with the list changed, and nothing is saved until Save.
 */

const controlClass =
  "block w-full rounded-md border border-neutral-400 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm " +
  "focus:border-accent focus:outline-2 focus:outline-offset-1 focus:outline-accent aria-[invalid=true]:border-red-700";
const smallButton =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-ink ring-1 ring-slate-400 ring-inset " +
  "hover:bg-slate-100 focus-ring";

/** An id from a field's name ("hackathon.about[2].en"): unique on the page, since names are. */
export const idOf = (name: string) => `field-${name.replace(/[^\w-]/g, "_")}`;

function Message({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {text}
    </p>
  );
}

const markText: Record<HindiMark, string> = {
  missing: "Hindi missing",
  older: "Hindi older than the English",
};

function HindiMarkBadge({ mark, id }: { mark: HindiMark; id: string }) {
  return (
    <span id={id} className="ml-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
      ⚠ {markText[mark]}
    </span>
  );
}

function OpButton({ op, label, text }: { op: string; label: string; text: string }) {
  return (
    <button type="submit" name="__op" value={op} formNoValidate aria-label={label} className={smallButton}>
      {text}
    </button>
  );
}

function TextControl({
  name,
  label,
  value,
  multiline,
  error,
  describedBy,
  lang,
}: {
  name: string;
  label: string;
  value: string;
  multiline?: boolean;
  error?: string;
  describedBy?: string;
  lang?: string;
}) {
  const id = idOf(name);
  const errorId = `${id}-error`;
  const props = {
    id,
    name,
    defaultValue: value,
    lang,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error ? errorId : undefined, describedBy].filter(Boolean).join(" ") || undefined,
    className: controlClass,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      {multiline ? <textarea rows={4} {...props} /> : <input type="text" {...props} />}
      <Message id={errorId} text={error} />
    </div>
  );
}

export function EditorField({ view, canChangeLists }: { view: FieldView; canChangeLists: boolean }) {
  switch (view.kind) {
    case "group":
      return (
        <fieldset className="space-y-4 rounded-lg border border-slate-300 p-3 sm:p-4">
          <legend className="px-1 font-bold text-ink">{view.label}</legend>
          <Message id={`${idOf(view.name)}-error`} text={view.error} />
          {view.children.map((child) => (
            <EditorField key={child.name} view={child} canChangeLists={canChangeLists} />
          ))}
        </fieldset>
      );
    case "localized": {
      const markId = `${idOf(view.name)}-mark`;
      return (
        <fieldset className="rounded-lg border border-slate-300 p-3 sm:p-4">
          <legend className="px-1 font-bold text-ink">
            {view.label}
            {view.mark ? <HindiMarkBadge mark={view.mark} id={markId} /> : null}
          </legend>
          <Message id={`${idOf(view.name)}-error`} text={view.error} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextControl
              name={`${view.name}.en`}
              label="English"
              value={view.en}
              multiline={view.multiline}
              error={view.enError}
              lang="en"
            />
            <TextControl
              name={`${view.name}.hi`}
              label="Hindi (हिन्दी)"
              value={view.hi}
              multiline={view.multiline}
              error={view.hiError}
              describedBy={view.mark ? markId : undefined}
              lang="hi"
            />
          </div>
        </fieldset>
      );
    }
    case "input": {
      const id = idOf(view.name);
      const errorId = `${id}-error`;
      const hintId = `${id}-hint`;
      return (
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
            {view.label}
            {view.optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
          </label>
          <input
            id={id}
            name={view.name}
            type={view.input}
            defaultValue={view.value}
            inputMode={view.input === "number" ? "numeric" : undefined}
            aria-invalid={view.error ? true : undefined}
            aria-describedby={
              [view.error ? errorId : undefined, view.hint ? hintId : undefined].filter(Boolean).join(" ") || undefined
            }
            className={controlClass}
          />
          {view.hint ? (
            <p id={hintId} className="mt-1 text-sm text-slate-600">
              {view.hint}
            </p>
          ) : null}
          <Message id={errorId} text={view.error} />
        </div>
      );
    }
    case "select": {
      const id = idOf(view.name);
      return (
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-semibold text-neutral-800">
            {view.label}
          </label>
          <select id={id} name={view.name} defaultValue={view.value} className={controlClass}>
            {view.optional ? <option value="">(none)</option> : null}
            {view.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <Message id={`${id}-error`} text={view.error} />
        </div>
      );
    }
    case "checkbox": {
      const id = idOf(view.name);
      return (
        <div className="flex min-h-11 items-center gap-2">
          <input
            id={id}
            type="checkbox"
            name={view.name}
            value="true"
            defaultChecked={view.checked}
            className="size-5"
          />
          <label htmlFor={id} className="font-semibold text-neutral-800">
            {view.label}
          </label>
          <Message id={`${id}-error`} text={view.error} />
        </div>
      );
    }
    case "link":
      return (
        <p>
          <Link
            to={view.href}
            className="inline-flex min-h-11 items-center font-semibold text-accent underline focus-ring"
          >
            Edit {view.label.toLowerCase()} →
          </Link>
        </p>
      );
    case "list":
      return (
        <fieldset className="space-y-3 rounded-lg border border-slate-300 p-3 sm:p-4">
          <legend className="px-1 font-bold text-ink">{view.label}</legend>
          <Message id={`${idOf(view.name)}-error`} text={view.error} />
          <ol className="space-y-3">
            {view.items.map((item, index) => (
              <li key={`${view.name}[${index}]`} className="space-y-2">
                <EditorField view={item.view} canChangeLists={canChangeLists} />
                {canChangeLists ? <ItemButtons list={view} index={index} label={item.label} /> : null}
              </li>
            ))}
          </ol>
          {canChangeLists && view.canAdd ? (
            <OpButton op={`add:${view.name}`} label={`Add an item to ${view.label}`} text="+ Add an item" />
          ) : null}
        </fieldset>
      );
    case "links":
      return (
        <section aria-label={view.label} className="space-y-3">
          <Message id={`${idOf(view.name)}-error`} text={view.error} />
          <ol className="divide-y divide-slate-200 rounded-lg border border-slate-300">
            {view.items.map((item, index) => (
              <li key={item.href} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <Link to={item.href} className="min-h-11 py-2 font-semibold text-accent underline focus-ring">
                  {item.label}
                </Link>
                {canChangeLists ? <ItemButtons list={view} index={index} label={item.label} /> : null}
              </li>
            ))}
          </ol>
          {canChangeLists && view.canAdd ? (
            <OpButton
              op={`add:${view.name}`}
              label="Add a copy of the last item"
              text="+ Add a copy of the last item"
            />
          ) : null}
        </section>
      );
  }
}

/** A list of fields and a page's list of links move and remove their items alike. */
type ListView = Extract<FieldView, { kind: "list" | "links" }>;

function ItemButtons({ list, index, label }: { list: ListView; index: number; label: string }) {
  const item = `${list.name}[${index}]`;
  return (
    <div className="flex flex-wrap gap-2">
      {index > 0 ? <OpButton op={`up:${item}`} label={`Move ${label} up`} text="↑ Up" /> : null}
      {index < list.items.length - 1 ? (
        <OpButton op={`down:${item}`} label={`Move ${label} down`} text="↓ Down" />
      ) : null}
      {list.canRemove ? <OpButton op={`remove:${item}`} label={`Remove ${label}`} text="Remove" /> : null}
    </div>
  );
}
