import { type DefaultValue, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import type { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
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
    onValidate: check
      ? ({ form: element, formData }) => {
          const submission = check(formData);
          lastCheckPassed.set(element, submission.status === "success");
          return submission;
        }
      : undefined,
  });
  useSkipCheckBeforeSubmit(form.id);
  usePaintBeforeCheck(form.id, check !== undefined);
  return [form, fields] as const;
}

/** Whether a form's last check let its submit through: read right after a submit the form was sent again with. */
const lastCheckPassed = new WeakMap<HTMLFormElement, boolean>();

/**
 * A submit is answered with a frame first, then checked: the tap's own frame (the button pressed) paints at once, and
 * the whole form's check and every message it brings come in the next task. Checked in the same task, a tap on
 * "Submit" waited for all of it before the screen changed at all (npm run inp, on a phone four times slower than
 * ours: 180–340 ms). The submit is stopped before conform or React Router see it and sent again (requestSubmit, same
 * button) once the frame is painted; that one goes through as before. conform's own buttons (a field's check, Add
 * Member, Remove) carry a name and go at once.
 *
 * A second tap is the same submit while the first waits for its frame, and, once the check let it through, until
 * React Router's submission of it ends (the submit button is disabled meanwhile, but only from React's next render,
 * which a quick second tap can beat). A refused submit leaves the form free at once, for the corrected one.
 */
function usePaintBeforeCheck(formId: string, checked: boolean): void {
  const guard = useRef<"idle" | "waiting" | "resending" | "sent">("idle");
  const navigationState = useNavigation().state;
  const sawSubmission = useRef(false);
  useEffect(() => {
    // Any navigation seen busy counts: React may render "submitting" inside the resend, before the guard says "sent".
    if (navigationState !== "idle") sawSubmission.current = true;
    else if (sawSubmission.current) {
      sawSubmission.current = false;
      if (guard.current === "sent") guard.current = "idle";
    }
  }, [navigationState]);

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!checked || !(element instanceof HTMLFormElement) || typeof element.requestSubmit !== "function") return;
    const onSubmit = (event: SubmitEvent) => {
      if (guard.current === "resending") return;
      const submitter = event.submitter;
      if (submitter instanceof HTMLButtonElement && submitter.name) return;
      event.preventDefault();
      event.stopPropagation();
      if (guard.current !== "idle") return;
      guard.current = "waiting";
      requestAnimationFrame(() => {
        setTimeout(() => {
          if (guard.current !== "waiting" || !element.isConnected) {
            guard.current = "idle";
            return;
          }
          guard.current = "resending";
          lastCheckPassed.delete(element);
          element.requestSubmit(submitter instanceof HTMLElement && submitter.isConnected ? submitter : null);
          // The check ran inside requestSubmit: passed, the submission is on its way; refused (or not dispatched,
          // an element gone meanwhile), the next submit is a new one.
          guard.current = lastCheckPassed.get(element) === true ? "sent" : "idle";
        }, 0);
      });
    };
    element.addEventListener("submit", onSubmit);
    return () => element.removeEventListener("submit", onSubmit);
  }, [formId, checked]);
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
