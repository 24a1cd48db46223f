import { useState } from "react";
import { localeOf } from "~/i18n/locale";
import { Link, useNavigation } from "react-router";
import { RegistrationStatus } from "~/components/events/registration-status";
import { ContentPage } from "~/components/page-header";
import { RegisteredTeams } from "~/components/team/registered-teams";
import { teamMemberListIn } from "~/forms/team-registration";
import { createTeamRegistrationSchema } from "~/forms/team-registration-schema";
import { whenUsed } from "~/delivery/deferred";
import { registrationState } from "~/time/registration-window";
import { submissions } from "~/server/backend/running-backends.server";
import { events } from "~/content/content.server";
import { formRefusal, receive } from "~/server/requests/submission.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/sih-registration";
import { teamSender } from "~/server/students/led-teams.server";
import { useLocalizedPath } from "~/i18n/use-locale";
import { useText } from "~/i18n/use-text";

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  const listed = await submissions.listTeams();
  // null: the list could not be loaded; the page says so and the form still works.
  return {
    teams: listed.ok ? listed.value : null,
    registration: registrationState(events.hackathon.registration, new Date(), locale),
  };
}

export async function action({ request }: Route.ActionArgs) {
  // Outside the registration window nothing is read or stored, whatever the page the student had open said. The
  // body is left unread, so the connection closes after the answer, as for a refused upload.
  const window = registrationState(events.hackathon.registration);
  if (window.state !== "open") return formRefusal("closed", window.text, { headers: { Connection: "close" } });

  // Every message in the language of the page the form was sent from (/hi/sih/registration: Hindi).
  const texts = formTextsOf(request);
  const { team } = texts;
  const registered = (also?: string) =>
    redirectWithSuccessFrom(request, "/sih/registration", also ? `${team.success} ${also}` : team.success);
  // Add Member / Remove without JavaScript are answered by the pipeline: the rows changed, the entries kept.
  const received = await receive(request, {
    schema: createTeamRegistrationSchema(texts),
    limit: "team",
    lists: { members: teamMemberListIn(texts) },
    honeypot: () => registered(),
  });
  if (!received.ok) return received.response;

  // The team's e-mails in the language of the page the leader registered it on.
  const locale = localeOf(new URL(request.url).pathname);
  // Members hear of the team at once only from a proven leader; any other team waits for its leader's link.
  const outcome = await submissions.registerTeam(received.value, await teamSender(request), locale);
  // Post/redirect/get: the form comes back with one empty leader row and the list reloaded.
  if (outcome.ok) {
    // Saved either way; a receipt a cap held back is said, never assumed sent.
    const receipt = typeof outcome.value === "object" ? outcome.value : undefined;
    if (!receipt) return registered();
    return registered(receipt.membersWaiting ? team.receiptHeldWaiting : team.receiptHeld);
  }
  if (outcome.reason === "rejected") {
    const message = `${team.failurePrefix}${refusalFor(request, outcome.refusal) ?? team.notAccepted}`;
    return received.fail("conflict", message);
  }
  return received.fail("unavailable", team.exception);
}

// The form's code (its checks, member rows and enhancement) loads once the page is in use; until then it is the
// server's form, which works as it does without scripts.
const TeamRegistrationForm = await whenUsed(() =>
  import("~/components/team/team-registration-form").then((module) => module.TeamRegistrationForm),
);

/**
 * With JavaScript a successful registration redirects back here without reloading the page, so the form would
 * keep its rows: a new key after each submission that ended in a redirect (no action data) starts it afresh.
 */
function useFormVersion(actionData: unknown): number {
  const navigation = useNavigation();
  const [version, setVersion] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  // Worked out while rendering, as the navigation changes, so the fresh form shows in the same render.
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/sih/registration");
  if (submitting && !submitted) setSubmitted(true);
  else if (navigation.state === "idle" && submitted) {
    setSubmitted(false);
    if (actionData === undefined) setVersion((current) => current + 1);
  }
  return version;
}

export default function SihRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const formVersion = useFormVersion(actionData);
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <ContentPage title={t("events.pages.sihRegistration.title")} intro={t("events.sihRegistration.intro")}>
      <p className="-mt-4 mb-8 text-center sm:-mt-6">
        <Link
          to={localized("/sih")}
          className="font-semibold text-accent underline-offset-4 hover:underline focus-ring"
        >
          {t("events.sihRegistration.back")}
        </Link>
      </p>
      <div className="-mt-4 mb-8 text-center">
        <RegistrationStatus status={loaderData.registration} />
      </div>
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {loaderData.registration.state === "open" ? (
          <TeamRegistrationForm key={formVersion} lastResult={actionData} />
        ) : (
          <section
            aria-labelledby="registration-closed"
            className="rounded-3xl bg-slate-50 p-7 text-slate-700 ring-1 ring-slate-200"
          >
            <h2 id="registration-closed" className="text-xl font-bold text-slate-900">
              {loaderData.registration.text}
            </h2>
            <p className="mt-3">{t("events.sihRegistration.closedNote")}</p>
          </section>
        )}
        <aside className="lg:sticky lg:top-28">
          <RegisteredTeams teams={loaderData.teams} />
        </aside>
      </div>
    </ContentPage>
  );
}
