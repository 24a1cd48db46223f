import { type DefaultValue, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import type { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import type { z } from "zod";

// What the form holds is a record of fields; what the schema makes of it may be any value (an interface, say).
type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

/** What each field's HTML attributes require (required, lengths…), as conform takes it. */
export type FieldConstraints = ReturnType<typeof getZodConstraint>;

/**
 * conform's useForm as our forms use it: the schema the action parses with also checks in the browser (a field on
 * leaving it, then as it is corrected), and the server's last reply (errors, entries kept) fills the form.
 *
 * The schema may come as a function that imports it: the validation library then stays out of the page's first
 * load, and the browser's checks start once it arrives. Until then a submit goes to the server, which checks it the
 * same way. The constraint (required, lengths) is given as plain data, so the first render needs no schema.
 *
 * `onRefusedSubmit` hears of a submit the browser's check refused (not of a field's check), with the same result the
 * form shows: a page that reacts to it (a toast, say) updates in the same render as the messages, from the one parse.
 */
export function useSchemaForm<Schema extends FormSchema>(
  schema: Schema | (() => Promise<Schema>),
  lastResult: SubmissionResult<string[]> | null | undefined,
  constraint: FieldConstraints,
  defaultValue?: DefaultValue<z.input<Schema>>,
  onRefusedSubmit?: (result: SubmissionResult<string[]>) => void,
) {
  const [validator, setValidator] = useState<{ parse: typeof parseWithZod; schema: Schema }>();
  useEffect(() => {
    let current = true;
    const loading = typeof schema === "function" ? schema() : Promise.resolve(schema);
    Promise.all([loading, import("@conform-to/zod/v4")]).then(
      ([loaded, { parseWithZod }]) => {
        if (!current) return;
        setValidator({ parse: parseWithZod, schema: loaded });
        // One parse while the page is idle: the schema's first run builds what every later run reuses, which
        // otherwise lands on the visitor's first submit (npm run inp: the longest part of the submit's script).
        whenIdle(() => {
          if (current) parseWithZod(new FormData(), { schema: loaded });
        });
      },
      // Not fetched (a dropped connection, or the visitor leaving the page while it loads: Firefox then fails the
      // import): the form keeps the server's checks, as before it arrived.
      (error: unknown) => console.warn("The form's checks stay the server's:", error),
    );
    return () => {
      current = false;
    };
  }, [schema]);

  const parse = validator ? (formData: FormData) => validator.parse(formData, { schema: validator.schema }) : undefined;
  const check = parse && ((formData: FormData) => tellRefusal(parse(formData), onRefusedSubmit));
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    constraint,
    defaultValue,
    // Without a schema in the browser, conform would send every blur to the server to be checked, as a submission
    // of its own: the page would then be replaced while the visitor is still typing, losing what they typed. Until
    // the schema is here nothing is checked before the submit.
    shouldValidate: parse ? "onBlur" : "onSubmit",
    shouldRevalidate: parse ? "onInput" : "onSubmit",
    onValidate: check ? ({ formData }) => check(formData) : undefined,
  });
  useSkipCheckBeforeSubmit(form.id);
  return [form, fields] as const;
}

/** Runs `task` once the page is idle (Safari has no requestIdleCallback: a timer there). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 200);
}

/** Passes a refused submit's result on; a field's check (conform's validate intent) is not a submit. */
function tellRefusal<Input, Output>(
  submission: Submission<Input, string[], Output>,
  onRefusedSubmit: ((result: SubmissionResult<string[]>) => void) | undefined,
): Submission<Input, string[], Output> {
  if (onRefusedSubmit && submission.status === "error") {
    const result = submission.reply();
    if (!result.intent) onRefusedSubmit(result);
  }
  return submission;
}

/**
 * A tap on the submit button takes the focus from the field first: checking that field then, only to check the whole
 * form again for the submit a moment later, doubled what a tap on "Submit" cost (measured by npm run inp on a phone
 * four times slower than ours: the field's check was the longest script of every slow submit). So when the pointer
 * goes down on a submit button of this form, the field's focusout stops at the form, and the submit's own check shows
 * every message. Leaving a field with the keyboard, or for anything else, is checked as before.
 */
function useSkipCheckBeforeSubmit(formId: string): void {
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    let submitting = false;
    const onPointerDown = (event: PointerEvent) => {
      submitting =
        event.target instanceof Element && event.target.closest("button[type=submit]")?.closest("form") === element;
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (submitting && next instanceof HTMLButtonElement && next.type === "submit" && next.form === element) {
        event.stopPropagation();
      }
      submitting = false;
    };
    element.addEventListener("pointerdown", onPointerDown, true);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("pointerdown", onPointerDown, true);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, [formId]);
}
