import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { TeamRegistration } from "~/server/backend/council-backend.server";

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

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

const teamMemberSchema = z.object(
  {
    name: requiredText("Enter the member's name."),
    email: z
      .string({ error: "Enter the member's email." })
      .trim()
      .min(1, "Enter the member's email.")
      .pipe(z.email("Enter a valid email address.")),
    phone: z
      .string({ error: "Enter the member's phone number." })
      .trim()
      .min(1, "Enter the member's phone number.")
      .regex(/^\d{10}$/, "Phone number must be 10 digits."),
    gender: z.enum(memberGenders, { error: "Choose the member's gender." }),
    institution: requiredText("Enter the member's institution."),
    skills: z.string().trim().optional(),
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
  if (!rows.some((member) => isRecord(member) && member.gender === "female")) return teamRegistrationMessages.femaleMember;
  return undefined;
}

export const teamRegistrationSchema = z
  .object({
    teamName: requiredText("Enter the team name."),
    category: z.enum(teamCategories, { error: "Choose a category." }),
    description: z.string().trim().optional(),
    members: z.array(teamMemberSchema, { error: "Add the team's members." }),
  })
  .superRefine(
    (team, context) => {
      const broken = firstBrokenTeamRule(isRecord(team) ? team.members : undefined);
      if (broken) context.addIssue({ code: "custom", message: broken, path: [] });
    },
    { when: () => true },
  )
  .transform(
    (team): TeamRegistration => ({
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
    }),
  );

/** conform's reserved names (see @conform-to/dom). */
const intentField = "__intent__";
const stateField = "__state__";

/**
 * List indexes beyond this are dropped before parsing: the form never has more than six rows, and conform would
 * build an array as long as any index it is sent (`members[999999999].name` would take the server down).
 */
const listIndexLimit = 50;

/**
 * A member field as the form names it. Anything else under `members` (a bare `members=x`, `members.x`) is dropped:
 * conform would fail to add or remove rows on a list that is not a list.
 */
function isStrayMemberField(name: string): boolean {
  return name.startsWith("members") && !/^members\[\d+\]\.[a-z]+$/.test(name);
}

function hasRunawayIndex(name: string): boolean {
  for (const match of name.matchAll(/\[(\d+)\]/g)) {
    if (Number(match[1]) >= listIndexLimit) return true;
  }
  return false;
}

function memberRowCount(formData: FormData): number {
  let count = 0;
  for (const name of formData.keys()) {
    const match = /^members\[(\d+)\]/.exec(name);
    if (match) count = Math.max(count, Number(match[1]) + 1);
  }
  return count;
}

/** A conform intent as it is sent in the reserved field (see @conform-to/dom's Intent). */
type SentIntent = { type: string; payload: Record<string, unknown> };

/** Changes nothing, shows the members list's messages: what a refused or unknown list intent becomes. */
const keepRows: SentIntent = { type: "validate", payload: { name: "members" } };

/**
 * The intent actually carried out for the button (or hand-made request) that sent the form. Adding and removing
 * rows is checked here rather than trusted to the hidden buttons, since a request can carry any intent.
 */
function checkedIntent(raw: FormDataEntryValue | null, rows: number): { intent: SentIntent | null; refusal?: string } {
  if (raw === null) return { intent: null };
  let intent: unknown;
  try {
    intent = typeof raw === "string" ? JSON.parse(raw) : null;
  } catch {
    return { intent: keepRows };
  }
  if (!isRecord(intent) || !isRecord(intent.payload)) return { intent: keepRows };
  const { type, payload } = intent;

  switch (type) {
    case "insert":
      if (payload.name !== "members") return { intent: keepRows };
      if (rows >= maxTeamMembers) return { intent: keepRows, refusal: teamRegistrationMessages.tooManyMembers };
      // Always appended, always a member: a request cannot slip a row in above the leader.
      return { intent: { type: "insert", payload: { name: "members", defaultValue: { role: "member" } } } };
    case "remove": {
      const index = payload.index;
      if (payload.name !== "members" || typeof index !== "number" || !Number.isInteger(index)) return { intent: keepRows };
      if (index === 0) return { intent: keepRows, refusal: teamRegistrationMessages.leaderStays };
      if (index < 0 || index >= rows) return { intent: keepRows };
      return { intent: { type: "remove", payload: { name: "members", index } } };
    }
    case "validate":
      // The browser's own field-by-field validation (onBlur / onInput).
      return typeof payload.name === "string" && !hasRunawayIndex(payload.name)
        ? { intent: { type: "validate", payload: { name: payload.name } } }
        : { intent: { type: "validate", payload: {} } };
    case "reset":
      return payload.name === undefined ? { intent: { type: "reset", payload: {} } } : { intent: keepRows };
    default:
      // update and reorder are not used by this form; reorder could move the leader off row 1.
      return { intent: keepRows };
  }
}

/** What the form holds before parsing: conform's field types for the component. */
export type TeamRegistrationInput = z.input<typeof teamRegistrationSchema>;
export type TeamMemberInput = z.input<typeof teamMemberSchema>;

export type TeamRegistrationSubmission = ReturnType<typeof parseWithTeamSchema>;

function parseWithTeamSchema(formData: FormData) {
  return parseWithZod(formData, { schema: teamRegistrationSchema });
}

/**
 * Parses a submission of the team form, for the action and for useForm's onValidate alike. A list intent
 * (Add Member, Remove) gives a submission without a status; a refused one keeps the rows as they were and
 * carries its message on the member list (`refused` tells the action to answer 400).
 */
export function parseTeamRegistration(formData: FormData): { submission: TeamRegistrationSubmission; refused: boolean } {
  const safe = new FormData();
  for (const [name, value] of formData.entries()) {
    if (name === intentField || name === stateField || hasRunawayIndex(name) || isStrayMemberField(name)) continue;
    safe.append(name, value);
  }
  const state = formData.get(stateField);
  if (typeof state === "string" && isJsonObject(state)) safe.set(stateField, state);

  const { intent, refusal } = checkedIntent(formData.get(intentField), memberRowCount(safe));
  if (intent) safe.set(intentField, JSON.stringify(intent));

  const submission = parseWithTeamSchema(safe);
  if (!refusal || submission.status === "success") return { submission, refused: false };

  const refused: TeamRegistrationSubmission = {
    status: submission.status,
    payload: submission.payload,
    error: { ...submission.error, members: [refusal] },
    // The action and conform call this without options (a refusal has no backend answer to add).
    reply: () => submission.reply({ fieldErrors: { members: [refusal] } }),
  };
  return { submission: refused, refused: true };
}

function isJsonObject(text: string): boolean {
  try {
    return isRecord(JSON.parse(text));
  } catch {
    return false;
  }
}
