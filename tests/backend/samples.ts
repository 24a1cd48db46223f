import type { BuiltInStore } from "~/server/backend/built-in/store.server";
import type { AccountRegistration } from "~/server/backend/council-backend.server";
import type { TeamSender } from "~/server/backend/team-backend.server";
import type { CouncilApplication, TeamRegistration } from "~/types/submissions";

/** A 1×1 PNG: the registration form only lets real images through, so an account carries one. */
export const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A form with an ID card as a browser posts it: multipart, with the image (or `card`) and the consent box ticked. */
export function idCardForm(
  fields: Record<string, string>,
  card = new File([new Uint8Array(tinyPng)], "id-card.png", { type: "image/png" }),
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("idCard", card);
  body.append("consent", "on");
  return body;
}

/** A student with an account; what the registration form collects, less the ID card. */
export const sampleStudent = {
  enrollment: "0187CS221042",
  dob: "2004-03-09",
  username: "Aarav Sharma",
  email: "aarav.sharma@example.org",
  phone: "+919876543210",
  college: "TIT",
  branch: "CSE",
  gender: "Male",
} as const;

/** What the profile shows of that student: everything but the enrollment number, which is their College ID. */
export const sampleProfile = {
  username: sampleStudent.username,
  branch: sampleStudent.branch,
  college: sampleStudent.college,
  email: sampleStudent.email,
  phone: sampleStudent.phone,
  dob: sampleStudent.dob,
  gender: sampleStudent.gender,
};

/** The specification's login password for that student: the date of birth written DDMMYYYY. */
export const studentPassword = "09032004";

/** The student's registration, with the ID card. */
export const sampleAccount: AccountRegistration = {
  ...sampleStudent,
  idCard: { mediaType: "image/png", bytes: tinyPng },
};

/** An application to join the council with every field of the join form filled in correctly. */
/**
 * An account whose values no other row shares, so finding one of them on disk after an erasure means the erasure left
 * it behind: its name, address, College ID, and an ID card whose bytes end in `cardMarker`.
 */
export function markedAccount(
  username: string,
  email: string,
  enrollment: string,
  cardMarker: string,
): AccountRegistration {
  const bytes = Buffer.concat([tinyPng, Buffer.from(cardMarker)]);
  return { ...sampleAccount, username, email, enrollment, idCard: { mediaType: "image/png", bytes } };
}

export const sampleApplication: CouncilApplication = {
  name: "Diya Patel",
  email: "diya.patel@example.org",
  phone: "9123456780",
  enrollment: "0187EC231007",
  dob: "2005-11-23",
  gender: "Female",
  college: "TITE",
  department: "EC",
  year: "2nd Year",
  club: "Coding Club",
  motivation: "I want to help organise the hackathon.",
  terms: true,
};

/**
 * A team that meets every team rule: six members, the first the only leader, one female. Members' e-mails
 * start with `emailPrefix`, so two teams with different prefixes share no member.
 */
export function sampleTeam(
  teamName: string,
  emailPrefix = teamName.toLowerCase().replaceAll(" ", ""),
): TeamRegistration {
  return {
    teamName,
    category: "design",
    description: "A campus lost-and-found app.",
    members: Array.from({ length: 6 }, (_, index) => ({
      name: `Member ${index + 1}`,
      email: `${emailPrefix}.member${index + 1}@example.org`,
      phone: `98765432${String(index).padStart(2, "0")}`,
      gender: index === 1 ? "female" : "male",
      institution: "TIT Bhopal",
      skills: index === 0 ? "TypeScript" : "",
      role: index === 0 ? "leader" : "member",
    })),
  };
}

/**
 * A team's sender who is its proven leader (signed in, the account's confirmed address the leader's row): the members
 * are told at once. A team sent any other way waits for the leader's link (docs/decisions/0022).
 */
export function provenLeaderOf(team: TeamRegistration, accountKey = "leader-key"): TeamSender {
  return { accountKey, verifiedEmail: team.members[0]!.email };
}

/** The account registration form's fields as a browser sends them, all valid (without the ID card and consent). */
export const registrationFormFields = {
  username: "Asha Verma",
  email: "asha@example.org",
  enrollment: "0101CS221001",
  college: "TIT",
  branch: "CSE",
  phone: "9876543210",
  dob: "2004-09-05",
  gender: "Female",
};

/**
 * The join form's fields as a browser sends them, for a student of their own: `email` and `enrollment` make the
 * application unique (the store keeps one per student). Every other field is valid.
 */
export function joinFormFields(email: string, enrollment: string) {
  return {
    name: "Asha Verma",
    email,
    phone: "9876543210",
    enrollment,
    dob: "2004-05-17",
    gender: "Female",
    college: "TIT",
    department: "CSE AIML",
    year: "3rd Year",
    club: "Coding Club",
    motivation: "I want to help organise the hackathon and mentor juniors.",
    terms: "on",
  };
}

/**
 * "This College ID is mine", sent and then upheld by the council member `by` through the council's checks (the built-in
 * store's or Firebase's): the answer to upholding it.
 */
export async function upheldClaim(
  checks: BuiltInStore["accountChecks"],
  claim: Parameters<BuiltInStore["accountChecks"]["submitClaim"]>[0],
  by: string,
) {
  const sent = await checks.submitClaim(claim);
  if (!sent.ok) throw new Error(`the claim was refused: ${JSON.stringify(sent)}`);
  const open = await checks.openClaims(10);
  const claimId = open.ok ? open.value.claims[0]!.id : 0;
  return checks.resolveClaim(claimId, "claimant", by);
}
