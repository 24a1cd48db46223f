import { Link } from "react-router";
import { createCollegeIdClaimSchema } from "~/forms/college-id-claim";
import { idCardMaxBytes } from "~/forms/user-registration";
import { whenUsed } from "~/delivery/deferred";
import { offeredAccountChecks } from "~/server/accounts/offered-account-checks.server";
import { checkIdCard } from "~/server/requests/id-card.server";
import { formSizeLimits } from "~/server/requests/request.server";
import { receive } from "~/server/requests/submission.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/college-id-claim";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { localeOf } from "~/i18n/locale";

/** Only where the built-in store holds the accounts: elsewhere the council has no page to compare the cards on. */
function requireOffered() {
  const checks = offeredAccountChecks();
  if (!checks) throw new Response("Not Found", { status: 404 });
  return checks;
}

export function loader() {
  requireOffered();
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const checks = requireOffered();
  // Every message in the language of the page the form was sent from (/hi/college-id-claim: Hindi).
  const texts = formTextsOf(request);
  const { collegeIdClaim: messages } = texts;
  const sent = () => redirectWithSuccessFrom(request, "/", messages.sent);
  const received = await receive(request, {
    schema: createCollegeIdClaimSchema(texts),
    limit: "register",
    maxBytes: formSizeLimits.withIdCard,
    maxFileBytes: idCardMaxBytes,
    honeypot: sent,
  });
  if (!received.ok) return received.response;

  const { idCard: file, consent: _consent, ...claim } = received.value;
  const idCard = await checkIdCard(file, texts);
  if (!idCard.ok) return received.fail("refused", idCard.message, { field: "idCard" });

  // The claimant hears, now and when the council decides, in the language of this page.
  const outcome = await checks.submitClaim(
    { ...claim, idCard: { mediaType: idCard.mediaType, bytes: idCard.bytes } },
    localeOf(new URL(request.url).pathname),
  );
  if (outcome.ok) return sent();
  if (outcome.reason === "rejected")
    return received.fail("conflict", refusalFor(request, outcome.refusal) ?? messages.failed, {
      field: "enrollment",
    });
  return received.fail("unavailable", messages.failed);
}

// The form's code (its checks as you type) loads once the page is in use; until then it is the server's form.
const CollegeIdClaimForm = await whenUsed(() =>
  import("~/components/account/college-id-claim-form").then((module) => module.CollegeIdClaimForm),
);

export default function CollegeIdClaim({ actionData }: Route.ComponentProps) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-center text-3xl font-bold text-ink">{t("account.claim.heading")}</h1>
        <p className="mt-2 text-slate-700">{t("account.claim.intro")}</p>

        <CollegeIdClaimForm lastResult={actionData ?? undefined} />

        <p className="mt-6 text-center text-slate-700">
          {t("account.claim.backTo")}{" "}
          <Link
            to={localized("/userProfileRegistration")}
            className="font-semibold text-accent underline underline-offset-2"
          >
            {t("account.claim.registration")}
          </Link>
        </p>
      </div>
    </div>
  );
}
