import { z } from "zod";
import { canonicalPhone, isMobileNumber } from "~/lib/phone";
import type { TeamRegistration } from "~/types/submissions";

/**
 * The hackathon team registration form (section 2, "/sih/registration"; section 3, "Team registration" and
 * "Team member"; section 5, "Team registration"). One schema for the action and for the browser, so the team
 * rules come out in the same order on both sides.
 */

export const teamCategories = ["coding", "design", "innovation", "business"] as const;
export const memberGenders = ["male", "female", "other"] as const;
export const memberRoles = ["leader", "member"] as const;

/** Section 9: a team is 6 members including 1 leader. */
export const maxTeamMembers = 6;

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Shown capitalised, submitted in lower case (section 3). */
export const teamCategoryOptions = teamCategories.map((value) => ({ value, label: capitalise(value) }));
export const memberGenderOptions = memberGenders.map((value) => ({ value, label: capitalise(value) }));
export const memberRoleOptions = [
  { value: "member", label: "Member" },
  { value: "leader", label: "Leader" },
] as const;

export function categoryLabel(category: string): string {
  return teamCategoryOptions.find((option) => option.value === category)?.label ?? category;
}

export const teamRegistrationMessages = {
  // Section 5, in the order the rules are checked on submit.
  tooManyMembers: "Maximum 6 members allowed per team!",
  oneLeader: "Only one leader allowed per team!",
  sixMembers: "Team must have exactly 6 members!",
  femaleMember: "At least one female member is required!",
  // Section 5: "The first member (leader) cannot be removed." (the specification gives no wording).
  leaderStays: "The team leader (Member 1) cannot be removed.",
  // Section 8.
  success: "Registration submitted successfully!",
  failurePrefix: "Error: ",
  exception: "An error occurred. Please try again.",
} as const;

/** Required and trimmed, capped far above an honest entry (`label` as the page shows the field). */
const requiredText = (message: string, label: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be ${max} characters or fewer.`);

const teamMemberSchema = z.object(
  {
    name: requiredText("Enter the member's name.", "Name"),
    email: z
      .string({ error: "Enter the member's email." })
      .trim()
      .min(1, "Enter the member's email.")
      .pipe(z.email("Enter a valid email address.")),
    phone: z
      .string({ error: "Enter the member's phone number." })
      .trim()
      .min(1, "Enter the member's phone number.")
      // The site's one phone rule (app/lib/phone.ts), stored as +91 and ten digits.
      .refine(isMobileNumber, "Phone number must be 10 digits.")
      .transform((phone) => canonicalPhone(phone) ?? phone),
    gender: z.enum(memberGenders, { error: "Choose the member's gender." }),
    institution: requiredText("Enter the member's institution.", "Institution"),
    skills: z.string().trim().max(500, "Skills must be 500 characters or fewer.").optional(),
    // Row 1 is always the leader (section 6); a row without a role is a member.
    role: z.enum(memberRoles, { error: "Choose Leader or Member." }).optional(),
  },
  { error: "Fill in this member's details." },
);

/** Row 1 is the leader whatever was sent (section 6: "role leader (exactly one, first row)"). */
function roleOfRow(member: unknown, index: number): "leader" | "member" {
  if (index === 0) return "leader";
  return isRecord(member) && member.role === "leader" ? "leader" : "member";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Section 5's team rules, in order; only the first that fails is reported, as a message about the whole form.
 * Runs even when some member fields are invalid (`when`), so the team rule comes first as the specification
 * orders it, and the field messages show next to their fields at the same time.
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
    teamName: requiredText("Enter the team name.", "Team Name", 100),
    category: z.enum(teamCategories, { error: "Choose a category." }),
    description: z.string().trim().max(2000, "Description must be 2000 characters or fewer.").optional(),
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
    teamName: team.teamName,
    category: team.category,
    description: team.description ?? "",
    members: team.members.map((member, index) => ({
      name: member.name,
      email: member.email,
      phone: member.phone,
      gender: member.gender,
      institution: member.institution,
      skills: member.skills ?? "",
      role: roleOfRow(member, index),
    })),
  }));

/** What the form holds before parsing: conform's field types for the component. */
export type TeamRegistrationInput = z.input<typeof teamRegistrationSchema>;
export type TeamMemberInput = z.input<typeof teamMemberSchema>;

/**
 * The member list's bounds for Add Member and Remove (conform's insert and remove intents), enforced by the
 * submission pipeline on the server whatever a request asks for: at most six rows, new rows are members, and row 1
 * (the leader) can be neither removed nor pushed down.
 */
export const teamMemberList = {
  max: maxTeamMembers,
  tooMany: teamRegistrationMessages.tooManyMembers,
  newRow: { role: "member" },
  firstRowStays: teamRegistrationMessages.leaderStays,
};
