import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { countPosts, field, formAlert, toast, uniqueSuffix } from "./form-helpers";

/**
 * The hackathon team registration (/sih/registration) in every project, with JavaScript on and off: add members to
 * six (a round trip per click without scripts, in the browser with them), register, see the team listed; the team
 * rules of section 5; the leader row that cannot be removed. Team names and member emails are unique per test and
 * project: the store refuses a team name or a member email twice.
 */

const path = "/sih/registration";

// Visitors who prefer reduced motion never see the loading screen, so gotoAndSettle returns once the page has
// hydrated instead of after the screen's welcome and fade: the form behaves the same, and the suite runs faster.
test.use({ reducedMotion: "reduce" });

interface Member {
  name: string;
  email: string;
  phone: string;
  gender: "male" | "female" | "other";
  institution: string;
}

function newTeam(testInfo: TestInfo, femaleRows: number[]) {
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

const memberRows = (page: Page) => page.getByRole("main").getByRole("group", { name: /^Member \d/ });

/** Row `row` (1-based) by its legend: 'Member 1 (Leader)', 'Member 2', ... */
const memberRow = (page: Page, row: number) =>
  page.getByRole("group", { name: row === 1 ? "Member 1 (Leader)" : `Member ${row}`, exact: true });

async function fillTeamDetails(page: Page, team: ReturnType<typeof newTeam>) {
  await field(page, "Team Name").fill(team.teamName);
  await field(page, "Category").selectOption(team.category);
  await field(page, "Description").fill("A campus app that books lab slots.");
}

async function fillMember(page: Page, row: number, member: Member) {
  const fieldset = memberRow(page, row);
  await field(fieldset, "Name").fill(member.name);
  await field(fieldset, "Email").fill(member.email);
  await field(fieldset, "Phone").fill(member.phone);
  await field(fieldset, "Gender").selectOption(member.gender);
  await field(fieldset, "Institution").fill(member.institution);
}

/** Clicks Add Member until there are six rows, checking the count after each click. */
async function addMembersToSix(page: Page) {
  const addMember = page.getByRole("button", { name: "Add Member" });
  for (let rows = (await memberRows(page).count()) + 1; rows <= 6; rows += 1) {
    await addMember.click();
    await expect(memberRows(page)).toHaveCount(rows);
    await expect(memberRow(page, rows).getByLabel("Role", { exact: true })).toHaveValue("member");
  }
  // Six is the cap: the button is gone.
  await expect(addMember).toHaveCount(0);
}

const registerTeam = (page: Page) => page.getByRole("button", { name: "Register Team" }).click();

test.beforeEach(async ({ page }) => {
  await gotoAndSettle(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("SIH 2025 Team Registration");
  await expect(memberRows(page), "the form starts with one leader row").toHaveCount(1);
});

test("a team of six with a female member registers, the form starts afresh and the team is listed", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  await test.step("the form as loaded has no accessibility violations", () => expectNoA11yViolations(page));
  const team = newTeam(testInfo, [3]);
  const posts = countPosts(page, path);

  await fillTeamDetails(page, team);
  await fillMember(page, 1, team.members[0]!);
  await field(memberRow(page, 1), "Skills").fill("React, pitching");
  await addMembersToSix(page);
  // With scripts rows are added in the browser; without them each click is a round trip that keeps every entry.
  expect(posts(), "requests made by Add Member").toBe(javaScriptEnabled ? 0 : 5);
  await expect(field(page, "Team Name")).toHaveValue(team.teamName);
  await expect(field(page, "Category")).toHaveValue(team.category);
  await expect(field(memberRow(page, 1), "Name")).toHaveValue(team.members[0]!.name);
  await expect(field(memberRow(page, 1), "Skills")).toHaveValue("React, pitching");

  for (let row = 2; row <= 6; row += 1) await fillMember(page, row, team.members[row - 1]!);
  await registerTeam(page);

  await expect(toast(page, "Registration submitted successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(memberRows(page), "the form is back to one leader row").toHaveCount(1);
  await expect(memberRow(page, 1)).toBeVisible();
  await expect(field(memberRow(page, 1), "Name")).toHaveValue("");
  await expect(field(page, "Team Name")).toHaveValue("");

  const listed = page.getByRole("region", { name: "Registered Teams" }).getByRole("listitem").filter({ hasText: team.teamName });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(team.categoryLabel);
});

test("the team rules are checked in order, the leader cannot be removed and member 2 can", async ({
  page,
  allowConsoleErrors,
}, testInfo) => {
  // Without scripts a refused team is a page answered with HTTP 400 (a failed resource to Chromium).
  allowConsoleErrors(/status of 400/);
  const team = newTeam(testInfo, []);

  await fillTeamDetails(page, team);
  await fillMember(page, 1, team.members[0]!);
  await expect(memberRow(page, 1).getByRole("button", { name: /Remove/ }), "the leader row has no Remove").toHaveCount(0);
  await registerTeam(page);
  await expect(formAlert(page)).toHaveText("Team must have exactly 6 members!");
  await expect(field(page, "Team Name"), "entries kept").toHaveValue(team.teamName);
  await expect(field(memberRow(page, 1), "Email"), "entries kept").toHaveValue(team.members[0]!.email);

  await addMembersToSix(page);
  for (let row = 2; row <= 6; row += 1) await fillMember(page, row, team.members[row - 1]!);
  await registerTeam(page);
  await expect(formAlert(page)).toHaveText("At least one female member is required!");
  await expect(memberRows(page)).toHaveCount(6);
  await expect(toast(page, "Registration submitted successfully!")).toHaveCount(0);

  await test.step("the six-member form with its message has no accessibility violations", () =>
    expectNoA11yViolations(page),
  );

  await memberRow(page, 2).getByRole("button", { name: "Remove Member 2" }).click();
  await expect(memberRows(page)).toHaveCount(5);
  // The rows below move up: the former member 3 is now member 2, and the leader is untouched.
  await expect(field(memberRow(page, 2), "Name")).toHaveValue(team.members[2]!.name);
  await expect(field(memberRow(page, 5), "Name")).toHaveValue(team.members[5]!.name);
  await expect(field(memberRow(page, 1), "Name")).toHaveValue(team.members[0]!.name);
  await expect(page.getByRole("button", { name: "Add Member" }), "below six, members can be added again").toBeVisible();
  await expect(memberRow(page, 1).getByRole("button", { name: /Remove/ })).toHaveCount(0);
});
