import { data, Form, Link } from "react-router";
import { FormMessage, SubmitButton } from "~/components/forms/field";
import { createVerifyEmailSchema } from "~/forms/verify-email";
import { useFormTexts } from "~/components/forms/use-form-texts";
import { metaFor } from "~/seo/meta";
import { identity } from "~/server/backend/index.server";
import { getCredentials } from "~/server/accounts/session.server";
import { linkPageHeaders, linkToken } from "~/server/forms/link-page.server";
import { receive } from "~/server/forms/submission.server";
import { redirectWithSuccessFrom } from "~/server/forms/toast.server";
import { formTextsOf } from "~/server/forms/form-texts.server";
import type { Route } from "./+types/verify-email";
import type { PageHandle } from "~/delivery/delivery";
import type { FormTexts } from "~/forms/texts";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "link" };

export const meta = metaFor("/verify-email");

// A plain form: every behaviour works without the framework.

// The page a verification link opens: never cached, its address never sent to another site (its delivery, "link").

type LinkState = "valid" | "used" | "expired" | "unknown" | "off" | "failed";

/**
 * Opening the link changes nothing: mail scanners open links before the student does. The page says what the link
 * is and, for a live one, offers the button that confirms.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = linkToken(request);
  const verification = identity.emailVerification;
  let state: LinkState;
  if (!verification) state = "off";
  else if (!token) state = "unknown";
  else {
    const checked = await verification.check(token);
    state = checked.ok ? checked.value : "failed";
  }
  return data({ state, token: state === "valid" ? (token ?? "") : "" }, { headers: linkPageHeaders });
}

export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the link opened (a Hindi e-mail links to /hi/verify-email).
  const texts = formTextsOf(request);
  const messages = texts.verifyEmail;
  const received = await receive(request, { schema: createVerifyEmailSchema(texts), limit: "account" });
  if (!received.ok) return received.response;
  const verification = identity.emailVerification;
  if (!verification) return received.fail("missing", messages.notOffered, { headers: linkPageHeaders });
  const outcome = await verification.confirm(received.value.token);
  if (!outcome.ok) return received.fail("unavailable", messages.failed, { headers: linkPageHeaders });
  if (outcome.value === "confirmed") {
    // Signed in: the profile now shows what was sent with this address. Otherwise the login page, where it will.
    const signedIn = (await getCredentials(request)) !== undefined;
    return redirectWithSuccessFrom(request, signedIn ? "/userProfile" : "/login", messages.confirmed);
  }
  const kind = outcome.value === "taken" ? "conflict" : outcome.value === "expired" ? "missing" : "refused";
  return received.fail(kind, messages[outcome.value], { headers: linkPageHeaders });
}

/** What the page says about a link it cannot confirm, in the page's language. */
function stateMessage(messages: FormTexts["verifyEmail"], state: Exclude<LinkState, "valid">): string {
  return state === "off" ? messages.notOffered : messages[state];
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = loaderData;
  const actionError = actionData?.error?.[""]?.[0] ?? actionData?.error?.token?.[0];
  const { t } = useText();
  const messages = useFormTexts().verifyEmail;
  const localized = useLocalizedPath();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">{t("account.verify.heading")}</h1>
      {state === "valid" && !actionError ? (
        <>
          <p className="mt-4 text-slate-700">{t("account.verify.intro")}</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={token} />
            <SubmitButton label={t("account.verify.confirm")} pendingLabel={t("account.verify.confirming")} />
          </Form>
        </>
      ) : (
        <div className="mt-6">
          <FormMessage messages={[actionError ?? stateMessage(messages, state === "valid" ? "failed" : state)]} />
        </div>
      )}
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={localized("/userProfile")} className="font-semibold text-accent underline underline-offset-2">
          {t("account.verify.myProfile")}
        </Link>
        <Link to={localized("/login")} className="font-semibold text-accent underline underline-offset-2">
          {t("account.verify.login")}
        </Link>
      </p>
    </div>
  );
}
