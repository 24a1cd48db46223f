import type { Outcome, SubmissionStore } from "../council-backend.server";
import type { RegisteredTeam, TeamRegistration } from "~/types/submissions";
import type { StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";

/**
 * Hackathon teams. A team and its members are one transaction; the database's unique indexes (team names ignoring
 * case, one team per e-mail) decide between concurrent registrations from any number of processes.
 */
export function createTeams(store: StoreDatabase): Pick<SubmissionStore, "registerTeam" | "listTeams"> {
  async function saveTeam(team: TeamRegistration, sentBy: string | undefined) {
    const teamName = team.teamName.trim();
    await store.write(async (trx) => {
      let teamId: number;
      try {
        ({ id: teamId } = await trx
          .insertInto("teams")
          .values({
            team_name: teamName,
            category: team.category,
            description: team.description,
            created_at: now(),
            sent_by: sentBy ?? null,
          })
          .returning("id")
          .executeTakeFirstOrThrow());
      } catch (error) {
        if (store.isUniqueViolation(error)) throw new Rejection(`A team named "${teamName}" is already registered.`);
        throw error;
      }
      for (const [position, member] of team.members.entries()) {
        const email = member.email.trim();
        try {
          await trx
            .insertInto("team_members")
            .values({
              team_id: teamId,
              position,
              name: member.name,
              email,
              phone: member.phone,
              gender: member.gender,
              institution: member.institution,
              skills: member.skills,
              role: member.role,
            })
            .execute();
        } catch (error) {
          if (store.isUniqueViolation(error)) throw new Rejection(`${email} is already a member of another team.`);
          throw error;
        }
      }
    });
  }

  return {
    registerTeam(team: TeamRegistration, sentBy?: string) {
      return guarded<Outcome<string | undefined>>("register a team", async () => {
        // The unique index would also catch this, but would blame "another team".
        const seen = new Set<string>();
        for (const member of team.members) {
          const email = member.email.trim();
          if (seen.has(email.toLowerCase())) throw new Rejection(`${email} is listed more than once in this team.`);
          seen.add(email.toLowerCase());
        }
        await saveTeam(team, sentBy);
        return { ok: true, value: undefined };
      });
    },

    listTeams() {
      return guarded<Outcome<RegisteredTeam[]>>("list teams", async () => {
        const rows = await store.read((trx) =>
          trx.selectFrom("teams").select(["id", "team_name", "category"]).orderBy("id").execute(),
        );
        return {
          ok: true,
          value: rows.map((row) => ({ _id: String(row.id), teamName: row.team_name, category: row.category })),
        };
      });
    },
  };
}
