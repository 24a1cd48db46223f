import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import { EnhancedSubmissionInput, isEnhancedSubmission } from "~/components/account/enhanced-submission";
import { SuccessDialog } from "~/components/account/success-dialog";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { FormMessage, SubmitButton, TextField } from "~/components/forms/field";
import { loginMessages, loginSchema, loginSuccessDialogMs } from "~/forms/login";
import { pageMeta } from "~/lib/meta";
import { councilBackend } from "~/server/backend/index.server";
import { loginRateLimiter, tooManyLoginAttemptsMessage } from "~/server/rate-limit.server";
import { clientAddress, readFormData } from "~/server/request.server";
import { signIn } from "~/server/session.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches[0]?.loaderData?.site, {
    title: "Login",
    description: "Sign in to your council account with your College ID and date of birth.",
    path: "/login",
  });
}

// The password is never sent back into the page.
const hideFields = ["password"];

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  const { collegeId, password } = submission.value;
  // Without the server's address header (react-router dev / serve) there is no per-client count, only per ID.
  const client = clientAddress(request);
  const attempt = { collegeId, client: client === "unknown" ? undefined : client };

  // A date of birth is a weak password: past the limit the backend is not even asked.
  const allowance = loginRateLimiter.check(attempt);
  if (!allowance.allowed) {
    return data(submission.reply({ hideFields, formErrors: [tooManyLoginAttemptsMessage(allowance.retryAfterMs)] }), {
      status: 429,
      headers: { "Retry-After": String(Math.ceil(allowance.retryAfterMs / 1000)) },
    });
  }

  const outcome = await councilBackend.logIn(collegeId, password);
  if (!outcome.ok) {
    if (outcome.reason === "unavailable") {
      return data(submission.reply({ hideFields, formErrors: [loginMessages.unavailable] }), { status: 503 });
    }
    loginRateLimiter.recordFailure(attempt);
    return data(submission.reply({ hideFields, formErrors: [outcome.message ?? loginMessages.rejected] }), { status: 401 });
  }

  loginRateLimiter.recordSuccess(attempt);
  const headers = { "Set-Cookie": await signIn(request, outcome.value) };
  // With scripts the page shows the 'Login Successful!' dialog itself; without, the home page shows it as a toast.
  if (isEnhancedSubmission(formData)) return data({ loggedIn: true } as const, { headers });
  return redirectWithSuccess("/", loginMessages.success, { headers });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const loggedIn = actionData !== undefined && "loggedIn" in actionData;
  const lastResult = actionData !== undefined && !("loggedIn" in actionData) ? actionData : undefined;

  const [form, fields] = useSchemaForm(loginSchema, lastResult, {
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
          <FormMessage id={form.errorId} messages={form.errors} />
          <TextField meta={fields.collegeId} label="College ID" autoComplete="username" autoCapitalize="none" spellCheck={false} />
          <TextField
            meta={fields.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            inputMode="numeric"
            hint={
              <p id={`${fields.password.id}-hint`} className="mt-1 text-sm text-slate-600">
                Your password is your date of birth written DDMMYYYY, for example 05092004 for 5 September 2004.
              </p>
            }
            aria-describedby={[fields.password.errors ? fields.password.errorId : null, `${fields.password.id}-hint`]
              .filter(Boolean)
              .join(" ")}
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
      {loggedIn ? <SuccessDialog message={loginMessages.success} afterMs={loginSuccessDialogMs} /> : null}
    </div>
  );
}
