import { useText } from "~/i18n/use-text";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage, SubmitButton } from "~/components/form-fields/field";
import { useLocalizedPath } from "~/i18n/use-locale";
import { ProfileSection } from "./profile-section";
import { readableIndianTime } from "~/time/india-time";
import type { LedTeamSummary, SentSummary } from "~/types/students-data";

/**
 * The moments of a summary as the page's language says them, worked out by the loader (Intl's Hindi there, so the
 * browser hydrates the same text): ISO time → readable text. A moment missing from it is shown in English.
 */
export type ReadableTimes = Record<string, string>;

/** Every moment a summary shows. */
export function momentsOf(sent: SentSummary): string[] {
  const card =
    sent.idCard.status === "kept"
      ? [sent.idCard.deleteOn]
      : sent.idCard.status === "deleted"
        ? [sent.idCard.deletedAt]
        : [];
  return [...sent.applications, ...sent.teams, ...sent.ideas, ...sent.suggestions]
    .map((entry) => entry.receivedAt)
    .concat(card);
}

/** A hackathon team is six members, the leader included. */
const fullTeam = 6;

const linkClass = "font-semibold text-accent underline underline-offset-2";
const buttonClass = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-ring";

function List<T>({ title, items, render }: { title: string; items: T[]; render: (item: T) => React.ReactNode }) {
  const { t } = useText();
  return (
    <div>
      <h3 className="font-semibold text-ink">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("account.data.none")}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-700">{items.map(render)}</ul>
      )}
    </div>
  );
}

/** The answer to "Tell my team's members" that was refused, shown with the team whose button was pressed. */
export interface TeamMessage {
  /** The team id the form sent, as sent. */
  teamId: string;
  text: string;
}

/**
 * "Tell my team's members", for the proven leader of a team whose members wait for the leader's word: a POST to the
 * profile's action naming the team, so it works without JavaScript.
 */
function TellMembersForm({ teamId }: { teamId: number }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  // Pending only for this team's button: the profile has other buttons, and may list several teams.
  const sending = useNavigation().formData;
  const pending = sending?.get("intent") === "tell-members" && sending.get("team") === String(teamId);
  return (
    <Form method="post" action={localized("/userProfile")} className="mt-2 space-y-2">
      <input type="hidden" name="team" value={teamId} />
      <p id={`led-team-${teamId}-waiting`} className="text-sm text-slate-700">
        {t("account.data.membersWaiting")}
      </p>
      <div className="max-w-xs">
        <SubmitButton
          name="intent"
          value="tell-members"
          label={t("account.data.tellMembers")}
          pendingLabel={t("account.data.tellingMembers")}
          pending={pending}
          // Which team: a profile may list several with the same button.
          aria-describedby={`led-team-${teamId} led-team-${teamId}-waiting`}
        />
      </div>
    </Form>
  );
}

/**
 * A team the student leads: complete or not, each member's answer, "Tell my team's members" while they wait for the
 * proven leader's word, and "Add a member" while one is missing.
 */
function LedTeam({ team, addingMembers, message }: { team: LedTeamSummary; addingMembers: boolean; message?: string }) {
  const { t } = useText();
  const localized = useLocalizedPath();
  const count = team.members.length;
  const complete = count >= fullTeam;
  return (
    <div>
      <h3 id={`led-team-${team.id}`} className="font-semibold text-ink">
        {t("account.data.yourTeam")} <bdi>{team.teamName}</bdi>:{" "}
        <span className={complete ? "text-green-800" : "text-amber-800"}>
          {t(complete ? "account.data.complete" : "account.data.incomplete", { count, full: fullTeam })}
        </span>
      </h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {team.members.map((member, index) => (
          <li key={`${index}-${member.name}`}>
            <bdi>{member.name}</bdi>:{" "}
            {member.role === "leader"
              ? t("account.data.leaderYou")
              : member.confirmed
                ? t("account.data.memberConfirmed")
                : member.told
                  ? t("account.data.memberNotConfirmed")
                  : t("account.data.memberNotTold")}
          </li>
        ))}
      </ul>
      {message ? (
        <div className="mt-2">
          <FormMessage messages={[message]} />
        </div>
      ) : null}
      {team.mayTellMembers ? <TellMembersForm teamId={team.id} /> : null}
      {complete ? null : addingMembers ? (
        <p className="mt-2 text-sm">
          <Link to={localized(`/sih/team/add-member?team=${team.id}`)} className={linkClass}>
            {t("account.data.addMember")}
          </Link>
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t("account.data.registrationClosed")}</p>
      )}
    </div>
  );
}

/**
 * The profile's "What you sent" section: the student's applications with the council's decision, their hackathon
 * team, ideas and suggestions, what became of their ID card photo, and the two rights buttons (download, delete).
 * Plain links: all of it works without JavaScript.
 */
export function YourData({
  sent,
  contactEmail,
  ledTeams = [],
  addingMembers = false,
  times = {},
  teamMessage,
}: {
  sent: SentSummary | undefined;
  contactEmail: string;
  /** The teams the student is proven to lead: each member's answer, and "Add a member" while one is missing. */
  ledTeams?: LedTeamSummary[];
  /** Registration is open, so a leader may add members. */
  addingMembers?: boolean;
  /** The summary's moments in the page's language (the loader's); English where one is missing. */
  times?: ReadableTimes;
  /** Why "Tell my team's members" was refused: beside that team's button, or above the teams for no team of theirs. */
  teamMessage?: TeamMessage;
}) {
  const { t } = useText();
  const localized = useLocalizedPath();
  const when = (moment: string) => times[moment] ?? readableIndianTime(moment);
  return (
    <ProfileSection id="your-data" heading={t("account.data.heading")}>
      {!sent ? (
        <p className="mt-3 text-sm text-slate-700">
          {t("account.data.keptElsewhereBefore")}{" "}
          <a href={`mailto:${contactEmail}`} className={linkClass}>
            {contactEmail}
          </a>
          {t("account.data.keptElsewhereAfter")}
        </p>
      ) : (
        <>
          <div className="mt-4 space-y-4">
            <List
              title={t("account.data.applications")}
              items={sent.applications}
              render={(application) => (
                <li key={application.receivedAt}>
                  {t("account.data.application", { club: application.club, when: when(application.receivedAt) })}
                  <strong>{t(`account.data.${application.decision}`)}</strong>
                </li>
              )}
            />
            <List
              title={t("account.data.hackathonTeam")}
              items={sent.teams}
              render={(team) => (
                <li key={team.teamName}>
                  <bdi>{team.teamName}</bdi>
                  {t(team.role === "leader" ? "account.data.teamAsLeader" : "account.data.teamAsMember", {
                    when: when(team.receivedAt),
                  })}
                </li>
              )}
            />
            {teamMessage && !ledTeams.some((team) => String(team.id) === teamMessage.teamId) ? (
              <FormMessage messages={[teamMessage.text]} />
            ) : null}
            {ledTeams.map((team) => (
              <LedTeam
                key={team.id}
                team={team}
                addingMembers={addingMembers}
                message={teamMessage?.teamId === String(team.id) ? teamMessage.text : undefined}
              />
            ))}
            <List
              title={t("account.data.ideas")}
              items={sent.ideas}
              render={(idea) => (
                <li key={idea.receivedAt}>
                  <bdi>{idea.title}</bdi>
                  {t("account.data.sentAt", { when: when(idea.receivedAt) })}
                </li>
              )}
            />
            <List
              title={t("account.data.suggestions")}
              items={sent.suggestions}
              render={(suggestion) => (
                <li key={suggestion.receivedAt}>
                  <bdi>
                    {suggestion.problem.length > 80 ? `${suggestion.problem.slice(0, 80)}…` : suggestion.problem}
                  </bdi>
                  {t("account.data.sentAt", { when: when(suggestion.receivedAt) })}
                </li>
              )}
            />
            <div>
              <h3 className="font-semibold text-ink">{t("account.data.idCard")}</h3>
              <p className="text-sm text-slate-700">
                {sent.idCard.status === "kept"
                  ? t("account.data.idCardKept", { when: when(sent.idCard.deleteOn) })
                  : sent.idCard.status === "deleted"
                    ? t("account.data.idCardDeleted", { when: when(sent.idCard.deletedAt) })
                    : t("account.data.idCardNone")}
              </p>
            </div>
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a
              href="/userProfile/data"
              download
              className={`${buttonClass} bg-accent text-white hover:bg-accent-strong`}
            >
              {t("account.data.download")}
            </a>
            <Link
              to={localized("/userProfile/delete")}
              className={`${buttonClass} text-red-700 ring-1 ring-red-300 hover:bg-red-50`}
            >
              {t("account.data.deleteAccount")}
            </Link>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            {t("account.data.privacyBefore")}{" "}
            <Link to={localized("/privacy")} className={linkClass}>
              {t("account.data.privacyLink")}
            </Link>
            {t("account.data.privacyAfter")}
          </p>
        </>
      )}
    </ProfileSection>
  );
}
