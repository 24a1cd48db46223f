import { useText } from "~/i18n/use-text";
import { ContentPage } from "~/components/page-header";
import { PrivacyNoticeEn } from "~/components/privacy/privacy-notice-en";
import { PrivacyNoticeHi } from "~/components/privacy/privacy-notice-hi";
import { intlLocales, localeOf } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";
import { identity, submissions } from "~/server/backend/running-backends.server";
import { collegeIdReservationDays } from "~/server/backend/built-in/college-id-reservations.server";
import { site } from "~/content/content.server";
import { env } from "~/server/ops/env.server";
import type { Route } from "./+types/privacy";

/** The day this notice last changed (in India): update it with every change of substance. */
const lastChanged = "2026-11-29";

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  return {
    contactEmail: site.email,
    councilName: site.name,
    idCardDays: env.retention.idCardDays,
    submissionDays: env.retention.submissionDays,
    // Where another system (the council API) keeps accounts or entries, the site cannot show or erase them.
    accountsOnSite: identity.accountRecord !== undefined,
    entriesOnSite: submissions.students !== undefined,
    // E-mail is on when the site queues e-mails (SMTP configured, or development's log); then the notice lists them.
    sendsMail: env.mail !== undefined && submissions.students !== undefined,
    mailDays: env.retention.mailDays,
    claimReservationDays: collegeIdReservationDays,
    // "27 November 2026" / "27 नवंबर 2026", at noon in India so that no time zone moves the day.
    lastChanged: new Intl.DateTimeFormat(intlLocales[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Asia/Kolkata",
    }).format(new Date(`${lastChanged}T12:00:00+05:30`)),
  };
}

/** The notice's text in each language: long prose, kept out of the catalogue that every framework page loads. */
const notices = { en: PrivacyNoticeEn, hi: PrivacyNoticeHi } as const;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useText();
  const Notice = notices[useLocale()];
  const { councilName, ...notice } = loaderData;
  return (
    <ContentPage title={t("content.privacy.heading")} intro={t("content.privacy.intro", { council: councilName })}>
      <Notice {...notice} />
    </ContentPage>
  );
}
