import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { type AnyField, FormMessage, HoneypotField, SubmitButton, TextField } from "./field";
import { PrivacyNote } from "~/components/privacy/privacy-note";

/**
 * The frame the Ideas and Suggestion forms share: who is writing (name, enrollment number, college), what they
 * write (`children`), the form's own message, the privacy line and the submit button.
 */
export function StudentNoteForm<Note extends Record<string, unknown>>({
  form,
  fields,
  collegeLabel,
  purpose,
  submitLabel,
  children,
}: {
  form: FormMetadata<Note, string[]>;
  fields: { name: AnyField; enrollment: AnyField; college: AnyField };
  collegeLabel: string;
  purpose: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="relative mt-10 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <HoneypotField />
      <TextField meta={fields.name} label="Your Name" autoComplete="name" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.enrollment} label="Enrollment Number" autoCapitalize="characters" />
        <TextField meta={fields.college} label={collegeLabel} autoComplete="organization" />
      </div>
      {children}
      {/* A refusal about the whole form (too large, too many submissions, unreadable), or the store's failure. */}
      <FormMessage id={form.errorId} messages={form.errors} />
      <PrivacyNote purpose={purpose} />
      <SubmitButton label={submitLabel} pendingLabel="Submitting..." />
    </Form>
  );
}
