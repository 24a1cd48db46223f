import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { Form, useSearchParams } from "react-router";
import { FormMessage, SubmitButton, TextField } from "~/components/form-fields/field";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useSchemaForm } from "~/components/form-fields/use-schema-form";
import { redirectField } from "~/forms/login-messages";
import { EnhancedSubmissionInput } from "./enhanced-submission";

/** Carries ?redirectTo= from the login page's address through the form, with or without scripts. */
function RedirectField() {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(redirectField);
  return redirectTo ? <input type="hidden" name={redirectField} value={redirectTo} /> : null;
}

/** The sign-in form: College ID and password (the date of birth), each with a hint saying what it is. */
export function LoginForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const texts = useFormTexts();
  const { login } = texts;
  // The browser's own checks start once the schema's chunk arrives; until then the server checks every submit.
  const loadLoginSchema = useCallback(
    () => import("~/forms/login").then((module) => module.createLoginSchema(texts)),
    [texts],
  );
  const [form, fields] = useSchemaForm(loadLoginSchema, lastResult, {
    collegeId: { required: true },
    password: { required: true },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
      <EnhancedSubmissionInput />
      <RedirectField />
      <FormMessage id={form.errorId} messages={form.errors} />
      <TextField
        meta={fields.collegeId}
        label={login.collegeId.label}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={login.collegeId.hint}
      />
      <TextField
        meta={fields.password}
        label={login.password.label}
        type="password"
        autoComplete="current-password"
        inputMode="numeric"
        hint={login.password.hint}
      />
      <SubmitButton label={login.submit} pendingLabel={login.pending} />
    </Form>
  );
}
