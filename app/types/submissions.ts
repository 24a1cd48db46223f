/**
 * What students send through the site's forms, as the server hands it to the council backend and as the pages
 * show it back. Plain types with no server code, so pages, components and form schemas can use them too.
 */

/** A council application (the /join form). `phone` is +91 and ten digits (app/forms/phone.ts); `dob` is YYYY-MM-DD. */
export interface CouncilApplication {
  name: string;
  email: string;
  phone: string;
  enrollment: string;
  dob: string;
  gender: "Male" | "Female" | "Other";
  college: string;
  department: string;
  year: string;
  club: string;
  motivation: string;
  terms: true;
}

/** One member of a hackathon team. `skills` is "" when left empty. */
export interface TeamMember {
  name: string;
  email: string;
  phone: string;
  gender: "male" | "female" | "other";
  institution: string;
  skills: string;
  role: "leader" | "member";
}

type TeamCategory = "coding" | "design" | "innovation" | "business";

/** A hackathon team registration (the /sih/registration form): a leader and up to five members. */
export interface TeamRegistration {
  teamName: string;
  category: TeamCategory;
  description: string;
  members: TeamMember[];
}

/** A team as the list of registered teams shows it: nothing about its members. */
export interface RegisteredTeam {
  _id: string;
  teamName: string;
  category: string;
}

/** An idea (the /ideas form). */
export interface IdeaSubmission {
  name: string;
  enrollment: string;
  college: string;
  title: string;
  description: string;
  impact: string;
}

/** A suggestion (the /suggestion form). */
export interface Suggestion {
  name: string;
  enrollment: string;
  college: string;
  problem: string;
  solution: string;
}
