import { displayPhone } from "~/forms/phone";
import type { CouncilApplication, IdeaSubmission, Suggestion, TeamRegistration } from "~/types/submissions";
import type { EntryMail, ErasedEntry, InboxEntry } from "./entries";
import type { InboxSection } from "./sections";

/** How an inbox entry reads, on the page and in the CSV: its title and every field labelled as its form labels it. */

interface LabelledField {
  label: string;
  value: string;
  /** Free text written by the student: shown as a paragraph, not a one-line value. */
  long?: boolean;
}

/** The entry's heading: who sent it, or the team or idea it names. */
export function entryTitle(entry: InboxEntry): string {
  switch (entry.section) {
    case "applications":
      return entry.application.name;
    case "teams":
      return entry.team.teamName;
    case "ideas":
      return entry.idea.title;
    case "suggestions":
      return `Suggestion from ${entry.suggestion.name}`;
  }
}

interface FieldSpec<T> {
  label: string;
  value: (sent: T) => string;
  long?: boolean;
}

const applicationFields: FieldSpec<CouncilApplication>[] = [
  { label: "Full Name", value: (application) => application.name },
  { label: "Email", value: (application) => application.email },
  { label: "Phone Number", value: (application) => displayPhone(application.phone) },
  { label: "Enrollment Number", value: (application) => application.enrollment },
  { label: "Date of Birth", value: (application) => application.dob },
  { label: "Gender", value: (application) => application.gender },
  { label: "College", value: (application) => application.college },
  { label: "Department", value: (application) => application.department },
  { label: "Year of Study", value: (application) => application.year },
  { label: "Club", value: (application) => application.club },
  { label: "Why do you want to join?", value: (application) => application.motivation, long: true },
  { label: "I accept all terms and conditions", value: (application) => (application.terms ? "Yes" : "No") },
];

const teamFields: FieldSpec<TeamRegistration>[] = [
  { label: "Team Name", value: (team) => team.teamName },
  { label: "Category", value: (team) => team.category },
  { label: "Description", value: (team) => team.description, long: true },
];

const ideaFields: FieldSpec<IdeaSubmission>[] = [
  { label: "Your Name", value: (idea) => idea.name },
  { label: "Enrollment Number", value: (idea) => idea.enrollment },
  { label: "College Name", value: (idea) => idea.college },
  { label: "Title of Your Idea", value: (idea) => idea.title },
  { label: "Describe your idea", value: (idea) => idea.description, long: true },
  { label: "What impact or change will this idea bring?", value: (idea) => idea.impact, long: true },
];

const suggestionFields: FieldSpec<Suggestion>[] = [
  { label: "Your Name", value: (suggestion) => suggestion.name },
  { label: "Enrollment Number", value: (suggestion) => suggestion.enrollment },
  { label: "College", value: (suggestion) => suggestion.college },
  { label: "Describe the problem", value: (suggestion) => suggestion.problem, long: true },
  { label: "Your suggestion or solution", value: (suggestion) => suggestion.solution, long: true },
];

const fieldSpecs = {
  applications: applicationFields,
  teams: teamFields,
  ideas: ideaFields,
  suggestions: suggestionFields,
};

/** The labels of what a section's form sends, in the form's order (a team's members: `teamMemberLabels`). */
export function fieldLabels(section: InboxSection): string[] {
  return fieldSpecs[section].map((spec) => spec.label);
}

function labelled<T>(specs: FieldSpec<T>[], sent: T): LabelledField[] {
  return specs.map(({ label, value, long }) =>
    long ? { label, value: value(sent), long } : { label, value: value(sent) },
  );
}

/** Every field the student sent, labelled as the form labels it. */
export function entryFields(entry: InboxEntry): LabelledField[] {
  switch (entry.section) {
    case "applications":
      return labelled(applicationFields, entry.application);
    case "teams":
      return labelled(teamFields, entry.team);
    case "ideas":
      return labelled(ideaFields, entry.idea);
    case "suggestions":
      return labelled(suggestionFields, entry.suggestion);
  }
}

export const teamMemberLabels = ["Role", "Name", "Email", "Phone", "Gender", "Institution", "Skills"] as const;

/** A team's members, each as the values under `teamMemberLabels`. */
export function teamMemberRows(entry: Extract<InboxEntry, { section: "teams" }>): string[][] {
  return entry.team.members.map((member) => [
    member.role,
    member.name,
    member.email,
    displayPhone(member.phone),
    member.gender,
    member.institution,
    member.skills,
  ]);
}

/** How an erasure reads in its section's list: why it went, never what it held. */
export function erasureLabel(erasure: Pick<ErasedEntry, "what" | "reason">): string {
  if (erasure.reason === "retention") return "Deleted after its retention period";
  if (erasure.what === "member") return "A member's details erased on request";
  return "Erased on request";
}

/** How the inbox names each kind of e-mail about an entry. */
const mailKindLabels: Record<string, string> = {
  "application-receipt": "Receipt",
  "decision-accepted": "Decision (accepted)",
  "decision-declined": "Decision (declined)",
  "team-receipt": "Receipt to the leader",
  "team-member-notice": "Team notice to a member",
  "team-member-removed": "A member left: notice to the leader",
};

/** A kind's name in the inbox; a kind added since reads as itself rather than not at all. */
export function mailKindLabel(kind: string): string {
  return Object.hasOwn(mailKindLabels, kind) ? mailKindLabels[kind]! : kind;
}

export const mailStatusLabels: Record<EntryMail["status"], string> = {
  queued: "queued",
  sent: "sent",
  failed: "failed",
};
