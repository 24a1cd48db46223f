import { fillText } from "~/i18n/text";
import { data, Form, Link } from "react-router";
import { FormMessage, SubmitButton } from "~/components/form-fields/field";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { createTeamMemberLinkSchema } from "~/forms/team-member";
import { useLocalizedPath } from "~/i18n/use-locale";
import { submissions } from "~/server/backend/running-backends.server";
import { events } from "~/content/content.server";
import { linkPageHeaders, linkToken } from "~/server/requests/link-page.server";
import { pressLink, pressRefusal, type RefusedPress } from "~/server/requests/link-limits.server";
import { receive } from "~/server/requests/submission.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import type { Route } from "./+types/sih-team-member";
import type { Outcome } from "~/server/backend/council-backend.server";
import { textIn } from "~/content/localized";
import { localeOf } from "~/i18n/locale";
import { useText } from "~/i18n/use-text";
import { SentenceWith, slot } from "~/components/events/sentence-with";

type LinkState =
  | {
      state: "valid";
      token: string;
      teamName: string;
      leaderName: string;
      memberName: string;
      confirmed: boolean;
      /** "leader": the link of the leader's receipt, whose button tells the members. */
      role: "leader" | "member";
    }
  | { state: "removed" | "unknown" | "off" | "failed" };

/** Where the page goes after "Remove me": the link works no more, and the page says what happened. */
const afterRemoval = "/sih/team-member?removed";

/** Opening the link changes nothing: the page names the team, its leader and the hackathon, and offers two buttons. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = linkToken(request);
  const hackathon = textIn(events.hackathon.title, localeOf(new URL(request.url).pathname));
  const teamMembers = submissions.teamMembers;
  let link: LinkState;
  if (!teamMembers) link = { state: "off" };
  else if (!token) link = { state: new URL(request.url).searchParams.has("removed") ? "removed" : "unknown" };
  else {
    const notice = await teamMembers.notice(token);
    if (!notice.ok) link = { state: "failed" };
    else
      link = notice.value
        ? { state: "valid", token, ...notice.value, role: notice.value.role ?? "member" }
        : { state: "unknown" };
  }
  const status = { valid: 200, removed: 200, failed: 503, unknown: 404, off: 404 }[link.state];
  return data({ link, hackathon }, { status, headers: linkPageHeaders });
}

/** The buttons: post, then redirect back (confirmed: to the link's page; removed: to a page that says so). */
export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the buttons were pressed on (/hi/sih/team-member: Hindi).
  const texts = formTextsOf(request);
  const teamMemberMessages = texts.teamMember;
  // Limited per token, and per client only by failures (pressLink): a neighbour's garbage never blocks this link.
  const received = await receive(request, { schema: createTeamMemberLinkSchema(texts), limit: "in-action" });
  if (!received.ok) return received.response;
  const teamMembers = submissions.teamMembers;
  if (!teamMembers) return received.fail("missing", teamMemberMessages.off, { headers: linkPageHeaders });
  const { token, intent } = received.value;
  const redirectHeaders = { headers: { "Referrer-Policy": linkPageHeaders["Referrer-Policy"] } };
  const tooMany = (refused: RefusedPress) => {
    const { message, headers } = pressRefusal(texts, refused);
    return received.fail("tooMany", message, { headers: { ...linkPageHeaders, ...headers } });
  };
  if (intent === "tell") {
    const pressedTell = await pressLink(request, token, () => teamMembers.tellMembers(token), deadLink);
    if (!pressedTell.ok) return tooMany(pressedTell);
    const told = pressedTell.outcome;
    if (!told.ok && told.reason === "rejected") {
      const message = refusalFor(request, told.refusal) ?? teamMemberMessages.failed;
      return received.fail("conflict", message, { headers: linkPageHeaders });
    }
    if (!told.ok) return received.fail("unavailable", teamMemberMessages.failed, { headers: linkPageHeaders });
    if (!told.value) return received.fail("missing", teamMemberMessages.unknown, { headers: linkPageHeaders });
    // Whoever presses here holds the leader's inbox: the one visitor told which addresses are in a team already.
    if (told.value.leaderTaken) {
      const message = refusalFor(request, { code: "inAnotherTeam", email: told.value.leaderTaken });
      return received.fail("conflict", message, { headers: linkPageHeaders });
    }
    const done =
      told.value.taken.length > 0
        ? fillText(teamMemberMessages.toldExcept, { emails: told.value.taken.join(", ") })
        : teamMemberMessages.told;
    return redirectWithSuccessFrom(
      request,
      `/sih/team-member?${new URLSearchParams({ token })}`,
      done,
      redirectHeaders,
    );
  }
  if (intent === "confirm") {
    const pressed = await pressLink(request, token, () => teamMembers.confirm(token), deadLink);
    if (!pressed.ok) return tooMany(pressed);
    const confirmed = pressed.outcome;
    if (!confirmed.ok) return received.fail("unavailable", teamMemberMessages.failed, { headers: linkPageHeaders });
    if (!confirmed.value) return received.fail("missing", teamMemberMessages.unknown, { headers: linkPageHeaders });
    const done = confirmed.value.already
      ? teamMemberMessages.alreadyConfirmed
      : fillText(teamMemberMessages.confirmed, { team: confirmed.value.teamName });
    return redirectWithSuccessFrom(
      request,
      `/sih/team-member?${new URLSearchParams({ token })}`,
      done,
      redirectHeaders,
    );
  }
  const pressed = await pressLink(request, token, () => teamMembers.remove(token), deadLink);
  if (!pressed.ok) return tooMany(pressed);
  const removed = pressed.outcome;
  if (!removed.ok) return received.fail("unavailable", teamMemberMessages.failed, { headers: linkPageHeaders });
  if (!removed.value) return received.fail("missing", teamMemberMessages.unknown, { headers: linkPageHeaders });
  const removedMessage = fillText(teamMemberMessages.removed, { team: removed.value.teamName });
  return redirectWithSuccessFrom(request, afterRemoval, removedMessage, redirectHeaders);
}

/** A token no member has (never sent, or its member removed): what counts against the client's failures. */
const deadLink = (outcome: Outcome<unknown>) => outcome.ok && outcome.value === undefined;

const linkClass = "font-semibold text-accent underline underline-offset-2";

export default function TeamMember({ loaderData, actionData }: Route.ComponentProps) {
  const { link, hackathon } = loaderData;
  const teamMemberMessages = useFormTexts().teamMember;
  const stateMessages = {
    removed: teamMemberMessages.afterRemoval,
    unknown: teamMemberMessages.unknown,
    off: teamMemberMessages.off,
    failed: teamMemberMessages.failed,
  } as const;
  // The buttons post to this page in its own language, so the answer (and its toast) is in it too.
  const formAction = useLocalizedPath()("/sih/team-member");
  const { t } = useText();
  const localized = useLocalizedPath();
  const actionError = actionData?.error?.[""]?.[0] ?? actionData?.error?.token?.[0] ?? actionData?.error?.intent?.[0];
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">{t("events.pages.sihTeamMember.title")}</h1>
      {actionError ? (
        <div className="mt-6">
          <FormMessage messages={[actionError]} />
        </div>
      ) : null}
      {link.state === "valid" && link.role === "leader" ? (
        <>
          <p className="mt-4 text-slate-700">
            <SentenceWith
              text={t("events.teamMember.leaderRegistered", { team: slot(0), hackathon, member: slot(1) })}
              nodes={[
                <strong key="team">
                  <bdi>{link.teamName}</bdi>
                </strong>,
                <bdi key="leader">{link.leaderName}</bdi>,
              ]}
            />
          </p>
          {link.confirmed ? (
            <p className="mt-3 font-semibold text-slate-800">{t("events.teamMember.leaderTold")}</p>
          ) : (
            <Form method="post" action={formAction} className="mt-6 space-y-3">
              <input type="hidden" name="token" value={link.token} />
              <p className="text-sm text-slate-700">{t("events.teamMember.leaderWaiting")}</p>
              <SubmitButton
                label={teamMemberMessages.tell}
                pendingLabel={teamMemberMessages.telling}
                name="intent"
                value="tell"
              />
            </Form>
          )}
        </>
      ) : link.state === "valid" ? (
        <>
          <p className="mt-4 text-slate-700">
            <SentenceWith
              text={t("events.teamMember.registered", { leader: slot(0), team: slot(1), hackathon, member: slot(2) })}
              nodes={[
                <bdi key="leader">{link.leaderName}</bdi>,
                <strong key="team">
                  <bdi>{link.teamName}</bdi>
                </strong>,
                <bdi key="member">{link.memberName}</bdi>,
              ]}
            />
          </p>
          {link.confirmed ? (
            <p className="mt-3 font-semibold text-slate-800">{t("events.teamMember.confirmed")}</p>
          ) : (
            <Form method="post" action={formAction} className="mt-6">
              <input type="hidden" name="token" value={link.token} />
              <SubmitButton
                label={teamMemberMessages.confirm}
                pendingLabel={teamMemberMessages.confirming}
                name="intent"
                value="confirm"
              />
            </Form>
          )}
          <Form method="post" action={formAction} className="mt-6 space-y-3">
            <input type="hidden" name="token" value={link.token} />
            <p id="remove-explained" className="text-sm text-slate-700">
              {teamMemberMessages.removeExplained}
            </p>
            <SubmitButton
              label={teamMemberMessages.removeMe}
              pendingLabel={teamMemberMessages.removing}
              tone="secondary"
              name="intent"
              value="remove"
              aria-describedby="remove-explained"
            />
          </Form>
        </>
      ) : actionError ? null : (
        <div className="mt-6">
          <FormMessage tone={link.state === "removed" ? "success" : "error"} messages={[stateMessages[link.state]]} />
        </div>
      )}
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={localized("/sih")} className={linkClass}>
          {hackathon}
        </Link>
        <Link to={localized("/privacy")} className={linkClass}>
          {t("footer.privacyNotice")}
        </Link>
      </p>
    </div>
  );
}
