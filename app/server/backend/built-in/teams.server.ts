import { randomBytes } from "node:crypto";
import type { StudentRefusal } from "~/types/refusals";
import type { Locale } from "~/i18n/locale";
import { sql } from "kysely";
import type {
  LedTeam,
  Outcome,
  StudentProof,
  SubmissionStore,
  TeamMembers,
  TeamSender,
  TeamTold,
} from "../council-backend.server";
import type { RegisteredTeam, TeamMember, TeamRegistration } from "~/types/submissions";
import { maxTeamMembers as fullTeam } from "~/forms/team-registration";
import { teamNameKey } from "~/forms/team-name";
import { hashToken } from "./account-rows.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import type { StoreMail } from "./store.server";
import { queueEvent } from "./outbox.server";
import { recordErasure } from "./student-records.server";
import { rowLocale, storedLocale } from "./tables.server";

/**
 * Hackathon teams. A team and its members are one transaction; the database's unique indexes (team names ignoring
 * case, one team per e-mail) decide between concurrent registrations from any number of processes. With `mail`, the
 * same transaction queues the leader's receipt and each member's notice with a link of their own (confirm, or remove
 * themselves; only the link's SHA-256 is kept), so nobody hears of a team that was not saved.
 *
 * Members hear of a team only from a proven leader (docs/decisions/0022): a team sent while signed in to an account
 * whose confirmed address is the leader's. Any other team is kept with its rows held: the leader's receipt carries a
 * link whose button tells the members, and held rows take no part in "one team per e-mail", so the form tells no
 * stranger which addresses are in a team; the proven leader hears it when the members are told.
 */

const teamsSection = "teams";

/** A member's link: 32 random bytes, only their hash kept in `team_members.notice_token_hash`. */
const newToken = () => randomBytes(32).toString("base64url");

/** Inside a write transaction: a fresh link for the member, and their notice. */
async function sendNotice(
  trx: Db,
  mail: StoreMail,
  team: { id: number; name: string; leaderName: string },
  member: { id: number; name: string; email: string },
  locale: Locale,
) {
  const token = newToken();
  await trx
    .updateTable("team_members")
    .set({ notice_token_hash: hashToken(token) })
    .where("id", "=", member.id)
    .execute();
  await queueEvent(trx, mail, {
    event: {
      kind: "team-member-notice",
      memberName: member.name,
      leaderName: team.leaderName,
      teamName: team.name,
      token,
      locale,
    },
    to: member.email,
    entry: { section: teamsSection, id: team.id },
    // The body holds a live link: emptied once sent, so the outbox never keeps the token.
    secret: true,
  });
}

/**
 * Inside the erasure's write transaction, before the team goes: each remaining member hears the team was removed. No
 * entry link (the entry goes), nothing of the leader but their name.
 */
export async function tellTeamDisbanded(trx: Db, mail: StoreMail | undefined, teamId: number): Promise<void> {
  if (!mail) return;
  const rows = await trx
    .selectFrom("team_members as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(["t.team_name", "t.locale", "m.name", "m.email", "m.role", "m.held"])
    .where("m.team_id", "=", teamId)
    .orderBy("m.position")
    .execute();
  const leader = rows.find((row) => row.role === "leader");
  // Members still waiting for their leader never heard of the team: nothing to tell them.
  for (const member of rows.filter((row) => row.role !== "leader" && row.held === 0)) {
    await queueEvent(trx, mail, {
      event: {
        kind: "team-disbanded",
        memberName: member.name,
        leaderName: leader?.name,
        teamName: member.team_name,
        // In the language of the page the team was registered on.
        locale: rowLocale(member.locale),
      },
      to: member.email,
    });
  }
}

const lowerEquals = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = ${value.trim().toLowerCase()}`;

/** The ids of the teams the student is proven to lead: sent while signed in, or the leader's row is their address. */
async function ledTeamIds(trx: Db, proof: StudentProof): Promise<number[]> {
  const sent = await trx.selectFrom("teams").select("id").where("sent_by", "=", proof.accountKey).execute();
  const led = proof.verifiedEmail
    ? await trx
        .selectFrom("team_members")
        .select("team_id as id")
        .where("role", "=", "leader")
        .where(lowerEquals("email", proof.verifiedEmail))
        .execute()
    : [];
  return [...new Set([...sent, ...led].map(({ id }) => id))].sort((a, b) => a - b);
}

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

export function createTeams(
  store: StoreDatabase,
  mail?: StoreMail,
): Pick<SubmissionStore, "registerTeam" | "listTeams"> & { teamMembers: TeamMembers } {
  /** One member row; the unique index on members' e-mails (one team each) refuses it with `taken`. */
  async function insertMember(
    trx: Db,
    teamId: number,
    position: number,
    member: TeamMember,
    taken: StudentRefusal,
    held = false,
  ): Promise<number> {
    try {
      const { id } = await trx
        .insertInto("team_members")
        .values({
          team_id: teamId,
          position,
          name: member.name,
          email: member.email.trim(),
          phone: member.phone,
          gender: member.gender,
          institution: member.institution,
          skills: member.skills,
          role: member.role,
          held: held ? 1 : 0,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    } catch (error) {
      if (store.isUniqueViolation(error)) throw new Rejection(taken);
      throw error;
    }
  }

  async function saveTeam(team: TeamRegistration, sender: TeamSender | undefined, locale: Locale) {
    const teamName = team.teamName.trim();
    const leaderEmail = team.members[0]?.email.trim().toLowerCase();
    const proven = Boolean(sender?.verifiedEmail && sender.verifiedEmail.trim().toLowerCase() === leaderEmail);
    // The leader's link that tells the members, while they wait for the leader (only where e-mail can carry it).
    const tellToken = !proven && mail ? newToken() : undefined;
    await store.write(async (trx) => {
      // Names are compared as readers see them (app/forms/team-name.ts), which neither engine's unique index does:
      // under this lock one registration at a time, in any process, looks at every name (a hackathon has a few
      // hundred).
      await store.lock(trx, "team-names");
      const key = teamNameKey(teamName);
      const names = await trx.selectFrom("teams").select("team_name").execute();
      const same = names.find((row) => teamNameKey(row.team_name) === key);
      if (same) throw new Rejection({ code: "teamNameTaken", team: same.team_name });
      const receivedAt = now();
      let teamId: number;
      try {
        ({ id: teamId } = await trx
          .insertInto("teams")
          .values({
            team_name: teamName,
            category: team.category,
            description: team.description,
            created_at: receivedAt,
            sent_by: sender?.accountKey ?? null,
            locale: storedLocale(locale),
            leader_token_hash: tellToken ? hashToken(tellToken) : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow());
      } catch (error) {
        if (store.isUniqueViolation(error)) throw new Rejection({ code: "teamNameTaken", team: teamName });
        throw error;
      }
      const saved: { id: number; name: string; email: string; role: string }[] = [];
      for (const [position, member] of team.members.entries()) {
        const email = member.email.trim();
        const id = await insertMember(trx, teamId, position, member, { code: "inAnotherTeam", email }, !proven);
        saved.push({ id, name: member.name, email, role: member.role });
      }
      if (!mail) return;
      // Row 1 is the leader (the form's rule); the receipt is theirs, the notices the others'.
      const [leader, ...members] = saved;
      if (!leader) return;
      const entry = { section: teamsSection, id: teamId };
      await queueEvent(trx, mail, {
        event: {
          kind: "team-receipt",
          leaderName: leader.name,
          teamName,
          memberNames: members.map(({ name }) => name),
          receivedAt,
          tellToken,
          locale,
        },
        to: leader.email,
        entry,
        // The link that tells the members is live: emptied once sent.
        secret: tellToken !== undefined,
      });
      if (!proven) return;
      for (const member of members) {
        await sendNotice(trx, mail, { id: teamId, name: teamName, leaderName: leader.name }, member, locale);
      }
    });
  }

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

  const heldRows = (trx: Db, teamId: number) =>
    trx
      .selectFrom("team_members")
      .select(["id", "name", "email", "role"])
      .where("team_id", "=", teamId)
      .where("held", "=", 1)
      .orderBy("position")
      .execute();

  const leaderOf = (trx: Db, teamId: number) =>
    trx
      .selectFrom("team_members")
      .select(["name", "email"])
      .where("team_id", "=", teamId)
      .where("role", "=", "leader")
      .orderBy("position")
      .executeTakeFirst();

  const teamMembers: TeamMembers = {
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
      return guarded("confirm a team member", async () => {
        const value = await store.write(async (trx) => {
          const member = await byToken(trx, token);
          if (!member) return undefined;
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
        return { ok: true, value };
      });
    },

    remove(token) {
      return guarded("remove a team member on their request", async () => {
        const value = await store.write(async (trx) => {
          const member = await byToken(trx, token);
          if (!member) return undefined;
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
        return { ok: true, value };
      });
    },

    tellMembers(token) {
      return guarded<Outcome<TeamTold | undefined>>("tell a team's members on its leader's word", async () => {
        const value = await store.write(async (trx): Promise<TeamTold | undefined> => {
          const team = await byLeaderToken(trx, token);
          if (!team) return undefined;
          // Beside registrations (which take this lock first), "Add a member" and a second press: one at a time.
          await store.lock(trx, "team-names");
          await store.lock(trx, `team:${team.id}`);
          const waiting = await heldRows(trx, team.id);
          const told = { teamName: team.team_name, told: 0, taken: [] as string[] };
          if (waiting.length === 0) return told;
          // The holder of the leader's inbox is proven now: they hear which addresses are in a team already.
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
              await sendNotice(
                trx,
                mail,
                { id: team.id, name: team.team_name, leaderName: leaderRow.name },
                member,
                locale,
              );
            }
          }
          return {
            ...told,
            told: joined.filter((row) => row.role !== "leader").length,
            taken: left.map((row) => row.email),
          };
        });
        return { ok: true, value };
      });
    },

    ledBy(proof) {
      return guarded("read the teams a student leads", async () => {
        const value = await store.read(async (trx): Promise<LedTeam[]> => {
          const ids = await ledTeamIds(trx, proof);
          if (ids.length === 0) return [];
          const rows = await trx
            .selectFrom("team_members as m")
            .innerJoin("teams as t", "t.id", "m.team_id")
            .select(["t.id as team_id", "t.team_name", "m.name", "m.role", "m.confirmed_at", "m.position"])
            .where("t.id", "in", ids)
            .orderBy("t.id")
            .orderBy("m.position")
            .execute();
          const teams = new Map<number, LedTeam>();
          for (const row of rows) {
            const team = teams.get(row.team_id) ?? { id: row.team_id, teamName: row.team_name, members: [] };
            teams.set(row.team_id, team);
            const role = row.role === "leader" ? "leader" : "member";
            // The leader's own row is confirmed by their registering it.
            team.members.push({ name: row.name, role, confirmed: role === "leader" || row.confirmed_at !== null });
          }
          return [...teams.values()];
        });
        return { ok: true, value };
      });
    },

    addMember(proof, teamId, member: TeamMember, locale: Locale = "en") {
      return guarded<Outcome<{ members: number; told: boolean }>>("add a team member", async () => {
        const email = member.email.trim();
        const value = await store.write(async (trx) => {
          // One addition to a team at a time, across processes: two would pick the same free position.
          await store.lock(trx, `team:${teamId}`);
          if (!(await ledTeamIds(trx, proof)).includes(teamId)) throw new Rejection({ code: "notYourTeam" });
          const rows = await trx
            .selectFrom("team_members")
            .select(["position", "email", "role", "held"])
            .where("team_id", "=", teamId)
            .execute();
          if (rows.length >= fullTeam) throw new Rejection({ code: "teamFull", max: fullTeam });
          // A member is told, and their address checked against other teams, only for a proven leader (a confirmed
          // address) whose team's members were told; otherwise the row waits with the team's others.
          const leaderHeld = rows.some((row) => row.role === "leader" && row.held !== 0);
          const held = !proof.verifiedEmail || leaderHeld;
          if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase()))
            throw new Rejection({ code: "inThisTeam", email });
          const taken = new Set(rows.map(({ position }) => position));
          let position = 1;
          while (taken.has(position)) position += 1;
          const id = await insertMember(
            trx,
            teamId,
            position,
            { ...member, role: "member" },
            { code: "inAnotherTeam", email },
            held,
          );
          const team = await trx.selectFrom("teams").select("team_name").where("id", "=", teamId).executeTakeFirst();
          const leader = await leaderOf(trx, teamId);
          if (mail && team && leader && !held) {
            // In the language of the page the leader added them on.
            await sendNotice(
              trx,
              mail,
              { id: teamId, name: team.team_name, leaderName: leader.name },
              { id, name: member.name, email },
              locale,
            );
          }
          return { members: rows.length + 1, told: !held };
        });
        return { ok: true, value };
      });
    },
  };

  return {
    registerTeam(team: TeamRegistration, sentBy?: string | TeamSender, locale: Locale = "en") {
      return guarded<Outcome<string | undefined>>("register a team", async () => {
        // The unique index would also catch this, but would blame "another team".
        const seen = new Set<string>();
        for (const member of team.members) {
          const email = member.email.trim();
          if (seen.has(email.toLowerCase())) throw new Rejection({ code: "listedTwice", email });
          seen.add(email.toLowerCase());
        }
        await saveTeam(team, typeof sentBy === "string" ? { accountKey: sentBy } : sentBy, locale);
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

    teamMembers,
  };
}
