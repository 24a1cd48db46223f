import { fillText } from "~/i18n/text";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { localeOf } from "~/i18n/locale";
import { useCallback } from "react";
import { data, Form, Link } from "react-router";
import { FormMessage, HoneypotField, SubmitButton } from "~/components/form-fields/field";
import { MemberDetailsFields } from "~/components/team/member-fieldset";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useSchemaForm } from "~/components/form-fields/use-schema-form";
import { createAddTeamMemberSchema } from "~/forms/team-member";
import { type FormTexts } from "~/forms/texts";
import { useLocalizedPath } from "~/i18n/use-locale";
import { maxTeamMembers } from "~/forms/team-registration";
import { registrationState } from "~/time/registration-window";
import { submissions } from "~/server/backend/running-backends.server";
import type { LedTeam } from "~/server/backend/team-backend.server";
import { events } from "~/content/content.server";
import { privatePage } from "~/delivery/headers.server";
import { receive } from "~/server/requests/submission.server";
import { ledTeams, proofFor } from "~/server/students/led-teams.server";
import { signedInAccount, signedInCredentials } from "~/server/accounts/signed-in.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/sih-team-add-member";
import { useText } from "~/i18n/use-text";
import { SentenceWith, slot } from "~/components/events/sentence-with";

type PageState =
  | { state: "form"; team: LedTeam }
  | { state: "full"; team: LedTeam }
  | { state: "closed"; text: string }
  | { state: "not-yours" | "failed" };

/** The team named by `?team=` (or the form's `team`) among the signed-in student's, or why there is none. */
async function teamToAddTo(credentials: string, teamId: number | undefined): Promise<PageState> {
  const teams = await ledTeams(credentials);
  if (!teams) return { state: submissions.teamMembers ? "failed" : "not-yours" };
  const team =
    teamId === undefined ? (teams.length === 1 ? teams[0] : undefined) : teams.find(({ id }) => id === teamId);
  if (!team) return { state: "not-yours" };
  if (team.members.length >= maxTeamMembers) return { state: "full", team };
  const window = registrationState(events.hackathon.registration);
  if (window.state !== "open") return { state: "closed", text: window.text };
  return { state: "form", team };
}

const statusOf = { form: 200, full: 409, closed: 403, "not-yours": 404, failed: 503 } as const;

/** Only the proven leader of the team, signed in, sees the form; a visitor is sent to /login. */
export async function loader({ request }: Route.LoaderArgs) {
  const credentials = await signedInCredentials(request);
  const asked = new URL(request.url).searchParams.get("team");
  const teamId = asked && /^\d{1,9}$/.test(asked) ? Number(asked) : asked ? -1 : undefined;
  const page = await teamToAddTo(credentials, teamId);
  return data({ page }, { status: statusOf[page.state], headers: privatePage });
}

const refusalMessage = (texts: FormTexts, page: Exclude<PageState, { state: "form" }>) =>
  page.state === "full"
    ? fillText(texts.teamMember.full, { max: maxTeamMembers })
    : page.state === "closed"
      ? page.text
      : page.state === "failed"
        ? texts.teamMember.failed
        : texts.teamMember.notYours;

const refusalKind = { full: "conflict", closed: "closed", "not-yours": "missing", failed: "unavailable" } as const;

export async function action({ request }: Route.ActionArgs) {
  const { credentials, limitKey } = await signedInAccount(request);
  // Every message in the language of the page the form was sent from (/hi/sih/team/add-member: Hindi).
  const texts = formTextsOf(request);
  const teamMemberMessages = texts.teamMember;
  // The leader's own allowance, not their address's: a neighbour's team registrations behind it never use it up.
  const received = await receive(request, {
    schema: createAddTeamMemberSchema(texts),
    limit: { name: "team", account: limitKey },
  });
  if (!received.ok) return received.response;
  const page = await teamToAddTo(credentials, received.value.team);
  if (page.state !== "form") {
    return received.fail(refusalKind[page.state], refusalMessage(texts, page), { headers: privatePage });
  }
  const proof = await proofFor(credentials);
  if (!proof) return received.fail("unavailable", teamMemberMessages.failed, { headers: privatePage });
  // The new member's notice in the language of the page the leader added them on.
  const locale = localeOf(new URL(request.url).pathname);
  const added = await submissions.teamMembers!.addMember(proof, page.team.id, received.value.member, locale);
  if (added.ok) {
    const { told, noReceipt } = added.value;
    const words = told
      ? teamMemberMessages.added
      : noReceipt
        ? teamMemberMessages.addedNoReceipt
        : teamMemberMessages.addedWaiting;
    const message = fillText(words, {
      members: added.value.members,
      max: maxTeamMembers,
    });
    return redirectWithSuccessFrom(request, "/userProfile", message);
  }
  if (added.reason === "rejected") {
    const message = refusalFor(request, added.refusal) ?? teamMemberMessages.failed;
    return received.fail("conflict", message, { headers: privatePage });
  }
  return received.fail("unavailable", teamMemberMessages.failed, { headers: privatePage });
}

const linkClass = "font-semibold text-accent underline underline-offset-2";

function AddMemberForm({ team, lastResult }: { team: LedTeam; lastResult: SubmissionResult<string[]> | undefined }) {
  const texts = useFormTexts();
  const { member: words, teamMember } = texts;
  const loadSchema = useCallback(
    () => import("~/forms/team-member").then((module) => module.createAddTeamMemberSchema(texts)),
    [texts],
  );
  const [form, fields] = useSchemaForm(loadSchema, lastResult, {});
  const action = useLocalizedPath()(`/sih/team/add-member?team=${team.id}`);
  const { t } = useText();
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-6">
      <HoneypotField />
      <input type="hidden" name="team" value={team.id} />
      <fieldset className="space-y-4 rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-5">
        <legend className="px-1 text-base font-semibold text-ink">
          {fillText(words.title, { number: team.members.length + 1 })}
        </legend>
        <FormMessage id={form.errorId} messages={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <MemberDetailsFields fields={fields} />
        </div>
      </fieldset>
      <p className="mt-4 text-sm text-slate-700">{t("events.addMember.emailNote")}</p>
      <div className="mt-4">
        <SubmitButton label={teamMember.add} pendingLabel={teamMember.adding} />
      </div>
    </Form>
  );
}

export default function AddTeamMember({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const texts = useFormTexts();
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">{t("events.pages.sihTeamAddMember.title")}</h1>
      {page.state === "form" ? (
        <>
          <p className="mt-4 text-slate-700">
            <SentenceWith
              text={t("events.addMember.yourTeam", {
                team: slot(0),
                members: page.team.members.length,
                max: maxTeamMembers,
                names: slot(1),
              })}
              nodes={[
                <strong key="team">
                  <bdi>{page.team.teamName}</bdi>
                </strong>,
                page.team.members.map((member) => member.name).join(", "),
              ]}
            />
          </p>
          <AddMemberForm team={page.team} lastResult={actionData} />
        </>
      ) : (
        <div className="mt-6">
          <FormMessage messages={[refusalMessage(texts, page)]} />
        </div>
      )}
      <Link to={localized("/userProfile")} className={`mt-8 inline-block ${linkClass}`}>
        {t("events.addMember.backToProfile")}
      </Link>
    </div>
  );
}
