import { sql } from "kysely";
import type { ErasureCounts, Outcome, SentItems, StudentKey, StudentRecords } from "../council-backend.server";
import type { TeamMember } from "~/types/submissions";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now } from "./guard.server";
import type { ErasuresTable } from "./tables.server";

/**
 * A student's own entries: what they sent and what became of it, and their erasure on request. Applications, ideas
 * and suggestions are the student's by enrollment number; a team membership by e-mail. A team the student leads is
 * erased whole (the leader sent every member's details, with their agreement, for that registration); in a team
 * led by someone else only the student's own row goes.
 */

const sameText = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${value.trim().toLowerCase()}`;

const decisionOf = (status: string | null) => (status === "accepted" || status === "declined" ? status : "received");

export function recordErasure(
  trx: Db,
  erasure: Omit<ErasuresTable, "id" | "at" | "by_college_id"> & { by_college_id?: string | null },
) {
  return trx
    .insertInto("erasures")
    .values({ ...erasure, by_college_id: erasure.by_college_id ?? null, at: now() })
    .execute();
}

export function createStudentRecords(store: StoreDatabase): StudentRecords {
  return {
    sentBy(student: StudentKey) {
      return guarded<Outcome<SentItems>>("read what a student sent", async () => {
        const value = await store.read(async (trx): Promise<SentItems> => {
          const applications = await trx
            .selectFrom("applications as e")
            .leftJoin("triage_state as s", (join) =>
              join.onRef("s.entry_id", "=", "e.id").on("s.section", "=", "applications"),
            )
            .selectAll("e")
            .select("s.status")
            .where(sameText("e.enrollment", student.enrollment))
            .orderBy("e.id")
            .execute();
          const memberships = student.email
            ? await trx
                .selectFrom("team_members as m")
                .innerJoin("teams as t", "t.id", "m.team_id")
                .select([
                  "t.team_name",
                  "t.category",
                  "t.created_at",
                  "m.name",
                  "m.email",
                  "m.phone",
                  "m.gender",
                  "m.institution",
                  "m.skills",
                  "m.role",
                ])
                .where(sameText("m.email", student.email))
                .orderBy("t.id")
                .execute()
            : [];
          const ideas = await trx
            .selectFrom("ideas")
            .selectAll()
            .where(sameText("enrollment", student.enrollment))
            .orderBy("id")
            .execute();
          const suggestions = await trx
            .selectFrom("suggestions")
            .selectAll()
            .where(sameText("enrollment", student.enrollment))
            .orderBy("id")
            .execute();
          return {
            applications: applications.map(({ id: _id, created_at, terms: _terms, status, ...row }) => ({
              ...row,
              gender: row.gender as "Male" | "Female" | "Other",
              terms: true as const,
              receivedAt: created_at,
              decision: decisionOf(status),
            })),
            teams: memberships.map(({ team_name, category, created_at, ...member }) => ({
              teamName: team_name,
              category,
              receivedAt: created_at,
              member: member as TeamMember,
            })),
            ideas: ideas.map(({ id: _id, created_at, ...row }) => ({ ...row, receivedAt: created_at })),
            suggestions: suggestions.map(({ id: _id, created_at, ...row }) => ({ ...row, receivedAt: created_at })),
          };
        });
        return { ok: true, value };
      });
    },

    erase(student: StudentKey) {
      return guarded<Outcome<ErasureCounts>>("erase a student's entries", async () => {
        const counts = await store.write(async (trx): Promise<ErasureCounts> => {
          const erased: ErasureCounts = {
            applications: 0,
            ideas: 0,
            suggestions: 0,
            teamMemberships: 0,
            teamsLed: 0,
          };
          for (const section of ["applications", "ideas", "suggestions"] as const) {
            const rows = await trx
              .deleteFrom(section)
              .where(sameText("enrollment", student.enrollment))
              .returning("id")
              .execute();
            erased[section] = rows.length;
            for (const { id } of rows) await forgetEntry(trx, section, id, "entry");
          }
          if (student.email) {
            const memberships = await trx
              .selectFrom("team_members")
              .select(["id", "team_id", "role"])
              .where(sameText("email", student.email))
              .execute();
            for (const membership of memberships) {
              if (membership.role === "leader") {
                await trx.deleteFrom("teams").where("id", "=", membership.team_id).execute();
                await forgetEntry(trx, "teams", membership.team_id, "entry");
                erased.teamsLed += 1;
              } else {
                await trx.deleteFrom("team_members").where("id", "=", membership.id).execute();
                await forgetEntry(trx, "teams", membership.team_id, "member");
                erased.teamMemberships += 1;
              }
            }
          }
          return erased;
        });
        await store.afterErasure();
        return { ok: true, value: counts };
      });
    },
  };

  /** An entry gone on the student's request: its triage status goes with it, the record of the erasure stays. */
  async function forgetEntry(
    trx: Db,
    section: "applications" | "teams" | "ideas" | "suggestions",
    id: number,
    what: "entry" | "member",
  ) {
    if (what === "entry")
      await trx.deleteFrom("triage_state").where("section", "=", section).where("entry_id", "=", id).execute();
    await recordErasure(trx, { section, entry_id: id, what, reason: "student-request" });
  }
}
