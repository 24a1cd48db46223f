import type { FormTexts } from "./texts";

/**
 * The hackathon team registration form at /sih/registration: its options and bounds. The schema, in
 * team-registration-schema.ts, is loaded by the page after its first render; the words are the catalogue's
 * (forms.team, forms.member).
 */

export const teamCategories = ["coding", "design", "innovation", "business"] as const;
export const memberGenders = ["male", "female", "other"] as const;
export const memberRoles = ["leader", "member"] as const;

/** A team is 6 members, one of them the leader. */
export const maxTeamMembers = 6;

/** Shown in the page's language ("Coding"), submitted in lower case. */
export function teamCategoryOptions(texts: FormTexts) {
  return teamCategories.map((value) => ({ value, label: texts.team.category[value] }));
}

export function memberGenderOptions(texts: FormTexts) {
  return memberGenders.map((value) => ({ value, label: texts.member.gender[value] }));
}

export function memberRoleOptions(texts: FormTexts) {
  return [
    { value: "member", label: texts.member.role.member },
    { value: "leader", label: texts.member.role.leader },
  ];
}

export function categoryLabel(texts: FormTexts, category: string): string {
  return teamCategoryOptions(texts).find((option) => option.value === category)?.label ?? category;
}

/**
 * The member list's bounds for Add Member and Remove (conform's insert and remove intents), enforced by the
 * submission pipeline on the server whatever a request asks for: at most six rows, new rows are members, and row 1
 * (the leader) can be neither removed nor pushed down. Its refusals in `texts`' language.
 */
export function teamMemberListIn(texts: FormTexts) {
  return {
    max: maxTeamMembers,
    tooMany: texts.team.tooManyMembers,
    newRow: { role: "member" },
    firstRowStays: texts.team.leaderStays,
  };
}
