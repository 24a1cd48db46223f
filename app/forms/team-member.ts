import { z } from "./zod";
import { teamMemberOf, teamMemberSchema } from "./team-registration-schema";
import { maxTeamMembers } from "./team-registration";
import type { TeamMember } from "~/types/submissions";

/**
 * A team member's own page (/sih/team-member, from the link in their notice) and the leader's "Add a member"
 * (/sih/team/add-member): their schemas and words.
 */

const incompleteLink = "This link is not complete. Open the link from the e-mail again.";

/** The member page's two buttons send the link's token back with what was pressed (opening the link changes nothing). */
export const teamMemberLinkSchema = z.object({
  token: z.string({ error: incompleteLink }).trim().min(1, incompleteLink).max(200, incompleteLink),
  intent: z.enum(["confirm", "remove"], { error: "Choose one of the two buttons." }),
});

/** One member's fields, as a row of the team form checks them, and the team they join. */
export const addTeamMemberSchema = teamMemberSchema
  .omit({ role: true })
  .extend({ team: z.coerce.number({ error: "Choose your team." }).int().positive("Choose your team.") })
  .transform((member): { team: number; member: TeamMember } => ({
    team: member.team,
    member: teamMemberOf(member, "member"),
  }));

export type AddTeamMemberInput = z.input<typeof addTeamMemberSchema>;

export const teamMemberMessages = {
  unknown:
    "This link is not valid. It may be incomplete, or you were removed from the team already (a removed member's link stops working).",
  off: "This site keeps no hackathon teams of its own.",
  failed: "That did not work right now. Nothing was changed; please try again in a few minutes.",
  confirmed: (team: string) => `Thank you: you confirmed that you are in the team ${team}.`,
  alreadyConfirmed: "You already confirmed.",
  removed: (team: string) =>
    `You were removed from the team ${team}, and your details with you. Its leader has been told by e-mail.`,
  afterRemoval: "You are no longer in the team: your details were erased from it, and its leader was told by e-mail.",
  removeExplained:
    "Removing yourself erases your name, e-mail address and phone number from the team at once, and tells its leader by e-mail. It cannot be undone; the leader can add you again.",
  // Add a member
  added: (members: number) =>
    `The member was added: your team has ${members} of ${maxTeamMembers} members. We sent them an e-mail with their own link.`,
  notYours: "This is not a team you lead, or it no longer exists.",
  full: `Your team already has ${maxTeamMembers} members.`,
} as const;
