import { randomBytes } from "node:crypto";
import type { Locale } from "~/i18n/locale";
import { sql } from "kysely";
import type { LedTeam, Outcome, StudentProof, SubmissionStore, TeamMembers } from "../council-backend.server";
import type { RegisteredTeam, TeamMember, TeamRegistration } from "~/types/submissions";
import {
  fullTeam,
  hackathonCalendar,
  teamDisbandedMail,
  teamMemberNoticeMail,
  teamMemberRemovedMail,
  teamReceiptMail,
} from "../../mail/team-mail.server";
import { teamNameKey } from "~/forms/team-name";
import { hashToken } from "./accounts.server";
import type { Db, StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import type { StoreMail } from "./index.server";
import { enqueueMail } from "./outbox.server";
import { recordErasure } from "./students.server";
import { rowLocale, storedLocale } from "./tables.server";

/**
 * Hackathon teams. A team and its members are one transaction; the database's unique indexes (team names ignoring
 * case, one team per e-mail) decide between concurrent registrations from any number of processes. With `mail`, the
 * same transaction queues the leader's receipt and each member's notice with a link of their own (confirm, or remove
 * themselves; only the link's SHA-256 is kept), so nobody hears of a team that was not saved.
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
  // One calendar file for all of a registration's e-mails: making it takes longer than writing the rows.
  calendar = hackathonCalendar(mail, mail.hackathon, locale),
) {
  const token = newToken();
  await trx
    .updateTable("team_members")
    .set({ notice_token_hash: hashToken(token) })
    .where("id", "=", member.id)
    .execute();
  await enqueueMail(trx, mail, {
    kind: "team-member-notice",
    to: member.email,
    entry: { section: teamsSection, id: team.id },
    // The body holds a live link: emptied once sent, so the outbox never keeps the token.
    secret: true,
    attachments: calendar,
    ...teamMemberNoticeMail(
      mail,
      mail.hackathon,
      { memberName: member.name, leaderName: team.leaderName, teamName: team.name, token },
      locale,
    ),
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
    .select(["t.team_name", "t.locale", "m.name", "m.email", "m.role"])
    .where("m.team_id", "=", teamId)
    .orderBy("m.position")
    .execute();
  const leader = rows.find((row) => row.role === "leader");
  for (const member of rows.filter((row) => row.role !== "leader")) {
    await enqueueMail(trx, mail, {
      kind: "team-disbanded",
      to: member.email,
      // In the language of the page the team was registered on.
      ...teamDisbandedMail(
        mail,
        mail.hackathon,
        {
          memberName: member.name,
          leaderName: leader?.name ?? (rowLocale(member.locale) === "hi" ? "लीडर" : "The leader"),
          teamName: member.team_name,
        },
        rowLocale(member.locale),
      ),
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

export const addMemberRefusals = {
  notYours: "This is not a team you lead.",
  full: `Your team already has ${fullTeam} members.`,
  inTeam: (email: string) => `${email} is already in this team.`,
  inAnother: (email: string) => `${email} is already a member of another team.`,
} as const;

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
    taken: string,
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
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    } catch (error) {
      if (store.isUniqueViolation(error)) throw new Rejection(taken);
      throw error;
    }
  }

  async function saveTeam(team: TeamRegistration, sentBy: string | undefined, locale: Locale) {
    const teamName = team.teamName.trim();
    await store.write(async (trx) => {
      // Names are compared as readers see them (app/forms/team-name.ts), which neither engine's unique index does:
      // under this lock one registration at a time, in any process, looks at every name (a hackathon has a few
      // hundred).
      await store.lock(trx, "team-names");
      const key = teamNameKey(teamName);
      const names = await trx.selectFrom("teams").select("team_name").execute();
      const same = names.find((row) => teamNameKey(row.team_name) === key);
      if (same) throw new Rejection(`A team named "${same.team_name}" is already registered.`);
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
            sent_by: sentBy ?? null,
            locale: storedLocale(locale),
          })
          .returning("id")
          .executeTakeFirstOrThrow());
      } catch (error) {
        if (store.isUniqueViolation(error)) throw new Rejection(`A team named "${teamName}" is already registered.`);
        throw error;
      }
      const saved: { id: number; name: string; email: string; role: string }[] = [];
      for (const [position, member] of team.members.entries()) {
        const email = member.email.trim();
        const id = await insertMember(trx, teamId, position, member, `${email} is already a member of another team.`);
        saved.push({ id, name: member.name, email, role: member.role });
      }
      if (!mail) return;
      // Row 1 is the leader (the form's rule); the receipt is theirs, the notices the others'.
      const [leader, ...members] = saved;
      if (!leader) return;
      const entry = { section: teamsSection, id: teamId };
      const calendar = hackathonCalendar(mail, mail.hackathon, locale);
      await enqueueMail(trx, mail, {
        kind: "team-receipt",
        to: leader.email,
        entry,
        attachments: calendar,
        ...teamReceiptMail(
          mail,
          mail.hackathon,
          { leaderName: leader.name, teamName, memberNames: members.map(({ name }) => name), receivedAt },
          locale,
        ),
      });
      for (const member of members) {
        await sendNotice(trx, mail, { id: teamId, name: teamName, leaderName: leader.name }, member, locale, calendar);
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
          if (!member) return undefined;
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
            await enqueueMail(trx, mail, {
              kind: "team-member-removed",
              to: leader.email,
              entry: { section: teamsSection, id: member.team_id },
              // The leader hears in the language of the page they registered the team on.
              ...teamMemberRemovedMail(
                mail,
                { leaderName: leader.name, memberName: member.name, teamName: member.team_name, members },
                rowLocale(member.locale),
              ),
            });
          }
          return { teamName: member.team_name, members };
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
      return guarded<Outcome<{ members: number }>>("add a team member", async () => {
        const email = member.email.trim();
        const value = await store.write(async (trx) => {
          // One addition to a team at a time, across processes: two would pick the same free position.
          await store.lock(trx, `team:${teamId}`);
          if (!(await ledTeamIds(trx, proof)).includes(teamId)) throw new Rejection(addMemberRefusals.notYours);
          const rows = await trx
            .selectFrom("team_members")
            .select(["position", "email"])
            .where("team_id", "=", teamId)
            .execute();
          if (rows.length >= fullTeam) throw new Rejection(addMemberRefusals.full);
          if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase()))
            throw new Rejection(addMemberRefusals.inTeam(email));
          const taken = new Set(rows.map(({ position }) => position));
          let position = 1;
          while (taken.has(position)) position += 1;
          const id = await insertMember(
            trx,
            teamId,
            position,
            { ...member, role: "member" },
            addMemberRefusals.inAnother(email),
          );
          const team = await trx.selectFrom("teams").select("team_name").where("id", "=", teamId).executeTakeFirst();
          const leader = await leaderOf(trx, teamId);
          if (mail && team && leader) {
            // In the language of the page the leader added them on.
            await sendNotice(
              trx,
              mail,
              { id: teamId, name: team.team_name, leaderName: leader.name },
              { id, name: member.name, email },
              locale,
            );
          }
          return { members: rows.length + 1 };
        });
        return { ok: true, value };
      });
    },
  };

  return {
    registerTeam(team: TeamRegistration, sentBy?: string, locale: Locale = "en") {
      return guarded<Outcome<string | undefined>>("register a team", async () => {
        // The unique index would also catch this, but would blame "another team".
        const seen = new Set<string>();
        for (const member of team.members) {
          const email = member.email.trim();
          if (seen.has(email.toLowerCase())) throw new Rejection(`${email} is listed more than once in this team.`);
          seen.add(email.toLowerCase());
        }
        await saveTeam(team, sentBy, locale);
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
