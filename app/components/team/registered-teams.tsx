import { useTranslation } from "react-i18next";
import { categoryLabel, teamCategories } from "~/forms/team-registration";
import type { RegisteredTeam } from "~/types/submissions";

/**
 * The teams registered so far (team name and category). `null` means the backend could not list them;
 * the form beside it still works, so the visitor is told plainly instead of seeing an empty list.
 */
export function RegisteredTeams({ teams }: { teams: RegisteredTeam[] | null }) {
  const { t } = useTranslation();
  // A category the form offers, in the page's language; anything else the backend lists, as it came.
  const label = (category: string) =>
    (teamCategories as readonly string[]).includes(category)
      ? t(`events.registeredTeams.categories.${category as (typeof teamCategories)[number]}`)
      : categoryLabel(category);
  return (
    <section
      aria-labelledby="registered-teams-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
    >
      <h2 id="registered-teams-heading" className="text-xl font-bold text-ink">
        {t("events.registeredTeams.heading")}
      </h2>
      {teams === null ? (
        <p className="mt-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm font-medium text-amber-950">
          {t("events.registeredTeams.failed")}
        </p>
      ) : teams.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("events.registeredTeams.none")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t("events.registeredTeams.count", { count: teams.length })}</p>
          <ul className="mt-4 divide-y divide-slate-200">
            {teams.map((team) => (
              <li key={team._id} className="flex items-center justify-between gap-3 py-2.5">
                <span className="min-w-0 font-medium break-words text-ink">{team.teamName}</span>
                <span className="shrink-0 rounded-full bg-white px-2.5 py-0.5 text-sm font-medium text-accent ring-1 ring-red-200">
                  {label(team.category)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
