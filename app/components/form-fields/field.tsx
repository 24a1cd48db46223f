import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { useNavigation } from "react-router";
import { honeypotFieldName } from "~/forms/honeypot";
import { useFocusOnLoad } from "./first-message";
import { useFormTexts } from "./use-form-texts";

// A control with a message keeps room below it when the browser brings it into view (focused as the page's first
// message, or by the form's check): its hint and its message are under it.
const invalidScrollMargin = "aria-[invalid=true]:scroll-mb-32";

const controlClass =
  "block w-full rounded-md border border-neutral-400 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm " +
  "placeholder:text-neutral-500 focus:border-accent focus:outline-2 focus:outline-offset-1 focus:outline-accent " +
  `aria-[invalid=true]:border-red-700 disabled:bg-neutral-100 ${invalidScrollMargin}`;

export type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** The error text under a control; its id is what the control's aria-describedby points at. */
export function FieldError({ meta }: { meta: AnyField }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-800">
      {meta.errors[0]}
    </p>
  );
}

/** The id of a field's hint, which its control's aria-describedby names after the error. */
const hintIdOf = (meta: AnyField) => `${meta.id}-hint`;

function FieldShell({
  meta,
  label,
  hint,
  children,
}: {
  meta: AnyField;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={hintIdOf(meta)} className="mt-1 text-sm text-slate-600">
          {hint}
        </div>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

type InputType = "text" | "email" | "tel" | "date" | "password" | "file" | "number";

/** Whether the field's message is the page's first, which the browser focuses when the page loads (first-message.tsx). */
const useFocusOnLoadOf = (meta: AnyField) => useFocusOnLoad(meta.id, Boolean(meta.errors?.length));

/**
 * A labelled input wired to its conform field: id, name, default value, aria-invalid, and aria-describedby naming
 * the error (when there is one) and then the hint.
 */
export function TextField({
  meta,
  label,
  type = "text",
  hint,
  prefix,
  ...rest
}: { meta: AnyField; label: string; type?: InputType; hint?: ReactNode; prefix?: string } & Omit<
  ComponentPropsWithoutRef<"input">,
  "type" | "name" | "id" | "prefix"
>) {
  // Passwords and files are never put back into the page after a failed submit.
  const keepValue = type !== "password" && type !== "file";
  const { key, ...inputProps } = getInputProps(meta, {
    type,
    value: keepValue,
    ariaAttributes: true,
    ariaDescribedBy: hint ? hintIdOf(meta) : undefined,
  });
  const focusOnLoad = useFocusOnLoadOf(meta);
  const input = (
    <input
      key={key}
      {...inputProps}
      {...focusOnLoad}
      {...rest}
      className={`${controlClass} ${prefix ? "rounded-l-none" : ""}`}
    />
  );
  return (
    <FieldShell meta={meta} label={label} hint={hint}>
      {prefix ? (
        <div className="flex">
          <span
            aria-hidden="true"
            className="inline-flex items-center rounded-l-md border border-r-0 border-neutral-400 bg-neutral-100 px-3 text-neutral-700"
          >
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

/**
 * The date of birth of every form: the browser's date picker where there is one. Where there is none the field is a
 * text box, so a hint under it (named by aria-describedby) says how to type the date; the schemas read any day-first
 * date (readDate in app/forms/rules.ts). Where the browser draws a date control, which shows the date in its own order
 * (mm/dd/yyyy in an en-US browser), the stylesheet hides the hint rather than contradict the field.
 */
export function DateOfBirthField({ meta, min, max }: { meta: AnyField; min?: string; max?: string }) {
  const { fields } = useFormTexts();
  return (
    <TextField
      meta={meta}
      label={fields.dateOfBirth}
      type="date"
      min={min}
      max={max}
      autoComplete="bday"
      hint={<span data-without-date-picker="">{fields.dateOfBirthHint}</span>}
    />
  );
}

export function TextAreaField({
  meta,
  label,
  rows = 4,
  ...rest
}: { meta: AnyField; label: string; rows?: number } & Omit<ComponentPropsWithoutRef<"textarea">, "name" | "id">) {
  const { key, ...textareaProps } = getTextareaProps(meta, { ariaAttributes: true });
  const focusOnLoad = useFocusOnLoadOf(meta);
  return (
    <FieldShell meta={meta} label={label}>
      <textarea key={key} rows={rows} {...textareaProps} {...focusOnLoad} {...rest} className={controlClass} />
    </FieldShell>
  );
}

type Option = { value: string; label: string };

/** A select whose first, empty option asks for a choice, so "required" means a real choice was made. */
export function SelectField({
  meta,
  label,
  options,
  placeholder,
}: {
  meta: AnyField;
  label: string;
  options: readonly Option[];
  placeholder?: string;
}) {
  const { key, ...selectProps } = getSelectProps(meta, { ariaAttributes: true });
  const focusOnLoad = useFocusOnLoadOf(meta);
  const { fields } = useFormTexts();
  return (
    <FieldShell meta={meta} label={label}>
      <select key={key} {...selectProps} {...focusOnLoad} className={controlClass}>
        <option value="">{placeholder ?? fields.select}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxField({ meta, label }: { meta: AnyField; label: ReactNode }) {
  const { key, ...checkboxProps } = getInputProps(meta, { type: "checkbox", ariaAttributes: true });
  const focusOnLoad = useFocusOnLoadOf(meta);
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          key={key}
          {...checkboxProps}
          {...focusOnLoad}
          className={`h-5 w-5 accent-accent ${invalidScrollMargin}`}
        />
        <label htmlFor={meta.id} className="text-sm text-neutral-800">
          {label}
        </label>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

/** A message about the whole form (the site's toasts and alerts, shown where the form is). */
export function FormMessage({
  id,
  messages,
  tone = "error",
}: {
  id?: string;
  messages?: string[] | null;
  tone?: "error" | "success";
}) {
  const ownId = useId();
  // A refusal about the whole form can be the page's first message (first-message.tsx): focusable by script only.
  const focusOnLoad = useFocusOnLoad(id ?? ownId, Boolean(messages?.length) && tone === "error");
  if (!messages?.length) return null;
  const toneClass =
    tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={focusOnLoad.autoFocus ? -1 : undefined}
      {...focusOnLoad}
      className={`rounded-md border-l-4 p-3 font-medium focus:outline-2 focus:outline-offset-2 focus:outline-red-800 ${toneClass}`}
    >
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/**
 * The submit button, showing the form's pending label ("Submitting...", "Logging in...") and disabled
 * while this form's submission is on its way (with scripts; without them the browser shows its own progress).
 */
export function SubmitButton({
  label,
  pendingLabel,
  formAction,
  pending: pendingOverride,
  tone = "primary",
  className = "",
  ...rest
}: {
  label: string;
  pendingLabel: string;
  formAction?: string;
  /** Decided by the caller, where several forms post to one address (the council inbox's triage buttons). */
  pending?: boolean;
  /** "secondary": outlined, for the less usual of two choices. */
  tone?: "primary" | "secondary";
} & Omit<ComponentPropsWithoutRef<"button">, "type" | "children">) {
  const navigation = useNavigation();
  const pending =
    pendingOverride ??
    (navigation.state === "submitting" && (formAction === undefined || navigation.formAction === formAction));
  const toneClass =
    tone === "primary"
      ? "bg-accent text-white shadow hover:bg-red-800"
      : "bg-white text-accent ring-2 ring-accent ring-inset hover:bg-red-50";
  return (
    <button
      type="submit"
      disabled={pending || rest.disabled}
      aria-disabled={pending || undefined}
      {...rest}
      className={`inline-flex w-full items-center justify-center rounded-md px-5 py-3 font-semibold ${toneClass} focus-ring disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * The honeypot: a field people never see or reach with the keyboard, that form-filling bots tend to fill in. The
 * submission pipeline (submission.server.ts) answers a filled one with the form's success and keeps nothing.
 */
export function HoneypotField() {
  const { fields } = useFormTexts();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`hp-${honeypotFieldName}`}>{fields.honeypot}</label>
      <input
        id={`hp-${honeypotFieldName}`}
        type="text"
        name={honeypotFieldName}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
