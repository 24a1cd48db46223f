import type { StudentRefusal } from "~/types/refusals";
import type { Locale } from "~/i18n/locale";
import type { Outcome, StudentProof, SubmissionStore } from "../council-backend.server";
import type { LedTeam, MemberAdded, TeamMembers, TeamReceipt, TeamSender } from "../team-backend.server";
import type { RegisteredTeam, TeamMember, TeamRegistration } from "~/types/submissions";
import { maxTeamMembers as fullTeam } from "~/forms/team-registration";
import { teamNameKey } from "~/forms/team-name";
import { hashToken } from "./account-rows.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import type { StoreMail } from "./store.server";
import { queueEvent } from "./mail-queue.server";
import { createTeamLinks, provenLeaderTeamIds } from "./team-links.server";
import { leaderOf, newToken, sendNotice, teamsSection } from "./team-notices.server";
import { storedLocale } from "./tables.server";

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

/** The ids of the teams the student is proven to lead: sent while signed in, or the leader's row is their address. */
async function ledTeamIds(trx: Db, proof: StudentProof): Promise<number[]> {
  const sent = await trx.selectFrom("teams").select("id").where("sent_by", "=", proof.accountKey).execute();
  const led = await provenLeaderTeamIds(trx, proof);
  return [...new Set([...sent.map(({ id }) => id), ...led])].sort((a, b) => a - b);
}

/** Whether the team's leader was sent the link that tells its members (its receipt was not held back by a cap). */
const hasLeaderLink = async (trx: Db, teamId: number) =>
  (await trx
    .selectFrom("teams")
    .select("leader_token_hash")
    .where("id", "=", teamId)
    .where("leader_token_hash", "is not", null)
    .executeTakeFirst()) !== undefined;

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

  /** Saves the team; whether a cap held back the leader's receipt (a held team's is its only way to tell them). */
  async function saveTeam(team: TeamRegistration, sender: TeamSender | undefined, locale: Locale) {
    const teamName = team.teamName.trim();
    const leaderEmail = team.members[0]?.email.trim().toLowerCase();
    const proven = Boolean(sender?.verifiedEmail && sender.verifiedEmail.trim().toLowerCase() === leaderEmail);
    // The leader's link that tells the members, while they wait for the leader (only where e-mail can carry it).
    const tellToken = !proven && mail ? newToken() : undefined;
    return store.write(async (trx): Promise<TeamReceipt | undefined> => {
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
      if (!mail) return undefined;
      // Row 1 is the leader (the form's rule); the receipt is theirs, the notices the others'.
      const [leader, ...members] = saved;
      if (!leader) return undefined;
      const entry = { section: teamsSection, id: teamId };
      const receiptSent = await queueEvent(trx, mail, {
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
      if (!receiptSent && tellToken) {
        // Nobody holds the link: the team is kept, and says so (no "press the link in your receipt" anywhere).
        await trx.updateTable("teams").set({ leader_token_hash: null }).where("id", "=", teamId).execute();
      }
      if (proven) {
        for (const member of members) {
          await sendNotice(trx, mail, { id: teamId, name: teamName, leaderName: leader.name }, member, locale);
        }
      }
      return receiptSent ? undefined : { receiptHeld: true, membersWaiting: !proven };
    });
  }

  const teamMembers: TeamMembers = {
    ...createTeamLinks(store, mail),

    ledBy(proof) {
      return guarded("read the teams a student leads", async () => {
        const value = await store.read(async (trx): Promise<LedTeam[]> => {
          const ids = await ledTeamIds(trx, proof);
          if (ids.length === 0) return [];
          // "Tell my team's members" is the word of the leader's row alone, not of whoever sent the team.
          const provenLed = new Set(await provenLeaderTeamIds(trx, proof));
          const rows = await trx
            .selectFrom("team_members as m")
            .innerJoin("teams as t", "t.id", "m.team_id")
            .select([
              "t.id as team_id",
              "t.team_name",
              "m.name",
              "m.role",
              "m.confirmed_at",
              "m.position",
              "m.held",
              "m.notice_token_hash",
            ])
            .where("t.id", "in", ids)
            .orderBy("t.id")
            .orderBy("m.position")
            .execute();
          const teams = new Map<number, LedTeam>();
          for (const row of rows) {
            const team = teams.get(row.team_id) ?? {
              id: row.team_id,
              teamName: row.team_name,
              mayTellMembers: false,
              members: [],
            };
            teams.set(row.team_id, team);
            if (row.held !== 0 && provenLed.has(row.team_id)) team.mayTellMembers = true;
            const role = row.role === "leader" ? "leader" : "member";
            // The leader's own row is confirmed by their registering it.
            const confirmed = role === "leader" || row.confirmed_at !== null;
            // Told: their notice went out (held rows wait for the leader's link; a capped notice left no link).
            const told = confirmed || (row.held === 0 && row.notice_token_hash !== null);
            team.members.push({ name: row.name, role, confirmed, told });
          }
          return [...teams.values()];
        });
        return { ok: true, value };
      });
    },

    addMember(proof, teamId, member: TeamMember, locale: Locale = "en") {
      return guarded<Outcome<MemberAdded>>("add a team member", async () => {
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
          // A held team whose receipt never went out has no link that could tell its members.
          const waitsForLink = held && leaderHeld && team ? await hasLeaderLink(trx, teamId) : undefined;
          const added: MemberAdded = { members: rows.length + 1, told: !held };
          if (waitsForLink === false) added.noReceipt = true;
          return added;
        });
        return { ok: true, value };
      });
    },
  };

  return {
    registerTeam(team: TeamRegistration, sentBy?: string | TeamSender, locale: Locale = "en") {
      return guarded<Outcome<TeamReceipt | undefined>>("register a team", async () => {
        // The unique index would also catch this, but would blame "another team".
        const seen = new Set<string>();
        for (const member of team.members) {
          const email = member.email.trim();
          if (seen.has(email.toLowerCase())) throw new Rejection({ code: "listedTwice", email });
          seen.add(email.toLowerCase());
        }
        const receipt = await saveTeam(team, typeof sentBy === "string" ? { accountKey: sentBy } : sentBy, locale);
        return { ok: true, value: receipt };
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
