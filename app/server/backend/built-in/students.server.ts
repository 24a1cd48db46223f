import { sql } from "kysely";
import type { ErasureCounts, Outcome, SentItems, StudentProof, StudentRecords } from "../council-backend.server";
import type { TeamMember } from "~/types/submissions";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now } from "./guard.server";
import { deleteEntryMail } from "./outbox.server";
import type { ErasuresTable } from "./tables.server";
import type { StoreMail } from "./index.server";
import { tellTeamDisbanded } from "./teams.server";

/**
 * A student's own entries: what they sent and what became of it, and their erasure on request. Which entries are the
 * student's is decided here alone, by proof (docs/decisions/0017): an entry sent while signed in to the account, an
 * application or team row with the account's verified e-mail, an entry with the account's College ID once the council
 * checked it. An e-mail or enrollment number merely typed into a form proves nothing. A team is erased whole only
 * when the student is proven to be its leader (they sent it signed in, or the leader's row has their verified
 * e-mail); otherwise only the student's own proven row goes.
 */

const lowerEquals = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${value.trim().toLowerCase()}`;

/** The condition "this row is the student's", for a table with the given columns. */
function provenBy(proof: StudentProof, columns: { sentBy?: string; email?: string; enrollment?: string }) {
  const conditions = [];
  if (columns.sentBy) conditions.push(sql<boolean>`${sql.ref(columns.sentBy)} = ${proof.accountKey}`);
  if (columns.email && proof.verifiedEmail) conditions.push(lowerEquals(columns.email, proof.verifiedEmail));
  if (columns.enrollment && proof.checkedCollegeId)
    conditions.push(lowerEquals(columns.enrollment, proof.checkedCollegeId));
  return conditions.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(conditions, sql` OR `)})`;
}

const decisionOf = (status: string | null) => (status === "accepted" || status === "declined" ? status : "received");

const teamColumns = [
  "t.id as team_id",
  "t.team_name",
  "t.category",
  "t.created_at",
  "m.id as member_id",
  "m.name",
  "m.email",
  "m.phone",
  "m.gender",
  "m.institution",
  "m.skills",
  "m.role",
] as const;

/**
 * The student's team rows: their own member row where its e-mail is their verified one, and the leader's row of a
 * team they sent while signed in (they typed it themselves). One row per team.
 */
async function provenTeamRows(trx: Db, proof: StudentProof) {
  const own = proof.verifiedEmail
    ? await trx
        .selectFrom("team_members as m")
        .innerJoin("teams as t", "t.id", "m.team_id")
        .select(teamColumns)
        .where(provenBy(proof, { email: "m.email" }))
        .execute()
    : [];
  const sent = await trx
    .selectFrom("team_members as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(teamColumns)
    .where("t.sent_by", "=", proof.accountKey)
    .where("m.role", "=", "leader")
    .execute();
  const byTeam = new Map<number, (typeof own)[number]>();
  for (const row of [...own, ...sent]) if (!byTeam.has(row.team_id)) byTeam.set(row.team_id, row);
  return [...byTeam.values()].sort((a, b) => a.team_id - b.team_id);
}

export function recordErasure(
  trx: Db,
  erasure: Omit<ErasuresTable, "id" | "at" | "by_college_id"> & { by_college_id?: string | null },
) {
  return trx
    .insertInto("erasures")
    .values({ ...erasure, by_college_id: erasure.by_college_id ?? null, at: now() })
    .execute();
}

/**
 * Everything that goes with an erased inbox entry, in the erasure's transaction: its triage status and history and the
 * e-mails about it; the record of the erasure stays, without any of its data. Every erasure of an entry (the student's,
 * a council member's, retention's) calls this, so none forgets a part.
 */
export async function forgetErasedEntry(
  trx: Db,
  erasure: { section: string; entry_id: number; reason: ErasuresTable["reason"]; by_college_id?: string },
) {
  const { section, entry_id: id } = erasure;
  await trx.deleteFrom("triage_state").where("section", "=", section).where("entry_id", "=", id).execute();
  await trx.deleteFrom("triage_log").where("section", "=", section).where("entry_id", "=", id).execute();
  await deleteEntryMail(trx, section, id);
  await recordErasure(trx, { ...erasure, what: "entry" });
}

export function createStudentRecords(store: StoreDatabase, mail?: StoreMail): StudentRecords {
  return {
    sentBy(proof: StudentProof) {
      return guarded<Outcome<SentItems>>("read what a student sent", async () => {
        const value = await store.read(async (trx): Promise<SentItems> => {
          const applications = await trx
            .selectFrom("applications as e")
            .leftJoin("triage_state as s", (join) =>
              join.onRef("s.entry_id", "=", "e.id").on("s.section", "=", "applications"),
            )
            .selectAll("e")
            .select("s.status")
            .where(provenBy(proof, { sentBy: "e.sent_by", email: "e.email", enrollment: "e.enrollment" }))
            .orderBy("e.id")
            .execute();
          const memberships = await provenTeamRows(trx, proof);
          const ideas = await trx
            .selectFrom("ideas")
            .selectAll()
            .where(provenBy(proof, { sentBy: "sent_by", enrollment: "enrollment" }))
            .orderBy("id")
            .execute();
          const suggestions = await trx
            .selectFrom("suggestions")
            .selectAll()
            .where(provenBy(proof, { sentBy: "sent_by", enrollment: "enrollment" }))
            .orderBy("id")
            .execute();
          return {
            applications: applications.map(
              ({ id: _id, created_at, terms: _terms, status, sent_by: _sentBy, locale: _locale, ...row }) => ({
                ...row,
                gender: row.gender as "Male" | "Female" | "Other",
                terms: true as const,
                receivedAt: created_at,
                decision: decisionOf(status),
              }),
            ),
            teams: memberships.map(
              ({ team_name, category, created_at, team_id: _team, member_id: _member, ...member }) => ({
                teamName: team_name,
                category,
                receivedAt: created_at,
                member: member as TeamMember,
              }),
            ),
            ideas: ideas.map(({ id: _id, created_at, sent_by: _sentBy, ...row }) => ({
              ...row,
              receivedAt: created_at,
            })),
            suggestions: suggestions.map(({ id: _id, created_at, sent_by: _sentBy, ...row }) => ({
              ...row,
              receivedAt: created_at,
            })),
          };
        });
        return { ok: true, value };
      });
    },

    erase(proof: StudentProof) {
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
              .where(
                provenBy(proof, {
                  sentBy: "sent_by",
                  email: section === "applications" ? "email" : undefined,
                  enrollment: "enrollment",
                }),
              )
              .returning("id")
              .execute();
            erased[section] = rows.length;
            for (const { id } of rows) await forgetEntry(trx, section, id, "entry");
          }
          for (const row of await provenTeamRows(trx, proof)) {
            // Proven leader: the leader's row is theirs (verified e-mail) or they sent the team while signed in.
            const team = await trx
              .selectFrom("teams")
              .select("sent_by")
              .where("id", "=", row.team_id)
              .executeTakeFirst();
            const provenLeader = row.role === "leader" || team?.sent_by === proof.accountKey;
            if (provenLeader) {
              // Its other members hear of it in this transaction; their e-mails name no entry, so they stay.
              await tellTeamDisbanded(trx, mail, row.team_id);
              await trx.deleteFrom("teams").where("id", "=", row.team_id).execute();
              await forgetEntry(trx, "teams", row.team_id, "entry");
              erased.teamsLed += 1;
            } else {
              await trx.deleteFrom("team_members").where("id", "=", row.member_id).execute();
              await forgetEntry(trx, "teams", row.team_id, "member");
              erased.teamMemberships += 1;
            }
          }
          // The e-mails sent to the student or about their account go too.
          await trx
            .deleteFrom("outbox")
            .where(provenBy(proof, { email: "recipient" }))
            .execute();
          await trx.deleteFrom("outbox").where("account_key", "=", proof.accountKey).execute();
          return erased;
        });
        await store.afterErasure();
        return { ok: true, value: counts };
      });
    },
  };

  /** An entry gone on the student's request: its triage status and history go with it; the erasure is recorded. */
  async function forgetEntry(
    trx: Db,
    section: "applications" | "teams" | "ideas" | "suggestions",
    id: number,
    what: "entry" | "member",
  ) {
    if (what === "entry") await forgetErasedEntry(trx, { section, entry_id: id, reason: "student-request" });
    else await recordErasure(trx, { section, entry_id: id, what, reason: "student-request" });
  }
}
