import { data, Link, useActionData } from "react-router";
import { isEnhancedSubmission } from "~/components/account/enhanced-submission";
import { SuccessDialog } from "~/components/account/success-dialog";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { idCardMaxBytes, registrationSuccessDialogMs } from "~/forms/user-registration";
import { createUserRegistrationSchema } from "~/forms/user-registration-schema";
import { whenUsed } from "~/delivery/deferred";
import { offeredAccountChecks } from "~/server/accounts/offered-account-checks.server";
import { identity } from "~/server/backend/running-backends.server";
import { site } from "~/content/content.server";
import { checkIdCard } from "~/server/requests/id-card.server";
import { formSizeLimits } from "~/server/requests/request.server";
import { receive } from "~/server/requests/submission.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/user-profile-registration";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { localeOf } from "~/i18n/locale";

export function loader() {
  return { product: site.name };
}

export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the form was sent from (/hi/userProfileRegistration: Hindi).
  const texts = formTextsOf(request);
  const words = texts.registration;
  // With scripts the page shows the 'Registration Successful!' dialog; without, the home page shows it as a toast.
  const registered = async (enhanced: boolean) =>
    enhanced ? data({ registered: true } as const) : redirectWithSuccessFrom(request, "/", words.success);
  const received = await receive(request, {
    schema: createUserRegistrationSchema(texts),
    limit: "register",
    maxBytes: formSizeLimits.withIdCard,
    maxFileBytes: idCardMaxBytes,
    honeypot: (formData) => registered(isEnhancedSubmission(formData)),
  });
  if (!received.ok) return received.response;

  const { idCard: file, consent: _consent, ...registration } = received.value;
  const idCard = await checkIdCard(file, texts);
  if (!idCard.ok) return received.fail("refused", idCard.message, { field: "idCard" });

  // The verification e-mail, and the council's word on the College ID, in the language of this page.
  const outcome = await identity.registerAccount(
    { ...registration, idCard: { mediaType: idCard.mediaType, bytes: idCard.bytes } },
    localeOf(new URL(request.url).pathname),
  );
  if (outcome.ok) return registered(isEnhancedSubmission(received.formData));
  if (outcome.reason === "rejected") {
    const refused = received.fail("refused", refusalFor(request, outcome.refusal) ?? words.failed);
    // The College ID has an account: if it is really this student's, the council can compare both ID cards.
    if (outcome.refusal?.code === "collegeIdTaken" && offeredAccountChecks())
      return data({ ...refused.data, collegeIdTaken: true as const }, refused.init ?? undefined);
    return refused;
  }
  return received.fail("unavailable", words.failed);
}

// The form's code (its checks and enhancement) loads once the page is in use; until then it is the server's form.
const RegistrationForm = await whenUsed(() =>
  import("~/components/account/registration-form").then((module) => module.RegistrationForm),
);

export default function UserProfileRegistration({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const registeredNow = actionData !== undefined && "registered" in actionData;
  const lastResult = actionData !== undefined && !("registered" in actionData) ? actionData : undefined;
  const collegeIdTaken = lastResult !== undefined && "collegeIdTaken" in lastResult;
  const { t } = useText();
  const localized = useLocalizedPath();
  const { registration } = useFormTexts();

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-center text-3xl font-bold text-ink">{t("account.registration.heading")}</h1>
        <p className="mt-2 text-center text-slate-600">
          {t("account.registration.intro", { product: loaderData.product })}
        </p>

        <RegistrationForm lastResult={lastResult} collegeIdTaken={collegeIdTaken} />

        <p className="mt-6 text-center text-slate-700">
          {t("account.registration.alreadyRegistered")}{" "}
          <Link to={localized("/login")} className="font-semibold text-accent underline underline-offset-2">
            {t("account.registration.login")}
          </Link>
        </p>
      </div>
      {registeredNow ? <SuccessDialog message={registration.success} afterMs={registrationSuccessDialogMs} /> : null}
    </div>
  );
}
