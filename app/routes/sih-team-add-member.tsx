import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { FormMessage, HoneypotField, SelectField, SubmitButton, TextField } from "~/components/forms/field";
import { PhoneField } from "~/components/forms/phone-field";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { addTeamMemberSchema, teamMemberMessages } from "~/forms/team-member";
import { maxTeamMembers, memberGenderOptions } from "~/forms/team-registration";
import { metaFor } from "~/seo/meta";
import { registrationState } from "~/time/registration-window";
import { submissions } from "~/server/backend/index.server";
import type { LedTeam } from "~/server/backend/council-backend.server";
import { events } from "~/content/content.server";
import { privatePage } from "~/delivery/headers.server";
import { receive } from "~/server/forms/submission.server";
import { ledTeams, proofFor, signedInCredentials } from "~/server/students/teams.server";
import { redirectWithSuccess } from "~/server/forms/toast.server";
import type { Route } from "./+types/sih-team-add-member";
import type { PageHandle } from "~/delivery/delivery";
import { useLocalizedPath } from "~/i18n/use-locale";
import { useTranslation } from "react-i18next";
import { SentenceWith, slot } from "~/components/events/sentence-with";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "private" };

export const meta = metaFor("/sih/team/add-member");

// A plain form: it works the same without the framework.

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

const refusalMessage = (page: Exclude<PageState, { state: "form" }>) =>
  page.state === "full"
    ? teamMemberMessages.full
    : page.state === "closed"
      ? page.text
      : page.state === "failed"
        ? teamMemberMessages.failed
        : teamMemberMessages.notYours;

const refusalKind = { full: "conflict", closed: "closed", "not-yours": "missing", failed: "unavailable" } as const;

export async function action({ request }: Route.ActionArgs) {
  const credentials = await signedInCredentials(request);
  const received = await receive(request, { schema: addTeamMemberSchema, limit: "team" });
  if (!received.ok) return received.response;
  const page = await teamToAddTo(credentials, received.value.team);
  if (page.state !== "form") {
    return received.fail(refusalKind[page.state], refusalMessage(page), { headers: privatePage });
  }
  const proof = await proofFor(credentials);
  if (!proof) return received.fail("unavailable", teamMemberMessages.failed, { headers: privatePage });
  const added = await submissions.teamMembers!.addMember(proof, page.team.id, received.value.member);
  if (added.ok) return redirectWithSuccess("/userProfile", teamMemberMessages.added(added.value.members));
  if (added.reason === "rejected") {
    return received.fail("conflict", added.message ?? teamMemberMessages.failed, { headers: privatePage });
  }
  return received.fail("unavailable", teamMemberMessages.failed, { headers: privatePage });
}

const loadSchema = () => import("~/forms/team-member").then((module) => module.addTeamMemberSchema);
const linkClass = "font-semibold text-accent underline underline-offset-2";

function AddMemberForm({ team, lastResult }: { team: LedTeam; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(loadSchema, lastResult, {});
  const { t } = useTranslation();
  return (
    <Form method="post" action={`/sih/team/add-member?team=${team.id}`} {...getFormProps(form)} className="mt-6">
      <HoneypotField />
      <input type="hidden" name="team" value={team.id} />
      <fieldset className="space-y-4 rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-5">
        <legend className="px-1 text-base font-semibold text-ink">Member {team.members.length + 1}</legend>
        <FormMessage id={form.errorId} messages={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} label="Name" autoComplete="off" />
          <TextField meta={fields.email} label="Email" type="email" autoComplete="off" />
          <PhoneField meta={fields.phone} label="Phone" autoComplete="off" />
          <SelectField meta={fields.gender} label="Gender" options={memberGenderOptions} placeholder="Select gender" />
          <TextField meta={fields.institution} label="Institution" autoComplete="off" />
          <TextField meta={fields.skills} label="Skills" hint="Optional, e.g. React, UI design, pitching." />
        </div>
      </fieldset>
      <p className="mt-4 text-sm text-slate-700">{t("events.addMember.emailNote")}</p>
      <div className="mt-4">
        <SubmitButton label="Add this member" pendingLabel="Adding..." />
      </div>
    </Form>
  );
}

export default function AddTeamMember({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { t } = useTranslation();
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
          <FormMessage messages={[refusalMessage(page)]} />
        </div>
      )}
      <Link to={localized("/userProfile")} className={`mt-8 inline-block ${linkClass}`}>
        {t("events.addMember.backToProfile")}
      </Link>
    </div>
  );
}
