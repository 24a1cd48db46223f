import { sql } from "kysely";
import type { ErasureCounts, Outcome, SentItems, StudentProof, StudentRecords } from "../council-backend.server";
import type { TeamMember } from "~/types/submissions";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now } from "./guard.server";
import { deleteEntryMail } from "./outbox.server";
import type { ErasuresTable } from "./tables.server";
import type { StoreMail } from "./store.server";
import { tellTeamDisbanded } from "./team-notices.server";

/**
 * A student's own entries: what they sent and what became of it, and their erasure on request. Which entries are the
 * student's is decided here alone, by proof (docs/decisions/0017): an entry sent while signed in to the account, an
 * application or team row with the account's verified e-mail, an entry with the account's College ID once the council
 * checked it. An e-mail or enrollment number merely typed into a form proves nothing. A team is erased whole only
 * when the student is proven to be its leader (they sent it signed in, or the leader's row has their verified
 * e-mail); otherwise only the student's own proven row goes.
 */

export const lowerEquals = (column: string, value: string) =>
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

/** Who a removed account was, as far as teams go: its key, and its address once it was confirmed. */
export type RemovedAccount = Pick<StudentProof, "accountKey" | "verifiedEmail">;

/**
 * Inside the removal's write transaction, before or with the account itself: what removing an account does to the
 * hackathon teams, whoever removes it (the student's own deletion, the council rejecting its College ID or upholding a
 * claim on it, retention of an account never confirmed) and on either identity backend. A team the account is proven
 * to lead (sent while signed in to it, or its leader's row is the account's confirmed address) goes whole: nobody is
 * left to manage it, and a leader found not to be who they said must not keep a team of someone else's classmates.
 * Its members who were told of the team hear that it was removed; members still waiting for their leader never heard
 * of it and hear nothing now either (docs/decisions/0022). The account's own rows in other teams go; those teams stay.
 */
export async function removeAccountFromTeams(
  trx: Db,
  mail: StoreMail | undefined,
  account: RemovedAccount,
  erasure: { reason: ErasuresTable["reason"]; by?: string },
): Promise<{ teamsLed: number; teamMemberships: number }> {
  const counts = { teamsLed: 0, teamMemberships: 0 };
  const recorded = { reason: erasure.reason, ...(erasure.by ? { by_college_id: erasure.by } : {}) };
  const proof = { accountKey: account.accountKey, verifiedEmail: account.verifiedEmail };
  for (const row of await provenTeamRows(trx, proof)) {
    const team = await trx.selectFrom("teams").select("sent_by").where("id", "=", row.team_id).executeTakeFirst();
    if (row.role === "leader" || team?.sent_by === account.accountKey) {
      // Its other members hear of it in this transaction; their e-mails name no entry, so they stay.
      await tellTeamDisbanded(trx, mail, row.team_id);
      await trx.deleteFrom("teams").where("id", "=", row.team_id).execute();
      await forgetErasedEntry(trx, { section: "teams", entry_id: row.team_id, ...recorded });
      counts.teamsLed += 1;
    } else {
      await trx.deleteFrom("team_members").where("id", "=", row.member_id).execute();
      await recordErasure(trx, { section: "teams", entry_id: row.team_id, what: "member", ...recorded });
      counts.teamMemberships += 1;
    }
  }
  return counts;
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
            for (const { id } of rows) await forgetEntry(trx, section, id);
          }
          const teams = await removeAccountFromTeams(trx, mail, proof, { reason: "student-request" });
          erased.teamsLed = teams.teamsLed;
          erased.teamMemberships = teams.teamMemberships;
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
  async function forgetEntry(trx: Db, section: "applications" | "ideas" | "suggestions", id: number) {
    await forgetErasedEntry(trx, { section, entry_id: id, reason: "student-request" });
  }
}
