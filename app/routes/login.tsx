import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { EnhancedSubmissionInput, isEnhancedSubmission } from "~/components/account/enhanced-submission";
import { SuccessDialog } from "~/components/account/success-dialog";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { FormMessage, SubmitButton, TextField } from "~/components/forms/field";
import { loginSchema } from "~/forms/login";
import { loginMessages, loginSuccessDialogMs } from "~/forms/login-messages";
import { metaFor } from "~/lib/meta";
import { identity } from "~/server/backend/index.server";
import { limitMessages, retryAfterSeconds } from "~/server/limits.server";
import { rememberDevice, reserveLoginAttempt } from "~/server/login-attempts.server";
import { safeRedirectPath } from "~/server/request.server";
import { getCredentials, signIn } from "~/server/session.server";
import { formHeaders, receive } from "~/server/submission.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/login";

export const meta = metaFor("/login");

export const headers = formHeaders;

export async function action({ request }: Route.ActionArgs) {
  // The password is never sent back into the page. Failed logins also count per client address.
  const received = await receive(request, { schema: loginSchema, limit: "login-client", hideFields: ["password"] });
  if (!received.ok) return received.response;
  const { collegeId, password } = received.value;

  // A date of birth is a weak password: the attempt is counted before the backend is asked, and past the limit the
  // backend is not asked at all.
  const attempt = await reserveLoginAttempt(request, collegeId);
  if (!attempt.allowed) {
    await received.giveBack();
    return received.fail("tooMany", limitMessages.login(attempt.retryAfterMs), {
      headers: { "Retry-After": retryAfterSeconds(attempt.retryAfterMs) },
    });
  }

  const outcome = await identity.logIn(collegeId, password);
  if (!outcome.ok && outcome.reason === "rejected") {
    return received.fail("wrongCredentials", outcome.message ?? loginMessages.rejected);
  }
  // A correct password, or a backend that could not tell: the attempt does not count.
  await Promise.all([attempt.giveBack(), received.giveBack()]);
  if (!outcome.ok) return received.fail("unavailable", loginMessages.unavailable);

  // A new login ends the session this browser had before, so a copy of the old cookie opens nothing.
  const previous = await getCredentials(request);
  if (previous && previous !== outcome.value) await identity.logOut(previous);

  const headers = new Headers();
  headers.append("Set-Cookie", await signIn(request, outcome.value));
  headers.append("Set-Cookie", await rememberDevice(request, collegeId));
  const goTo = returnPath(received.formData);
  // With scripts the page shows the 'Login Successful!' dialog itself; without, the next page shows it as a toast.
  if (isEnhancedSubmission(received.formData)) return data({ loggedIn: true, goTo } as const, { headers });
  return redirectWithSuccess(goTo, loginMessages.success, { headers });
}

// A page that sent the visitor here to sign in (/login?redirectTo=/council) gets them back afterwards.
const redirectField = "redirectTo";

/** Where the visitor goes after signing in: home, or the same-site page that asked, never elsewhere. */
function returnPath(formData: FormData): string {
  return safeRedirectPath(formData.get(redirectField));
}

/** Carries ?redirectTo= from the login page's address through the form, with or without scripts. */
function RedirectField() {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(redirectField);
  return redirectTo ? <input type="hidden" name={redirectField} value={redirectTo} /> : null;
}

// The browser's own checks start once the schema's chunk arrives; until then the server checks every submit.
const loadLoginSchema = () => import("~/forms/login").then((module) => module.loginSchema);

export default function Login() {
  const actionData = useActionData<typeof action>();
  const loggedIn = actionData !== undefined && "loggedIn" in actionData;
  const lastResult = actionData !== undefined && !("loggedIn" in actionData) ? actionData : undefined;

  const [form, fields] = useSchemaForm(loadLoginSchema, lastResult, {
    collegeId: { required: true },
    password: { required: true },
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-center text-3xl font-bold text-ink">Login</h1>
        <p className="mt-2 text-center text-slate-600">Sign in with your College ID to see your profile.</p>

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

        <p className="mt-6 text-center text-slate-700">
          New here?{" "}
          <Link to="/userProfileRegistration" className="font-semibold text-accent underline underline-offset-2">
            Register for an account
          </Link>
        </p>
      </div>
      {loggedIn ? (
        <SuccessDialog message={loginMessages.success} afterMs={loginSuccessDialogMs} thenGoTo={actionData.goTo} />
      ) : null}
    </div>
  );
}
