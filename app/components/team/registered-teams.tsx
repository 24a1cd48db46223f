import { fillText } from "~/i18n/text";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { categoryLabel } from "~/forms/team-registration";
import type { RegisteredTeam } from "~/types/submissions";

/**
 * The teams registered so far (team name and category). `null` means the backend could not list them;
 * the form beside it still works, so the visitor is told plainly instead of seeing an empty list.
 */
export function RegisteredTeams({ teams }: { teams: RegisteredTeam[] | null }) {
  const texts = useFormTexts();
  const words = texts.team.registered;
  return (
    <section
      aria-labelledby="registered-teams-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
    >
      <h2 id="registered-teams-heading" className="text-xl font-bold text-ink">
        {words.heading}
      </h2>
      {teams === null ? (
        <p className="mt-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm font-medium text-amber-950">
          {words.unavailable}
        </p>
      ) : teams.length === 0 ? (
        <p className="mt-3 text-slate-700">{words.none}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {fillText(teams.length === 1 ? words.one : words.many, { count: teams.length })}
          </p>
          <ul className="mt-4 divide-y divide-slate-200">
            {teams.map((team) => (
              <li key={team._id} className="flex items-center justify-between gap-3 py-2.5">
                <span className="min-w-0 font-medium break-words text-ink">{team.teamName}</span>
                <span className="shrink-0 rounded-full bg-white px-2.5 py-0.5 text-sm font-medium text-accent ring-1 ring-red-200">
                  {categoryLabel(texts, team.category)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
