import { fillText } from "~/i18n/text";
import { data, Link, useActionData } from "react-router";
import { isEnhancedSubmission } from "~/components/account/enhanced-submission";
import { SuccessDialog } from "~/components/account/success-dialog";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { createLoginSchema } from "~/forms/login";
import { loginSuccessDialogMs, redirectField } from "~/forms/login-messages";
import { waitIn } from "~/forms/texts";
import { localeOf, localizedPath } from "~/i18n/locale";
import { whenUsed } from "~/delivery/deferred";
import { identity } from "~/server/backend/running-backends.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import { retryAfterSeconds } from "~/server/requests/limits.server";
import { isTrustedDevice, rememberDevice, reserveLoginAttempt } from "~/server/accounts/login-attempts.server";
import { safeRedirectPath } from "~/server/requests/request.server";
import { getCredentials, signIn } from "~/server/accounts/session.server";
import { receive } from "~/server/requests/submission.server";
import { redirectWithSuccess } from "~/server/requests/toast.server";
import type { Route } from "./+types/login";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the form was sent from (/hi/login: Hindi).
  const texts = formTextsOf(request);
  const { login } = texts;
  // The password is never sent back into the page. Failed logins also count per client address, except from a
  // browser that signed in to that College ID before: it has its own allowance, which no neighbour can spend.
  const received = await receive(request, {
    schema: createLoginSchema(texts),
    limit: "login-client",
    vouchedFor: (formData) => {
      const collegeId = formData.get("collegeId");
      return typeof collegeId === "string" ? isTrustedDevice(request, collegeId) : Promise.resolve(false);
    },
    hideFields: ["password"],
  });
  if (!received.ok) return received.response;
  const { collegeId, password } = received.value;

  // A date of birth is a weak password: the attempt is counted before the backend is asked, and past the limit the
  // backend is not asked at all.
  const attempt = await reserveLoginAttempt(request, collegeId);
  if (!attempt.allowed) {
    await received.giveBack();
    return received.fail("tooMany", fillText(login.tooMany, { wait: waitIn(texts, attempt.retryAfterMs) }), {
      headers: { "Retry-After": retryAfterSeconds(attempt.retryAfterMs) },
    });
  }

  const outcome = await identity.logIn(collegeId, password);
  if (!outcome.ok && outcome.reason === "rejected") {
    return received.fail("wrongCredentials", refusalFor(request, outcome.refusal) ?? login.rejected);
  }
  // A correct password, or a backend that could not tell: the attempt does not count.
  await Promise.all([attempt.giveBack(), received.giveBack()]);
  if (!outcome.ok) return received.fail("unavailable", login.unavailable);

  // A new login ends the session this browser had before, so a copy of the old cookie opens nothing.
  const previous = await getCredentials(request);
  if (previous && previous !== outcome.value) await identity.logOut(previous);

  const headers = new Headers();
  headers.append("Set-Cookie", await signIn(request, outcome.value));
  headers.append("Set-Cookie", await rememberDevice(request, collegeId));
  const goTo = returnPath(received.formData, localizedPath(localeOf(new URL(request.url).pathname), "/"));
  // With scripts the page shows the 'Login Successful!' dialog itself; without, the next page shows it as a toast.
  if (isEnhancedSubmission(received.formData)) return data({ loggedIn: true, goTo } as const, { headers });
  return redirectWithSuccess(goTo, login.success, { headers });
}

/** Where the visitor goes after signing in: home (`home`, in the page's language), or the same-site page that asked. */
function returnPath(formData: FormData, home: string): string {
  return safeRedirectPath(formData.get(redirectField), home);
}

// The form's code (its checks and enhancement) loads once the page is in use; until then it is the server's form.
const LoginForm = await whenUsed(() => import("~/components/account/login-form").then((module) => module.LoginForm));

export default function Login() {
  const actionData = useActionData<typeof action>();
  const { login } = useFormTexts();
  const loggedIn = actionData !== undefined && "loggedIn" in actionData;
  const lastResult = actionData !== undefined && !("loggedIn" in actionData) ? actionData : undefined;
  const { t } = useText();
  const localized = useLocalizedPath();

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-center text-3xl font-bold text-ink">{t("account.login.heading")}</h1>
        <p className="mt-2 text-center text-slate-600">{t("account.login.intro")}</p>

        <LoginForm lastResult={lastResult} />

        <p className="mt-6 text-center text-slate-700">
          {t("account.login.newHere")}{" "}
          <Link
            to={localized("/userProfileRegistration")}
            className="font-semibold text-accent underline underline-offset-2"
          >
            {t("account.login.register")}
          </Link>
        </p>
      </div>
      {loggedIn ? (
        <SuccessDialog message={login.success} afterMs={loginSuccessDialogMs} thenGoTo={actionData.goTo} />
      ) : null}
    </div>
  );
}
