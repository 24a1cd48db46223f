import { Link } from "react-router";
import { readableIndianTime } from "~/time/india-time";
import type { LedTeamSummary, SentSummary } from "~/types/students-data";

/** How the profile names the council's decision on an application. */
const decisionLabels: Record<SentSummary["applications"][number]["decision"], string> = {
  received: "Received: the council has not decided yet",
  accepted: "Accepted",
  declined: "Declined",
};

/** A hackathon team is six members, the leader included. */
const fullTeam = 6;

const linkClass = "font-semibold text-accent underline underline-offset-2";
const buttonClass = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-ring";

function List<T>({ title, items, render }: { title: string; items: T[]; render: (item: T) => React.ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold text-ink">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-700">{items.map(render)}</ul>
      )}
    </div>
  );
}

/** A team the student leads: complete or not, each member's answer, and "Add a member" while one is missing. */
function LedTeam({ team, addingMembers }: { team: LedTeamSummary; addingMembers: boolean }) {
  const count = team.members.length;
  const complete = count >= fullTeam;
  return (
    <div>
      <h3 className="font-semibold text-ink">
        Your team <bdi>{team.teamName}</bdi>:{" "}
        <span className={complete ? "text-green-800" : "text-amber-800"}>
          {complete ? "Complete" : "Incomplete"}: {count} of {fullTeam} members
        </span>
      </h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-700">
        {team.members.map((member, index) => (
          <li key={`${index}-${member.name}`}>
            <bdi>{member.name}</bdi>:{" "}
            {member.role === "leader"
              ? "the leader (you)"
              : member.confirmed
                ? "confirmed"
                : "not confirmed yet (we sent them a link)"}
          </li>
        ))}
      </ul>
      {complete ? null : addingMembers ? (
        <p className="mt-2 text-sm">
          <Link to={`/sih/team/add-member?team=${team.id}`} className={linkClass}>
            Add a member
          </Link>
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Registration is closed, so members can no longer be added.</p>
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
}: {
  sent: SentSummary | undefined;
  contactEmail: string;
  /** The teams the student is proven to lead: each member's answer, and "Add a member" while one is missing. */
  ledTeams?: LedTeamSummary[];
  /** Registration is open, so a leader may add members. */
  addingMembers?: boolean;
}) {
  return (
    <section
      aria-labelledby="your-data"
      className="mx-auto mt-8 max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="your-data" className="text-xl font-bold text-ink">
        What you sent
      </h2>
      {!sent ? (
        <p className="mt-3 text-sm text-slate-700">
          Your entries are kept by the council's own system. To see, download or erase them, write to{" "}
          <a href={`mailto:${contactEmail}`} className={linkClass}>
            {contactEmail}
          </a>
          .
        </p>
      ) : (
        <>
          <div className="mt-4 space-y-4">
            <List
              title="Applications to join the council"
              items={sent.applications}
              render={(application) => (
                <li key={application.receivedAt}>
                  {application.club}, sent {readableIndianTime(application.receivedAt)}:{" "}
                  <strong>{decisionLabels[application.decision]}</strong>
                </li>
              )}
            />
            <List
              title="Hackathon team"
              items={sent.teams}
              render={(team) => (
                <li key={team.teamName}>
                  <bdi>{team.teamName}</bdi>, as {team.role === "leader" ? "the leader" : "a member"}, registered{" "}
                  {readableIndianTime(team.receivedAt)}
                </li>
              )}
            />
            {ledTeams.map((team) => (
              <LedTeam key={team.id} team={team} addingMembers={addingMembers} />
            ))}
            <List
              title="Ideas"
              items={sent.ideas}
              render={(idea) => (
                <li key={idea.receivedAt}>
                  <bdi>{idea.title}</bdi>, sent {readableIndianTime(idea.receivedAt)}
                </li>
              )}
            />
            <List
              title="Suggestions"
              items={sent.suggestions}
              render={(suggestion) => (
                <li key={suggestion.receivedAt}>
                  <bdi>
                    {suggestion.problem.length > 80 ? `${suggestion.problem.slice(0, 80)}…` : suggestion.problem}
                  </bdi>
                  , sent {readableIndianTime(suggestion.receivedAt)}
                </li>
              )}
            />
            <div>
              <h3 className="font-semibold text-ink">ID card photo</h3>
              <p className="text-sm text-slate-700">
                {sent.idCard.status === "kept"
                  ? `Kept until ${readableIndianTime(sent.idCard.deleteOn)}, then deleted.`
                  : sent.idCard.status === "deleted"
                    ? `Deleted on ${readableIndianTime(sent.idCard.deletedAt)}, as the privacy notice says.`
                    : "None on file."}
              </p>
            </div>
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a
              href="/userProfile/data"
              download
              className={`${buttonClass} bg-accent text-white hover:bg-accent-strong`}
            >
              Download my data
            </a>
            <Link
              to="/userProfile/delete"
              className={`${buttonClass} text-red-700 ring-1 ring-red-300 hover:bg-red-50`}
            >
              Delete my account
            </Link>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            How the council keeps your data:{" "}
            <Link to="/privacy" className={linkClass}>
              privacy notice
            </Link>
            .
          </p>
        </>
      )}
    </section>
  );
}
