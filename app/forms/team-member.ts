import { z } from "./zod";
import { createTeamMemberSchema, teamMemberOf } from "./team-registration-schema";
import type { FormTexts } from "./texts";
import type { TeamMember } from "~/types/submissions";

/**
 * A team member's own page (/sih/team-member, from the link in their notice) and the leader's "Add a member"
 * (/sih/team/add-member): their schemas, with the messages in `texts`' language (forms.teamMember).
 */

/** The member page's two buttons send the link's token back with what was pressed (opening the link changes nothing). */
export function createTeamMemberLinkSchema(texts: FormTexts) {
  const { incompleteLink, chooseButton } = texts.teamMember;
  return z.object({
    token: z.string({ error: incompleteLink }).trim().min(1, incompleteLink).max(200, incompleteLink),
    // "tell": the leader's link, whose button tells the members.
    intent: z.enum(["confirm", "remove", "tell"], { error: chooseButton }),
  });
}

/** One member's fields, as a row of the team form checks them, and the team they join. */
export function createAddTeamMemberSchema(texts: FormTexts) {
  const { chooseTeam } = texts.teamMember;
  return createTeamMemberSchema(texts)
    .omit({ role: true })
    .extend({ team: z.coerce.number({ error: chooseTeam }).int().positive(chooseTeam) })
    .transform((member): { team: number; member: TeamMember } => ({
      team: member.team,
      member: teamMemberOf(member, "member"),
    }));
}

export type AddTeamMemberInput = z.input<ReturnType<typeof createAddTeamMemberSchema>>;
