import type { CouncilApplication, TeamRegistration } from "~/server/backend/council-backend.server";

/** An application to join the council with every field of section 3 filled in correctly. */
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
 * A team that meets every rule of section 5: six members, the first the only leader, one female. Members' e-mails
 * start with `emailPrefix`, so two teams with different prefixes share no member.
 */
export function sampleTeam(teamName: string, emailPrefix = teamName.toLowerCase().replaceAll(" ", "")): TeamRegistration {
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
