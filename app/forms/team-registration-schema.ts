import { z } from "./zod";
import { emailAddress, fieldTooLong, indianMobile, longTextMax, requiredText, nameText } from "./rules";
import { maxTeamMembers, memberGenders, memberRoles, teamCategories } from "./team-registration";
import { mixesScripts } from "./team-name";
import type { FormTexts } from "./texts";
import type { TeamMember, TeamRegistration } from "~/types/submissions";

/**
 * The team registration's schema: one for the action and for the browser, so the team rules come out in the same
 * order on both sides. Apart from the form's options and messages, which the page renders before this (and zod)
 * has loaded.
 */

/** One member's fields, in `texts`' language: the team form's rows, and "Add a member" (team-member.ts). */
export function createTeamMemberSchema(texts: FormTexts) {
  const { member } = texts;
  return z.object(
    {
      name: nameText(texts, member.name),
      email: emailAddress(texts, member.email),
      phone: indianMobile(member.phone),
      gender: z.enum(memberGenders, { error: member.gender.missing }),
      institution: requiredText(texts, member.institution),
      skills: z
        .string()
        .trim()
        .max(500, fieldTooLong(texts, member.skills.label, 500))
        .optional(),
      // Row 1 is always the leader; a row without a role is a member.
      role: z.enum(memberRoles, { error: member.role.missing }).optional(),
    },
    { error: member.incomplete },
  );
}

type TeamMemberSchema = ReturnType<typeof createTeamMemberSchema>;

/** A parsed member row as the store takes it, with the role the form's rules gave it. */
export function teamMemberOf(member: Omit<z.output<TeamMemberSchema>, "role">, role: TeamMember["role"]): TeamMember {
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
function firstBrokenTeamRule(texts: FormTexts, members: unknown): string | undefined {
  const { team } = texts;
  const rows: unknown[] = Array.isArray(members) ? members : [];
  if (rows.length > maxTeamMembers) return team.tooManyMembers;
  if (rows.filter((member, index) => roleOfRow(member, index) === "leader").length > 1) return team.oneLeader;
  if (rows.length < maxTeamMembers) return team.sixMembers;
  if (!rows.some((member) => isRecord(member) && member.gender === "female")) return team.femaleMember;
  return undefined;
}

/** The team registration, with its messages in `texts`' language. */
export function createTeamRegistrationSchema(texts: FormTexts) {
  const { team } = texts;
  return z
    .object({
      teamName: nameText(texts, team.teamName, 100).refine((name) => !mixesScripts(name), {
        error: team.mixedScripts,
      }),
      category: z.enum(teamCategories, { error: team.category.missing }),
      description: z
        .string()
        .trim()
        .max(longTextMax, fieldTooLong(texts, team.description.label, longTextMax))
        .optional(),
      members: z.array(createTeamMemberSchema(texts), { error: team.membersMissing }),
      // The leader sends other students' details: the box, just above Register Team, says they agreed.
      consent: z.literal(true, { error: team.consent.missing }),
    })
    .superRefine(
      (registration, context) => {
        const broken = firstBrokenTeamRule(texts, isRecord(registration) ? registration.members : undefined);
        if (broken) context.addIssue({ code: "custom", message: broken, path: [] });
      },
      { when: () => true },
    )
    .transform((registration): TeamRegistration => ({
      // One way of writing each accented letter, so the inbox's search finds the name however it was typed.
      teamName: registration.teamName.normalize("NFC"),
      category: registration.category,
      description: registration.description ?? "",
      members: registration.members.map((member, index) => teamMemberOf(member, roleOfRow(member, index))),
    }));
}

/** What the form holds before parsing: conform's field types for the component. */
export type TeamRegistrationInput = z.input<ReturnType<typeof createTeamRegistrationSchema>>;
export type TeamMemberInput = z.input<TeamMemberSchema>;
