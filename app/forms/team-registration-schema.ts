import { z } from "./zod";
import {
  englishEmailAddress as emailAddress,
  indianMobile,
  longTextMax,
  englishRequiredText as requiredText,
} from "./rules";
import {
  maxTeamMembers,
  memberGenders,
  memberRoles,
  teamCategories,
  teamRegistrationMessages,
} from "./team-registration";
import { mixedScriptMessage, mixesScripts } from "./team-name";
import type { TeamMember, TeamRegistration } from "~/types/submissions";

/**
 * The team registration's schema: one for the action and for the browser, so the team rules come out in the same
 * order on both sides. Apart from the form's options and messages, which the page renders before this (and zod)
 * has loaded.
 */

/** One member's fields: the team form's rows, and "Add a member" on the leader's profile (team-member.ts). */
export const teamMemberSchema = z.object(
  {
    name: requiredText("Name", "Enter the member's name."),
    email: emailAddress({ missing: "Enter the member's email.", invalid: "Enter a valid email address." }),
    phone: indianMobile({ missing: "Enter the member's phone number.", invalid: "Phone number must be 10 digits." }),
    gender: z.enum(memberGenders, { error: "Choose the member's gender." }),
    institution: requiredText("Institution", "Enter the member's institution."),
    skills: z.string().trim().max(500, "Skills must be 500 characters or fewer.").optional(),
    // Row 1 is always the leader; a row without a role is a member.
    role: z.enum(memberRoles, { error: "Choose Leader or Member." }).optional(),
  },
  { error: "Fill in this member's details." },
);

/** A parsed member row as the store takes it, with the role the form's rules gave it. */
export function teamMemberOf(
  member: Omit<z.output<typeof teamMemberSchema>, "role">,
  role: TeamMember["role"],
): TeamMember {
  return {
    name: member.name,
    email: member.email,
    phone: member.phone,
    gender: member.gender,
    institution: member.institution,
    skills: member.skills ?? "",
    role,
  };
}

/** Row 1 is the leader whatever was sent; the team has exactly one leader, in the first row. */
function roleOfRow(member: unknown, index: number): "leader" | "member" {
  if (index === 0) return "leader";
  return isRecord(member) && member.role === "leader" ? "leader" : "member";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * The team rules, in order; only the first that fails is reported, as a message about the whole form.
 * Runs even when some member fields are invalid (`when`), so the team rule is the form's message, and the field
 * messages show next to their fields at the same time.
 */
function firstBrokenTeamRule(members: unknown): string | undefined {
  const rows: unknown[] = Array.isArray(members) ? members : [];
  if (rows.length > maxTeamMembers) return teamRegistrationMessages.tooManyMembers;
  if (rows.filter((member, index) => roleOfRow(member, index) === "leader").length > 1) {
    return teamRegistrationMessages.oneLeader;
  }
  if (rows.length < maxTeamMembers) return teamRegistrationMessages.sixMembers;
  if (!rows.some((member) => isRecord(member) && member.gender === "female"))
    return teamRegistrationMessages.femaleMember;
  return undefined;
}

export const teamRegistrationSchema = z
  .object({
    teamName: requiredText("Team Name", "Enter the team name.", 100).refine((name) => !mixesScripts(name), {
      error: mixedScriptMessage,
    }),
    category: z.enum(teamCategories, { error: "Choose a category." }),
    description: z
      .string()
      .trim()
      .max(longTextMax, `Description must be ${longTextMax} characters or fewer.`)
      .optional(),
    members: z.array(teamMemberSchema, { error: "Add the team's members." }),
    // The leader sends other students' details: the box, just above Register Team, says they agreed.
    consent: z.literal(true, { error: "Please confirm that the members agreed to share their details." }),
  })
  .superRefine(
    (team, context) => {
      const broken = firstBrokenTeamRule(isRecord(team) ? team.members : undefined);
      if (broken) context.addIssue({ code: "custom", message: broken, path: [] });
    },
    { when: () => true },
  )
  .transform((team): TeamRegistration => ({
    // One way of writing each accented letter, so the inbox's search finds the name however it was typed.
    teamName: team.teamName.normalize("NFC"),
    category: team.category,
    description: team.description ?? "",
    members: team.members.map((member, index) => teamMemberOf(member, roleOfRow(member, index))),
  }));

/** What the form holds before parsing: conform's field types for the component. */
export type TeamRegistrationInput = z.input<typeof teamRegistrationSchema>;
export type TeamMemberInput = z.input<typeof teamMemberSchema>;
