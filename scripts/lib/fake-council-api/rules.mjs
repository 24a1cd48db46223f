// What the fake checks as a real council API would: the fields it needs, the password, the team rules.
import { isObject } from "./wire.mjs";

export const applicationFields = [
  "name",
  "email",
  "phone",
  "enrollment",
  "dob",
  "gender",
  "college",
  "department",
  "year",
  "club",
  "motivation",
  "terms",
];
export const memberFields = ["name", "email", "phone", "gender", "institution", "role"];

/**
 * The council's login password: the date of birth (YYYY-MM-DD) written DDMMYYYY.
 * @param {string} dob
 */
export function passwordFor(dob) {
  const [year, month, day] = dob.split("-");
  return `${day}${month}${year}`;
}

/** @param {import("../../fake-council-api.mjs").FakeAccount} account */
export function publicUser(account) {
  const { enrollment, username, email, phone, college, branch, dob, gender, bio } = account;
  return { enrollment, username, email, phone, college, branch, dob, gender, ...(bio ? { bio } : {}) };
}

/**
 * What a council API would refuse before looking at other teams (the site's own team rules); undefined when fine.
 * @param {Record<string, unknown> | undefined} team
 * @returns {string | undefined}
 */
export function teamProblem(team) {
  if (!team) return "Request body must be JSON";
  for (const field of ["teamName", "category", "description"]) {
    const value = team[field];
    if (typeof value !== "string" || value.trim() === "") return `${field} is required`;
  }
  if (!["coding", "design", "innovation", "business"].includes(String(team.category))) return "Unknown category";
  if (!Array.isArray(team.members)) return "members is required";
  /** @type {unknown[]} */
  const members = team.members;
  /** @type {Record<string, unknown>[]} */
  const checked = [];
  for (const member of members) {
    if (!isObject(member)) return "Each member must be an object";
    const missing = memberFields.find((field) => {
      const value = member[field];
      return typeof value !== "string" || value.trim() === "";
    });
    if (missing) return `Each member needs ${missing}`;
    checked.push(member);
  }
  if (checked.length !== 6) return "Team must have exactly 6 members!";
  if (checked.filter((member) => member.role === "leader").length !== 1) return "Only one leader allowed per team!";
  if (!checked.some((member) => member.gender === "female")) return "At least one female member is required!";
  return undefined;
}
