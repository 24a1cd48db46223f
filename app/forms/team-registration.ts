/**
 * The hackathon team registration form at /sih/registration: its options, messages and bounds. The schema, in
 * team-registration-schema.ts, is loaded by the page after its first render.
 */

export const teamCategories = ["coding", "design", "innovation", "business"] as const;
export const memberGenders = ["male", "female", "other"] as const;
export const memberRoles = ["leader", "member"] as const;

/** A team is 6 members, one of them the leader. */
export const maxTeamMembers = 6;

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Shown capitalised, submitted in lower case. */
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
  // The team rules, in the order they are checked on submit.
  tooManyMembers: "Maximum 6 members allowed per team!",
  oneLeader: "Only one leader allowed per team!",
  sixMembers: "Team must have exactly 6 members!",
  femaleMember: "At least one female member is required!",
  // The first member, the leader, cannot be removed; our wording.
  leaderStays: "The team leader (Member 1) cannot be removed.",
  // The outcomes of sending the registration.
  success: "Registration submitted successfully!",
  failurePrefix: "Error: ",
  exception: "An error occurred. Please try again.",
} as const;

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
