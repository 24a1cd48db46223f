import { useText } from "~/i18n/use-text";
import { Form } from "react-router";
import { useLocalizedPath } from "~/i18n/use-locale";
import { ProfileSection } from "./profile-section";
import { FormMessage, SubmitButton } from "~/components/form-fields/field";

/** What the profile knows of the account's e-mail address (docs/decisions/0017). */
export interface EmailStatusData {
  verified: boolean;
  /** False where the site cannot send e-mail: no link was sent, and none can be asked for. */
  sendsLinks: boolean;
  /** A message from the last "Send the link again" (sent, or why not). */
  message?: { tone: "success" | "error"; text: string };
}

/**
 * The profile's line about the e-mail address: confirmed, or not yet with "Send the link again" (a POST to the
 * profile's action, so it works without JavaScript). Until the address is confirmed, the profile shows only what was
 * sent while signed in: an address merely typed into a form proves nothing. The 7 days hold for the built-in store's
 * accounts and Firebase's alike: retention removes both (firebase-unverified-accounts.server.ts).
 */
export function EmailStatus({
  status,
  email,
  contactEmail,
}: {
  status: EmailStatusData;
  email: string;
  contactEmail: string;
}) {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <ProfileSection id="email-status" heading={t("account.email.heading")} className="wrap-anywhere">
      {status.verified ? (
        <p className="mt-3 text-slate-700">
          <strong className="text-green-800">{t("account.email.confirmed")}</strong>{" "}
          {t("account.email.confirmedText", { email })}
        </p>
      ) : !status.sendsLinks ? (
        <p className="mt-3 text-slate-700">
          <strong className="text-red-800">{t("account.email.notConfirmed")}</strong>{" "}
          {t("account.email.cannotSendBefore", { email })}{" "}
          <a href={`mailto:${contactEmail}`} className="font-semibold text-accent underline underline-offset-2">
            {contactEmail}
          </a>
          {t("account.email.cannotSendAfter")}
        </p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            <strong className="text-red-800">{t("account.email.notConfirmedYet")}</strong>{" "}
            {t("account.email.linkSent", { email })}
          </p>
          {status.message ? (
            <div className="mt-3">
              <FormMessage messages={[status.message.text]} tone={status.message.tone} />
            </div>
          ) : null}
          <Form method="post" action={localized("/userProfile")} className="mt-4 max-w-xs">
            <SubmitButton
              name="intent"
              value="send-verification"
              label={t("account.email.sendAgain")}
              pendingLabel={t("account.email.sending")}
              tone="secondary"
            />
          </Form>
        </>
      )}
    </ProfileSection>
  );
}
