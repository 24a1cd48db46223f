import { randomBytes } from "node:crypto";
import type { Locale } from "~/i18n/locale";
import { hashToken } from "./account-rows.server";
import type { Db } from "./database.server";
import { queueEvent } from "./mail-queue.server";
import type { StoreMail } from "./store.server";
import { rowLocale } from "./tables.server";

/**
 * What the store records for a team's e-mails, in the transaction that changes the team: a member's notice with a
 * link of their own (only the link's SHA-256 is kept), and the notice that a team was removed.
 */

export const teamsSection = "teams";

/** A member's link: 32 random bytes, only their hash kept in `team_members.notice_token_hash`. */
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * Inside a write transaction: a fresh link for the member, and their notice. A notice a cap holds back leaves no link
 * (nobody holds it), so the leader's profile does not say one was sent.
 */
export async function sendNotice(
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
  const queued = await queueEvent(trx, mail, {
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
  if (!queued) {
    await trx.updateTable("team_members").set({ notice_token_hash: null }).where("id", "=", member.id).execute();
  }
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

/** The leader's row of a team: the name the notices give, the address the leader hears at. */
export const leaderOf = (trx: Db, teamId: number) =>
  trx
    .selectFrom("team_members")
    .select(["name", "email"])
    .where("team_id", "=", teamId)
    .where("role", "=", "leader")
    .orderBy("position")
    .executeTakeFirst();
