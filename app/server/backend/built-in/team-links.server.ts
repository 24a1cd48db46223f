import { sql } from "kysely";
import type { Outcome, StudentProof } from "../council-backend.server";
import type { TeamMembers, TeamTold } from "../team-backend.server";
import { hashToken } from "./account-rows.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import { queueEvent } from "./mail-queue.server";
import type { StoreMail } from "./store.server";
import { lowerEquals, recordErasure } from "./student-records.server";
import { rowLocale } from "./tables.server";
import { leaderOf, sendNotice, teamsSection } from "./team-notices.server";

/**
 * What the links in a team's e-mails do: a member's link shows their notice, confirms them or removes them (and
 * tells the leader); the link in a held team's receipt tells its members (docs/decisions/0022), and so does the same
 * button on its proven leader's profile. Each is one transaction; a second press finds the first one's work done.
 */

/**
 * The teams whose leader's row is the account's confirmed address, letter case aside: the proven leader's
 * (docs/decisions/0022), whose word tells the members. `teamId` narrows it to that team. None without a confirmed
 * address.
 */
export async function provenLeaderTeamIds(trx: Db, proof: StudentProof, teamId?: number): Promise<number[]> {
  if (!proof.verifiedEmail) return [];
  let query = trx
    .selectFrom("team_members")
    .select("team_id as id")
    .where("role", "=", "leader")
    .where(lowerEquals("email", proof.verifiedEmail));
  if (teamId !== undefined) query = query.where("team_id", "=", teamId);
  return (await query.execute()).map(({ id }) => id);
}

/** A team as its leader's word finds it: the name and language its members' notices give. */
type WaitingTeam = { id: number; team_name: string; locale: string | null };

const memberCount = async (trx: Db, teamId: number) =>
  Number(
    (
      await trx
        .selectFrom("team_members")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("team_id", "=", teamId)
        .executeTakeFirst()
    )?.count ?? 0,
  );

export function createTeamLinks(
  store: StoreDatabase,
  mail: StoreMail | undefined,
): Pick<TeamMembers, "notice" | "confirm" | "remove" | "tellMembers" | "tellMembersAsLeader"> {
  /** The member a link names (never the leader: their e-mail is the receipt, which has no such link). */
  const byToken = (trx: Db, token: string) =>
    trx
      .selectFrom("team_members as m")
      .innerJoin("teams as t", "t.id", "m.team_id")
      .select(["m.id", "m.team_id", "m.name", "m.email", "m.confirmed_at", "t.team_name", "t.locale"])
      .where("m.notice_token_hash", "=", hashToken(token))
      .where("m.role", "=", "member")
      .executeTakeFirst();

  /** The team whose leader's receipt holds this link (the button that tells the members). */
  const byLeaderToken = (trx: Db, token: string) =>
    trx
      .selectFrom("teams")
      .select(["id", "team_name", "locale"])
      .where("leader_token_hash", "=", hashToken(token))
      .executeTakeFirst();

  type LinkedMember = NonNullable<Awaited<ReturnType<typeof byToken>>>;

  /** One change on the member a link names, in one transaction; undefined when the link names nobody. */
  function onMemberLink<T>(action: string, token: string, change: (trx: Db, member: LinkedMember) => Promise<T>) {
    return guarded<Outcome<T | undefined>>(action, async () => {
      const value = await store.write(async (trx) => {
        const member = await byToken(trx, token);
        return member ? change(trx, member) : undefined;
      });
      return { ok: true, value };
    });
  }

  const heldRows = (trx: Db, teamId: number) =>
    trx
      .selectFrom("team_members")
      .select(["id", "name", "email", "role"])
      .where("team_id", "=", teamId)
      .where("held", "=", 1)
      .orderBy("position")
      .execute();

  /**
   * "Tell my team's members", however the leader gave their word (the receipt's link, or their profile): the team's
   * held rows are told, in one transaction; undefined when `findTeam` finds none.
   */
  function onLeadersWord(action: string, findTeam: (trx: Db) => Promise<WaitingTeam | undefined>) {
    return guarded<Outcome<TeamTold | undefined>>(action, async () => {
      const value = await store.write(async (trx) => {
        const team = await findTeam(trx);
        return team ? tellWaiting(trx, team) : undefined;
      });
      return { ok: true, value };
    });
  }

  /** Inside the write transaction: the team's held rows joined to it, and each member's notice queued. */
  async function tellWaiting(trx: Db, team: WaitingTeam): Promise<TeamTold> {
    // Beside registrations (which take this lock first), "Add a member" and a second press: one at a time.
    await store.lock(trx, "team-names");
    await store.lock(trx, `team:${team.id}`);
    const waiting = await heldRows(trx, team.id);
    const told = { teamName: team.team_name, told: 0, taken: [] as string[] };
    if (waiting.length === 0) return { ...told, already: true };
    // Whoever gave the leader's word is proven (they hold the leader's inbox, or are signed in with its confirmed
    // address): they hear which addresses are in a team already.
    const addresses = waiting.map((row) => row.email.trim().toLowerCase());
    const inTeams = await trx
      .selectFrom("team_members")
      .select("email")
      .where("held", "=", 0)
      .where(sql<boolean>`lower(email) in (${sql.join(addresses)})`)
      .execute();
    const taken = new Set(inTeams.map((row) => row.email.trim().toLowerCase()));
    const leader = waiting.find((row) => row.role === "leader");
    if (leader && taken.has(leader.email.trim().toLowerCase())) return { ...told, leaderTaken: leader.email };
    const left = waiting.filter((row) => taken.has(row.email.trim().toLowerCase()));
    if (left.length > 0) {
      await trx
        .deleteFrom("team_members")
        .where(
          "id",
          "in",
          left.map((row) => row.id),
        )
        .execute();
    }
    const joined = waiting.filter((row) => !taken.has(row.email.trim().toLowerCase()));
    try {
      await trx
        .updateTable("team_members")
        .set({ held: 0 })
        .where(
          "id",
          "in",
          joined.map((row) => row.id),
        )
        .execute();
    } catch (error) {
      // A leader adding the same address to another team at this moment: nothing changes, pressing again tells.
      if (store.isUniqueViolation(error)) throw new Rejection({ code: "addedMeanwhile" });
      throw error;
    }
    const leaderRow = await leaderOf(trx, team.id);
    if (mail && leaderRow) {
      const locale = rowLocale(team.locale);
      for (const member of joined.filter((row) => row.role !== "leader")) {
        await sendNotice(trx, mail, { id: team.id, name: team.team_name, leaderName: leaderRow.name }, member, locale);
      }
    }
    return {
      ...told,
      told: joined.filter((row) => row.role !== "leader").length,
      taken: left.map((row) => row.email),
    };
  }

  return {
    notice(token) {
      return guarded("read a team member's link", async () => {
        const value = await store.read(async (trx) => {
          const member = await byToken(trx, token);
          if (!member) {
            const team = await byLeaderToken(trx, token);
            if (!team) return undefined;
            const leader = await leaderOf(trx, team.id);
            const waiting = await heldRows(trx, team.id);
            return {
              teamName: team.team_name,
              leaderName: leader?.name ?? "",
              memberName: leader?.name ?? "",
              confirmed: waiting.length === 0,
              role: "leader" as const,
            };
          }
          const leader = await leaderOf(trx, member.team_id);
          return {
            teamName: member.team_name,
            leaderName: leader?.name ?? "",
            memberName: member.name,
            confirmed: member.confirmed_at !== null,
          };
        });
        return { ok: true, value };
      });
    },

    confirm(token) {
      return onMemberLink("confirm a team member", token, async (trx, member) => {
        if (member.confirmed_at !== null) return { teamName: member.team_name, already: true };
        // Two presses at once: the second finds it confirmed.
        const updated = await trx
          .updateTable("team_members")
          .set({ confirmed_at: now() })
          .where("id", "=", member.id)
          .where("confirmed_at", "is", null)
          .executeTakeFirst();
        return { teamName: member.team_name, already: Number(updated.numUpdatedRows) === 0 };
      });
    },

    remove(token) {
      return onMemberLink("remove a team member on their request", token, async (trx, member) => {
        // Two presses at once: the second deletes nothing, and neither records nor tells twice.
        const deleted = await trx.deleteFrom("team_members").where("id", "=", member.id).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return undefined;
        await recordErasure(trx, {
          section: teamsSection,
          entry_id: member.team_id,
          what: "member",
          reason: "student-request",
        });
        // Their notice goes with them; the team's other e-mails stay with the team.
        await trx
          .deleteFrom("outbox")
          .where("entry_section", "=", teamsSection)
          .where("entry_id", "=", member.team_id)
          .where("kind", "=", "team-member-notice")
          .where(lowerEquals("recipient", member.email))
          .execute();
        const members = await memberCount(trx, member.team_id);
        const leader = await leaderOf(trx, member.team_id);
        if (mail && leader) {
          await queueEvent(trx, mail, {
            event: {
              kind: "team-member-removed",
              leaderName: leader.name,
              memberName: member.name,
              teamName: member.team_name,
              members,
              // The leader hears in the language of the page they registered the team on.
              locale: rowLocale(member.locale),
            },
            to: leader.email,
            entry: { section: teamsSection, id: member.team_id },
          });
        }
        return { teamName: member.team_name, members };
      });
    },

    tellMembers(token) {
      return onLeadersWord("tell a team's members on its leader's word", (trx) => byLeaderToken(trx, token));
    },

    tellMembersAsLeader(proof, teamId) {
      return onLeadersWord("tell a team's members from its proven leader's profile", async (trx) => {
        const [id] = await provenLeaderTeamIds(trx, proof, teamId);
        if (id === undefined) return undefined;
        return trx.selectFrom("teams").select(["id", "team_name", "locale"]).where("id", "=", id).executeTakeFirst();
      });
    },
  };
}
