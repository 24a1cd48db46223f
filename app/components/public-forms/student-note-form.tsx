import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useCallback } from "react";
import type { z } from "zod";
import { PrivacyNote } from "~/components/privacy/privacy-note";
import { FormMessage, SubmitButton, TextField } from "~/components/form-fields/field";
import type { FormTexts } from "~/forms/texts";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { type FieldConstraints, useSchemaForm } from "~/components/form-fields/use-schema-form";
import { PublicFormCard } from "./public-form-card";

type NoteSchema = z.ZodType<
  { name: string; enrollment: string; college: string },
  { name: string; enrollment: string; college: string }
>;
type NoteFields<Schema extends NoteSchema> = ReturnType<typeof useSchemaForm<Schema>>[1];

interface StudentNoteProps<Schema extends NoteSchema> {
  /**
   * Imports the schema and makes it in the page's language: the browser's checks start once it (and zod) has loaded,
   * the server checks every submit.
   */
  loadSchema: (texts: FormTexts) => Promise<Schema>;
  /** The fields' HTML constraints, as data, so the first render needs no schema. */
  constraint: FieldConstraints;
  lastResult: SubmissionResult<string[]> | undefined;
  /** This form's words (forms.suggestion or forms.ideas). */
  words: (texts: FormTexts) => FormTexts["suggestion"] | FormTexts["ideas"];
  /** What the form's data is for (forms.privacyNote), in the page's language. */
  purpose: (texts: FormTexts) => string;
  /** The fields of this note after the writer's name, enrollment number and college. */
  children: (fields: NoteFields<Schema>) => ReactNode;
}

/**
 * The form the Ideas and Suggestion pages share: who is writing (name, enrollment number, college), what they write,
 * the form's own message, the privacy line and the submit button.
 */
export function StudentNoteForm<Schema extends NoteSchema>({
  loadSchema,
  constraint,
  lastResult,
  words,
  purpose,
  children,
}: StudentNoteProps<Schema>) {
  const texts = useFormTexts();
  const { name, enrollment, college, submit, pending } = words(texts);
  const loadInLanguage = useCallback(() => loadSchema(texts), [loadSchema, texts]);
  const [form, fields] = useSchemaForm(loadInLanguage, lastResult, constraint);
  return (
    <PublicFormCard form={form}>
      <TextField meta={fields.name} label={name.label} autoComplete="name" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.enrollment} label={enrollment.label} autoCapitalize="characters" />
        <TextField meta={fields.college} label={college.label} autoComplete="organization" />
      </div>
      {children(fields)}
      {/* A refusal about the whole form (too large, too many submissions, unreadable), or the store's failure. */}
      <FormMessage id={form.errorId} messages={form.errors} />
      <PrivacyNote purpose={purpose(texts)} />
      <SubmitButton label={submit} pendingLabel={pending} />
    </PublicFormCard>
  );
}
