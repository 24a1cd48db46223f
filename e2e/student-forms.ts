import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";
import { field, uniqueSuffix } from "./form-helpers";

/**
 * Filling the student forms (join, hackathon team), shared by their own specs and the council inbox's
 * (council.spec.ts), where a student sends each form and a council member finds it. Texts stay in the specs.
 */

export const joinApplication = {
  name: "Asha Verma",
  email: "asha.verma@example.com",
  phone: "9876543210",
  enrollment: "0827CS221001",
  dob: "2004-09-05",
  gender: "Female",
  college: "TIT",
  department: "CSE AIML",
  year: "2nd Year",
  motivation: "I want to help organise the technical fest.",
};

export type JoinApplication = typeof joinApplication & { terms: boolean };

export type JoinLocale = "en" | "hi";

/** The application form's words in each language, spelled out as the specification and the Hindi catalogue give them. */
export const joinWords = {
  en: {
    path: "/join",
    labels: {
      name: "Full Name",
      email: "Email",
      phone: "Phone Number",
      enrollment: "Enrollment Number",
      dob: "Date of Birth",
      gender: "Gender",
      college: "College",
      department: "Department",
      year: "Year of Study",
      club: "Club",
      motivation: "Why do you want to join?",
      terms: "I accept all terms and conditions",
    },
    submit: "Submit Application",
    terms: "Please accept the terms & conditions.",
    phone: "Invalid phone number.",
    email: "Invalid email address.",
  },
  hi: {
    path: "/hi/join",
    labels: {
      name: "पूरा नाम",
      email: "ईमेल",
      phone: "फ़ोन नंबर",
      enrollment: "नामांकन संख्या (Enrollment Number)",
      dob: "जन्म तिथि (Date of Birth)",
      gender: "लिंग (Gender)",
      college: "कॉलेज",
      department: "विभाग (Department)",
      year: "पढ़ाई का वर्ष",
      club: "क्लब",
      motivation: "आप काउंसिल से क्यों जुड़ना चाहते हैं?",
      terms: "मुझे सभी नियम और शर्तें (terms and conditions) स्वीकार हैं",
    },
    submit: "आवेदन भेजें",
    terms: "नियम और शर्तें (terms & conditions) स्वीकार करें।",
    phone: "फ़ोन नंबर सही नहीं है।",
    email: "ईमेल पता सही नहीं है।",
  },
} as const;

/** The form on the page in `locale`, filled in as a student would, with `overrides`. */
export async function fillJoin(page: Page, overrides: Partial<JoinApplication> = {}, locale: JoinLocale = "en") {
  const label = joinWords[locale].labels;
  const application: JoinApplication = { ...joinApplication, terms: true, ...overrides };
  await field(page, label.name).fill(application.name);
  await field(page, label.email).fill(application.email);
  await field(page, label.phone).fill(application.phone);
  await field(page, label.enrollment).fill(application.enrollment);
  await field(page, label.dob).fill(application.dob);
  await field(page, label.gender).selectOption(application.gender);
  await field(page, label.college).selectOption(application.college);
  await field(page, label.department).selectOption(application.department);
  await field(page, label.year).selectOption(application.year);
  // The clubs come from the club data: any real one (the first option is the empty "Select…").
  await field(page, label.club).selectOption({ index: 1 });
  await field(page, label.motivation).fill(application.motivation);
  await field(page, label.terms).setChecked(application.terms);
}

export const submitApplication = (page: Page) => page.getByRole("button", { name: joinWords.en.submit }).click();

export interface Member {
  name: string;
  email: string;
  phone: string;
  gender: "male" | "female" | "other";
  institution: string;
}

export function newTeam(testInfo: TestInfo, femaleRows: number[]) {
  const suffix = uniqueSuffix(testInfo);
  const members: Member[] = [1, 2, 3, 4, 5, 6].map((row) => ({
    name: `Member ${row} ${suffix}`,
    email: `m${row}.${suffix.toLowerCase()}@example.com`,
    phone: `98765000${String(row).padStart(2, "0")}`,
    gender: femaleRows.includes(row) ? "female" : "male",
    institution: "Technocrats Institute of Technology",
  }));
  return { teamName: `Team ${suffix}`, category: "innovation", categoryLabel: "Innovation", members };
}

export const memberRows = (page: Page) => page.getByRole("main").getByRole("group", { name: /^Member \d/ });

/** Row `row` (1-based) by its legend: 'Member 1 (Leader)', 'Member 2', ... */
export const memberRow = (page: Page, row: number) =>
  page.getByRole("group", { name: row === 1 ? "Member 1 (Leader)" : `Member ${row}`, exact: true });

export async function fillTeamDetails(page: Page, team: ReturnType<typeof newTeam>) {
  await field(page, "Team Name").fill(team.teamName);
  await field(page, "Category").selectOption(team.category);
  await field(page, "Description").fill("A campus app that books lab slots.");
}

export async function fillMember(page: Page, row: number, member: Member) {
  const fieldset = memberRow(page, row);
  await field(fieldset, "Name").fill(member.name);
  await field(fieldset, "Email").fill(member.email);
  await field(fieldset, "Phone").fill(member.phone);
  await field(fieldset, "Gender").selectOption(member.gender);
  await field(fieldset, "Institution").fill(member.institution);
}

/** Clicks Add Member until there are six rows, checking the count after each click. */
export async function addMembersToSix(page: Page) {
  const addMember = page.getByRole("button", { name: "Add Member" });
  for (let rows = (await memberRows(page).count()) + 1; rows <= 6; rows += 1) {
    await addMember.click();
    await expect(memberRows(page)).toHaveCount(rows);
    await expect(memberRow(page, rows).getByLabel("Role", { exact: true })).toHaveValue("member");
  }
  // Six is the cap: the button is gone.
  await expect(addMember).toHaveCount(0);
}

/** The team form's box saying the members agreed to share their details. */
export const membersAgreedBox = (page: Page) =>
  page.getByRole("checkbox", {
    name: "I have the members' agreement to share their details with the council for this registration.",
  });

/** Ticks the members' agreement and sends the team. */
export async function registerTeam(page: Page) {
  await membersAgreedBox(page).check();
  await page.getByRole("button", { name: "Register Team" }).click();
}
