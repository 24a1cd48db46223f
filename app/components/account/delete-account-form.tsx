import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { Form } from "react-router";
import { FormMessage, SubmitButton, TextField } from "~/components/form-fields/field";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useSchemaForm } from "~/components/form-fields/use-schema-form";

/** The confirmation that erases a student's account: typing one's own College ID is the deliberate step. */
export function DeleteAccountForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const texts = useFormTexts();
  const words = texts.deleteAccount;
  // The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
  const loadDeleteAccountSchema = useCallback(
    () => import("~/forms/delete-account").then((module) => module.createDeleteAccountSchema(texts)),
    [texts],
  );
  const [form, fields] = useSchemaForm(loadDeleteAccountSchema, lastResult, { collegeId: { required: true } });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <TextField
        meta={fields.collegeId}
        label={words.collegeId.label}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
      />
      <FormMessage id={form.errorId} messages={form.errors} />
      <SubmitButton label={words.submit} pendingLabel={words.pending} />
    </Form>
  );
}
