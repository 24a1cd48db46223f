import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { countPosts, field, formAlert, toast } from "./form-helpers";
import {
  addMembersToSix,
  fillMember,
  fillTeamDetails,
  memberRow,
  memberRows,
  membersAgreedBox,
  newTeam,
  registerTeam,
} from "./student-forms";

/**
 * The hackathon team registration (/sih/registration) in every project, with JavaScript on and off: add members to six
 * (a round trip per click without scripts, in the browser with them), register, see the team listed; the team rules
 * (docs/behaviour.md, "Hackathon teams"); the leader row that cannot be removed. Team names and member emails are
 * unique per test and project: the store refuses a team name or a member email twice.
 */

const path = "/sih/registration";

// Visitors who prefer reduced motion never see the loading screen, so gotoAndSettle returns once the page has
// hydrated instead of after the screen's welcome and fade: the form behaves the same, and the suite runs faster.
test.use({ reducedMotion: "reduce" });

test.beforeEach(async ({ page }) => {
  await gotoAndSettle(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("SIH 2025 Team Registration");
  await expect(memberRows(page), "the form starts with one leader row").toHaveCount(1);
});

test("a team of six with a female member registers, the form starts afresh and the team is listed", async ({
  page,
  javaScriptEnabled,
  allowConsoleErrors,
}, testInfo) => {
  // Without scripts the team sent without the members' agreement is a page answered with HTTP 400.
  allowConsoleErrors(/status of 400/);
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

  await test.step("without the members' agreement the team is not sent: the box says why, entries kept", async () => {
    await page.getByRole("button", { name: "Register Team" }).click();
    await expect(membersAgreedBox(page)).toHaveAccessibleDescription(
      "Please confirm that the members agreed to share their details.",
    );
    await expect(memberRows(page)).toHaveCount(6);
    await expect(field(memberRow(page, 6), "Name")).toHaveValue(team.members[5]!.name);
    await expect(toast(page, "Registration submitted successfully!")).toHaveCount(0);
  });
  await registerTeam(page);

  await expect(toast(page, "Registration submitted successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(memberRows(page), "the form is back to one leader row").toHaveCount(1);
  await expect(memberRow(page, 1)).toBeVisible();
  await expect(field(memberRow(page, 1), "Name")).toHaveValue("");
  await expect(field(page, "Team Name")).toHaveValue("");

  const listed = page
    .getByRole("region", { name: "Registered Teams" })
    .getByRole("listitem")
    .filter({ hasText: team.teamName });
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
  await expect(memberRow(page, 1).getByRole("button", { name: /Remove/ }), "the leader row has no Remove").toHaveCount(
    0,
  );
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
    expectNoA11yViolations(page));

  await memberRow(page, 2).getByRole("button", { name: "Remove Member 2" }).click();
  await expect(memberRows(page)).toHaveCount(5);
  // The rows below move up: the former member 3 is now member 2, and the leader is untouched.
  await expect(field(memberRow(page, 2), "Name")).toHaveValue(team.members[2]!.name);
  await expect(field(memberRow(page, 5), "Name")).toHaveValue(team.members[5]!.name);
  await expect(field(memberRow(page, 1), "Name")).toHaveValue(team.members[0]!.name);
  await expect(page.getByRole("button", { name: "Add Member" }), "below six, members can be added again").toBeVisible();
  await expect(memberRow(page, 1).getByRole("button", { name: /Remove/ })).toHaveCount(0);
});

test("without JavaScript on a phone, each Add Member answers at the new row, in view, and the team of six registers", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.skip(javaScriptEnabled, "with scripts rows are added in the page itself, which is not reloaded");
  // The narrow screen, where the new row is furthest below the top (every field in one column).
  await page.setViewportSize({ width: 390, height: 844 });
  const team = newTeam(testInfo, [2]);
  await fillTeamDetails(page, team);
  await fillMember(page, 1, team.members[0]!);

  for (let row = 2; row <= 6; row += 1) {
    await page.getByRole("button", { name: "Add Member" }).click();
    await expect(memberRows(page)).toHaveCount(row);
    await expect(page).toHaveURL(new RegExp(`${path}#member-${row}$`));
    // Checked before anything else touches the page: filling a field would scroll it into view itself.
    const heading = memberRow(page, row).getByRole("heading", { level: 3, name: `Member ${row}`, exact: true });
    await expect(heading, `Member ${row}'s heading is on screen after the reload`).toBeInViewport();
    await expect(field(memberRow(page, row), "Name"), `Member ${row}'s first field is on screen`).toBeInViewport();
    const [headingTop, barBottom, scrolled] = await Promise.all([
      heading.evaluate((element) => element.getBoundingClientRect().top),
      page.getByRole("banner").evaluate((element) => element.getBoundingClientRect().bottom),
      page.evaluate(() => window.scrollY),
    ]);
    expect(scrolled, "the page opened scrolled down to the row, not at the top").toBeGreaterThan(0);
    expect(headingTop, "the heading is below the fixed navigation bar, not under it").toBeGreaterThanOrEqual(barBottom);
    await fillMember(page, row, team.members[row - 1]!);
  }
  await expect(page.getByRole("button", { name: "Add Member" })).toHaveCount(0);
  await expect(field(memberRow(page, 1), "Name"), "entries kept").toHaveValue(team.members[0]!.name);
  await expect(field(page, "Team Name"), "entries kept").toHaveValue(team.teamName);

  await registerTeam(page);
  await expect(toast(page, "Registration submitted successfully!")).toBeVisible();
  await expect(memberRows(page), "the form is back to one leader row").toHaveCount(1);
  const listed = page
    .getByRole("region", { name: "Registered Teams" })
    .getByRole("listitem")
    .filter({ hasText: team.teamName });
  await expect(listed).toHaveCount(1);
});
