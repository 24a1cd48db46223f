import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useSearchParams } from "react-router";
import { FormMessage, SubmitButton, TextField } from "~/components/forms/field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { redirectField } from "~/forms/login-messages";
import { EnhancedSubmissionInput } from "./enhanced-submission";

/** Carries ?redirectTo= from the login page's address through the form, with or without scripts. */
function RedirectField() {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(redirectField);
  return redirectTo ? <input type="hidden" name={redirectField} value={redirectTo} /> : null;
}

// The browser's own checks start once the schema's chunk arrives; until then the server checks every submit.
const loadLoginSchema = () => import("~/forms/login").then((module) => module.loginSchema);

/** The sign-in form: College ID and password (the date of birth), each with a hint saying what it is. */
export function LoginForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
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
        label="College ID"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="Your College ID is the Enrollment Number you gave when you registered."
      />
      <TextField
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
        inputMode="numeric"
        hint="Your password is your date of birth written DDMMYYYY, for example 05092004 for 5 September 2004."
      />
      <SubmitButton label="Login" pendingLabel="Logging in..." />
    </Form>
  );
}
