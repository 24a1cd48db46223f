import { data, Form, Link, useNavigation } from "react-router";
import { FormMessage, SubmitButton } from "~/components/form-fields/field";
import { createVerifyEmailSchema } from "~/forms/verify-email";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { identity } from "~/server/backend/running-backends.server";
import { getCredentials } from "~/server/accounts/session.server";
import { linkPageHeaders, linkToken } from "~/server/requests/link-page.server";
import { pressLink, pressRefusal } from "~/server/requests/link-limits.server";
import { receive } from "~/server/requests/submission.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import type { Route } from "./+types/verify-email";
import type { Outcome } from "~/server/backend/council-backend.server";
import type { FormTexts } from "~/forms/texts";
import { useText } from "~/i18n/use-text";
import { useLocalizedPath } from "~/i18n/use-locale";
import { localeOf, localizedPath } from "~/i18n/locale";
import type { LinkAccount } from "~/server/backend/council-backend.server";

type LinkState = "valid" | "used" | "expired" | "unknown" | "off" | "failed";

/** Who opened a live link: signed out, signed in to the account it is for, or to another one. */
type Viewer = "signed-out" | "holder" | "other";

/**
 * Opening the link changes nothing: mail scanners open links before the student does. The page says what the link
 * is and which account it is for; a live link offers Confirm to the signed-in holder of that account (a signed-out
 * visitor is sent to log in and back here), and "This was not me" to anyone holding the e-mail.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = linkToken(request);
  const verification = identity.emailVerification;
  let state: LinkState;
  let account: LinkAccount | undefined;
  let viewer: Viewer = "signed-out";
  if (!verification) state = "off";
  else if (!token) state = "unknown";
  else {
    const checked = await verification.check(token);
    state = checked.ok ? checked.value.state : "failed";
    account = checked.ok ? checked.value.account : undefined;
  }
  if (state === "valid" && account) {
    const credentials = await getCredentials(request);
    const signedIn = credentials ? await identity.whoIsSignedIn(credentials) : undefined;
    if (signedIn?.status === "unavailable") state = "failed";
    else if (signedIn?.status === "signed-in") viewer = signedIn.accountKey === account.accountKey ? "holder" : "other";
  }
  const live = state === "valid" && account !== undefined;
  const { pathname } = new URL(request.url);
  // Back to this very page after logging in, in its language (/hi/verify-email stays Hindi).
  const loginPath = live
    ? `${localizedPath(localeOf(pathname), "/login")}?${new URLSearchParams({ redirectTo: `${pathname}?${new URLSearchParams({ token: token ?? "" })}` })}`
    : undefined;
  return data(
    {
      state: live ? state : state === "valid" ? "failed" : state,
      token: live ? (token ?? "") : "",
      account: live && account ? { collegeId: account.collegeId, name: account.name } : undefined,
      viewer,
      loginPath,
    },
    { headers: linkPageHeaders },
  );
}

export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the link opened (a Hindi e-mail links to /hi/verify-email).
  const texts = formTextsOf(request);
  const messages = texts.verifyEmail;
  // Limited per token, and per client only by failures (pressLink): a neighbour's garbage never blocks this link.
  const received = await receive(request, { schema: createVerifyEmailSchema(texts), limit: "in-action" });
  if (!received.ok) return received.response;
  const verification = identity.emailVerification;
  if (!verification) return received.fail("missing", messages.notOffered, { headers: linkPageHeaders });
  const { token, intent } = received.value;
  /** Every use of the token counts against it, and a dead one against the client (app/server/requests/link-limits). */
  const press = async <T extends Outcome<string>>(use: () => Promise<T>) => {
    const pressed = await pressLink(request, token, use, deadLink);
    if (pressed.ok) return pressed;
    const refused = pressRefusal(texts, pressed);
    return {
      ok: false as const,
      response: received.fail("tooMany", refused.message, { headers: { ...linkPageHeaders, ...refused.headers } }),
    };
  };

  if (intent === "not-me") {
    // Holding the e-mail is enough to say the account is not yours: nobody else receives the link.
    const pressed = await press(() => verification.disown(token));
    if (!pressed.ok) return pressed.response;
    const outcome = pressed.outcome;
    if (!outcome.ok) return received.fail("unavailable", messages.failed, { headers: linkPageHeaders });
    if (outcome.value === "disowned") {
      return redirectWithSuccessFrom(request, "/userProfileRegistration", messages.disowned, {
        headers: linkPageHeaders,
      });
    }
    return received.fail(outcome.value === "expired" ? "missing" : "refused", messages[outcome.value], {
      headers: linkPageHeaders,
    });
  }

  // Confirm links the address to the account of whoever presses it, so it must be pressed inside that account.
  const credentials = await getCredentials(request);
  const signedIn = credentials ? await identity.whoIsSignedIn(credentials) : undefined;
  if (signedIn?.status === "unavailable") {
    return received.fail("unavailable", messages.failed, { headers: linkPageHeaders });
  }
  if (signedIn?.status !== "signed-in" || !signedIn.accountKey) {
    return received.fail("notYours", messages.signInFirst, { headers: linkPageHeaders });
  }
  const { accountKey } = signedIn;
  const pressed = await press(() => verification.confirm(token, accountKey));
  if (!pressed.ok) return pressed.response;
  const outcome = pressed.outcome;
  if (!outcome.ok) return received.fail("unavailable", messages.failed, { headers: linkPageHeaders });
  if (outcome.value === "confirmed") {
    // The profile now shows what was sent with this address.
    return redirectWithSuccessFrom(request, "/userProfile", messages.confirmed);
  }
  const kind =
    outcome.value === "wrongAccount"
      ? "notYours"
      : outcome.value === "taken"
        ? "conflict"
        : outcome.value === "expired"
          ? "missing"
          : "refused";
  return received.fail(kind, messages[outcome.value], { headers: linkPageHeaders });
}

/** A token that confirms nothing: what counts against the client's failures (not "taken", not a backend down). */
const deadLink = (outcome: Outcome<string>) =>
  outcome.ok && (outcome.value === "unknown" || outcome.value === "expired" || outcome.value === "used");

/** What the page says about a link it cannot confirm, in the page's language. */
function stateMessage(messages: FormTexts["verifyEmail"], state: Exclude<LinkState, "valid">): string {
  return state === "off" ? messages.notOffered : messages[state];
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token, account, viewer, loginPath } = loaderData;
  const actionError = actionData?.error?.[""]?.[0] ?? actionData?.error?.token?.[0];
  const { t } = useText();
  const messages = useFormTexts().verifyEmail;
  const localized = useLocalizedPath();
  const link = "font-semibold text-accent underline underline-offset-2";
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">{t("account.verify.heading")}</h1>
      {actionError || state !== "valid" || !account ? (
        <div className="mt-6">
          <FormMessage messages={[actionError ?? stateMessage(messages, state === "valid" ? "failed" : state)]} />
        </div>
      ) : null}
      {state === "valid" && account ? (
        <>
          <p className="mt-4 font-semibold text-slate-800">
            {account.name
              ? t("account.verify.accountNamed", { collegeId: account.collegeId, name: account.name })
              : t("account.verify.accountOf", { collegeId: account.collegeId })}
          </p>
          {viewer === "holder" ? (
            <>
              <p className="mt-4 text-slate-700">{t("account.verify.intro")}</p>
              <LinkButton
                token={token}
                intent="confirm"
                className="mt-6"
                label={t("account.verify.confirm")}
                pendingLabel={t("account.verify.confirming")}
              />
            </>
          ) : viewer === "other" ? (
            <p className="mt-4 text-slate-700">{t("account.verify.otherAccount")}</p>
          ) : (
            <>
              <p className="mt-4 text-slate-700">{t("account.verify.signedOut")}</p>
              <p className="mt-4">
                <Link to={loginPath ?? localized("/login")} className={link}>
                  {t("account.verify.loginToConfirm")}
                </Link>
              </p>
            </>
          )}
          <p className="mt-8 text-slate-700">{t("account.verify.notMeIntro")}</p>
          <LinkButton
            token={token}
            intent="not-me"
            tone="secondary"
            className="mt-4"
            label={t("account.verify.notMe")}
            pendingLabel={t("account.verify.notMePending")}
          />
        </>
      ) : null}
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={localized("/userProfile")} className={link}>
          {t("account.verify.myProfile")}
        </Link>
        <Link to={localized("/login")} className={link}>
          {t("account.verify.login")}
        </Link>
      </p>
    </div>
  );
}

/**
 * One of the link's buttons: a POST of the link's token with what pressing it means (`intent`). Both post to this
 * page, so each is pending only while its own intent is sent.
 */
function LinkButton({
  token,
  intent,
  className,
  ...button
}: {
  token: string;
  intent: "confirm" | "not-me";
  className: string;
  label: string;
  pendingLabel: string;
  tone?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="token" value={token} />
      <SubmitButton name="intent" value={intent} pending={pending} {...button} />
    </Form>
  );
}
