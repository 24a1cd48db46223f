import { data, Link, redirect } from "react-router";
import { createDeleteAccountSchema } from "~/forms/delete-account";
import { whenUsed } from "~/delivery/deferred";
import type { LedTeamSummary } from "~/types/students-data";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";
import { site } from "~/content/content.server";
import { privatePage } from "~/delivery/headers.server";
import { signOut } from "~/server/accounts/session.server";
import { signedInAccount } from "~/server/accounts/signed-in.server";
import { eraseStudent, keptOnSite } from "~/server/students/students-data.server";
import { ledTeams } from "~/server/students/led-teams.server";
import { receive } from "~/server/requests/submission.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/user-profile-delete";
import type { TextFunction as TFunction } from "~/i18n/text";
import { useText } from "~/i18n/use-text";
import { localeOf, localizedPath } from "~/i18n/locale";
import { useLocalizedPath } from "~/i18n/use-locale";

/** Only a signed-in student reaches the confirmation; it names what will be erased. */
async function signedInCollegeId(request: Request) {
  const account = await signedInAccount(request);
  // No College ID to name: the identity backend cannot say whose account this is now.
  if (!account.collegeId) throw redirect(localizedPath(localeOf(new URL(request.url).pathname), "/auth/login"));
  return { ...account, collegeId: account.collegeId };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { credentials } = await signedInCollegeId(request);
  // A team the student leads goes with them: the page names it and its members before anything goes.
  const teams = (await ledTeams(credentials)) ?? [];
  const membersTold = usedBuiltInStore()?.sendsMail ?? false;
  return data({ onSite: keptOnSite(), contactEmail: site.email, teams, membersTold }, { headers: privatePage });
}

export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the form was sent from (/hi/userProfile/delete: Hindi).
  const texts = formTextsOf(request);
  const messages = texts.deleteAccount;
  // Signed in first, so the allowance is the account's own: a neighbour behind the same address cannot use it up.
  const { credentials, collegeId, limitKey } = await signedInCollegeId(request);
  const received = await receive(request, {
    schema: createDeleteAccountSchema(texts),
    limit: { name: "account", account: limitKey },
  });
  if (!received.ok) return received.response;
  if (received.value.collegeId.toUpperCase() !== collegeId.toUpperCase()) {
    return received.fail("refused", messages.wrongCollegeId, { field: "collegeId", headers: privatePage });
  }
  const erased = await eraseStudent(credentials);
  if (!erased.ok) return received.fail("unavailable", messages.failed, { headers: privatePage });
  return redirectWithSuccessFrom(request, "/", messages.done, { headers: { "Set-Cookie": await signOut(request) } });
}

// The form's code (its checks and enhancement) loads once the page is in use; until then it is the server's form.
const DeleteAccountForm = await whenUsed(() =>
  import("~/components/account/delete-account-form").then((module) => module.DeleteAccountForm),
);

/** "Your team Byte Squad will be removed, with its members: A, B, C, D, E. They will be told by e-mail." */
function teamGoes(team: LedTeamSummary, membersTold: boolean, t: TFunction): string {
  const others = team.members.filter((member) => member.role !== "leader").map((member) => member.name);
  if (others.length === 0) return t("account.delete.teamGoes", { team: team.teamName });
  const goes = t("account.delete.teamGoesWithMembers", { team: team.teamName, members: others.join(", ") });
  return membersTold ? `${goes}${t("account.delete.membersTold")}` : goes;
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  // A page rendered from older loader data (a test's) has no teams.
  const { contactEmail, teams = [], membersTold = false } = loaderData;
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">{t("account.delete.heading")}</h1>
      {!loaderData.onSite ? (
        <p className="mt-4 text-slate-700">
          {t("account.delete.keptElsewhereBefore")}{" "}
          <a href={`mailto:${contactEmail}`} className="font-semibold text-accent underline underline-offset-2">
            {contactEmail}
          </a>
          {t("account.delete.keptElsewhereAfter")}
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-700">{t("account.delete.erases")}</p>
          {teams.map((team) => (
            <p key={team.id} className="mt-4 font-semibold text-slate-800">
              {teamGoes(team, membersTold, t)}
            </p>
          ))}
          <DeleteAccountForm lastResult={actionData} />
          <Link
            to={localized("/userProfile")}
            className="mt-6 inline-block font-semibold text-accent underline underline-offset-2"
          >
            {t("account.delete.keep")}
          </Link>
        </>
      )}
    </div>
  );
}
