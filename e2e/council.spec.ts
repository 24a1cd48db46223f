import { readFileSync } from "node:fs";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoAndSettle, newClientAddress, pageRunsScripts, test } from "./fixtures";
import { newCouncilAccount } from "./council-helpers";
import { field, toast, uniqueSuffix } from "./form-helpers";
import {
  addMembersToSix,
  fillJoin,
  fillMember,
  fillTeamDetails,
  newTeam,
  registerTeam,
  submitApplication,
} from "./student-forms";

/**
 * The council inbox in every project, with JavaScript on and off: a student sends each form, a council
 * member (granted the role with `npm run council`, as an administrator would) opens /council, signs in and comes
 * back to it, finds every entry by searching, accepts the application and downloads the CSV. Entries carry a suffix
 * of their own, so the projects running side by side never find each other's.
 */

test.use({ reducedMotion: "reduce" });

/** An account as any student registers it, with the council role when `member` (council-helpers.ts). */
const newAccount = (request: APIRequestContext, testInfo: TestInfo, { member }: { member: boolean }) =>
  newCouncilAccount(request, testInfo, { prefix: "CM", name: "Council Secretary", member });

async function logIn(page: Page, account: { collegeId: string; password: string }) {
  await field(page, "College ID").fill(account.collegeId);
  await field(page, "Password").fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Opens a section of the inbox and searches it; resolves with the entry whose heading is `heading`. */
async function find(page: Page, section: string, search: string, heading: string): Promise<Locator> {
  await page
    .getByRole("navigation", { name: "Inbox sections" })
    .getByRole("link", { name: new RegExp(`^${section}`) })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  await page.getByRole("searchbox", { name: `Search ${section.toLowerCase()}` }).fill(search);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(search).replace(/%20/g, "\\+")}`));
  const entry = page.getByRole("article", { name: heading, exact: true });
  await expect(entry).toHaveCount(1);
  return entry;
}

test("a student sends each form; a council member finds every entry, accepts the application and downloads the CSV", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix(testInfo);
  const applicant = {
    name: `Asha Verma ${suffix}`,
    enrollment: `EN${suffix}`,
    email: `asha.${suffix.toLowerCase()}@example.com`,
  };
  const suggester = { name: `Ravi Kumar ${suffix}`, enrollment: `SG${suffix}` };
  const ideaTitle = `Campus bicycle sharing ${suffix}`;
  const team = newTeam(testInfo, [2]);

  await test.step("a student applies to join", async () => {
    await gotoAndSettle(page, "/join");
    await fillJoin(page, applicant);
    await submitApplication(page);
    await expect(toast(page, "Form submitted successfully!")).toBeVisible();
  });

  await test.step("a student sends a suggestion", async () => {
    await gotoAndSettle(page, "/suggestion");
    await field(page, "Your Name").fill(suggester.name);
    await field(page, "Enrollment Number").fill(suggester.enrollment);
    await field(page, "College").fill("TIT");
    await field(page, "Describe the problem").fill("The library closes too early during exams.");
    await field(page, "Your suggestion or solution").fill("Keep it open until 10 pm in exam weeks.");
    await page.getByRole("button", { name: "Submit Suggestion" }).click();
    await expect(toast(page, "Suggestion submitted successfully!")).toBeVisible();
  });

  await test.step("a student shares an idea", async () => {
    await gotoAndSettle(page, "/ideas");
    await field(page, "Your Name").fill(`Meera Iyer ${suffix}`);
    await field(page, "Enrollment Number").fill(`ID${suffix}`);
    await field(page, "College Name").fill("TITE");
    await field(page, "Title of Your Idea").fill(ideaTitle);
    await field(page, "Describe your idea").fill(
      "Shared bicycles parked at every block, unlocked with the student ID.",
    );
    await field(page, "What impact or change will this idea bring?").fill("Less walking between far blocks.");
    await page.getByRole("button", { name: "Submit Idea" }).click();
    await expect(toast(page, "Idea submitted successfully! 🚀")).toBeVisible();
  });

  await test.step("a student registers a hackathon team", async () => {
    await gotoAndSettle(page, "/sih/registration");
    await fillTeamDetails(page, team);
    await fillMember(page, 1, team.members[0]!);
    await addMembersToSix(page);
    for (let row = 2; row <= 6; row += 1) await fillMember(page, row, team.members[row - 1]!);
    await registerTeam(page);
    await expect(toast(page, "Registration submitted successfully!")).toBeVisible();
  });

  const member = await newAccount(request, testInfo, { member: true });

  await test.step("the member opens /council, is asked to sign in, and comes back to the inbox", async () => {
    await gotoAndSettle(page, "/council");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcouncil$/);
    await logIn(page, member);
    await page.waitForURL((url) => url.pathname === "/council");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Council inbox");
    await expect(page.getByRole("main")).toContainText(`Signed in as ${member.collegeId}`);
  });

  await test.step("the application shows every field; the member accepts it and the history says who", async () => {
    const entry = await find(page, "Join applications", applicant.enrollment, applicant.name);
    for (const value of [
      applicant.email,
      "+91 98765 43210",
      applicant.enrollment,
      "2004-09-05",
      "CSE AIML",
      "2nd Year",
    ]) {
      await expect(entry).toContainText(value);
    }
    await expect(entry).toContainText("I want to help organise the technical fest.");
    await expect(entry).toContainText("Not handled yet.");
    await entry.getByRole("button", { name: `Accept: ${applicant.name}` }).click();
    await expect(toast(page, "Application accepted.")).toBeVisible();
    const accepted = page.getByRole("article", { name: applicant.name, exact: true });
    await expect(accepted.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(accepted).toContainText(`Accepted by ${member.collegeId} on`);
    await expect(accepted.getByRole("button", { name: `Accept: ${applicant.name}` })).toBeDisabled();
  });

  await test.step("the team, with each of its members", async () => {
    const entry = await find(page, "Hackathon teams", team.teamName, team.teamName);
    await expect(entry).toContainText("Members (6)");
    for (const teamMember of team.members) await expect(entry).toContainText(teamMember.email);
  });

  await test.step("the idea", async () => {
    const entry = await find(page, "Ideas", ideaTitle, ideaTitle);
    await expect(entry).toContainText("Less walking between far blocks.");
  });

  await test.step("the suggestion", async () => {
    const entry = await find(page, "Suggestions", suggester.enrollment, `Suggestion from ${suggester.name}`);
    await expect(entry).toContainText("Keep it open until 10 pm in exam weeks.");
  });

  await test.step("the inbox has no accessibility violations", () => expectNoA11yViolations(page));

  await test.step("the applications download as a CSV with the accepted application in it", async () => {
    await page
      .getByRole("navigation", { name: "Inbox sections" })
      .getByRole("link", { name: /^Join applications/ })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Join applications" })).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^council-applications-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)], "a UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
    const row = bytes
      .toString("utf8")
      .split("\r\n")
      .find((line) => line.includes(applicant.enrollment));
    expect(row).toBeDefined();
    // The site's own phone format, under "Phone Number (+91)": no leading +, so no guard against a formula is needed.
    expect(row).toContain(`"${applicant.name}","${applicant.email}","98765 43210","${applicant.enrollment}"`);
    expect(row).toContain(`"Accepted","Accepted by ${member.collegeId} on `);
  });
});

test("a signed-in student without the council role reads why, with HTTP 403 and nothing from the inbox", async ({
  page,
  request,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(/status of 403/);
  const student = await newAccount(request, testInfo, { member: false });
  await gotoAndSettle(page, "/login?redirectTo=%2Fcouncil");
  await logIn(page, student);
  await page.waitForURL((url) => url.pathname === "/council");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Council members only");
  await expect(page.getByRole("main")).toContainText("only for council members");
  await expect(page.getByRole("navigation", { name: "Inbox sections" })).toHaveCount(0);
  const reload = await page.goto("/council");
  expect(reload?.status()).toBe(403);
  await expectNoA11yViolations(page);
});

test("a member erases an idea on the student's request: asked first, Cancel keeps it, then it is gone and listed as erased", async ({
  page,
  request,
}, testInfo) => {
  const suffix = uniqueSuffix(testInfo);
  const ideaTitle = `Lost and found board ${suffix}`;
  const student = `Nisha Rao ${suffix}`;
  const shared = await request.post("/ideas", {
    headers: { "X-Forwarded-For": newClientAddress() },
    maxRedirects: 0,
    form: {
      name: student,
      enrollment: `ER${suffix}`,
      college: "TIT",
      title: ideaTitle,
      description: "A board where found things are listed with where they wait.",
      impact: "Fewer lost ID cards.",
      website: "",
    },
  });
  expect(shared.status(), "the idea is sent").toBe(302);
  const member = await newAccount(request, testInfo, { member: true });

  await gotoAndSettle(page, "/login?redirectTo=%2Fcouncil");
  await logIn(page, member);
  await page.waitForURL((url) => url.pathname === "/council");
  // The question names the entry and whose it is, so the member erases the one they mean.
  const question = `Erase the idea “${ideaTitle}” of ${student} for good? Only do this when the student asked for it. It cannot be undone.`;

  await test.step("Erase asks first, and Cancel keeps the entry", async () => {
    const entry = await find(page, "Ideas", ideaTitle, ideaTitle);
    await expect(entry.getByText(question)).toHaveCount(0);
    await entry.getByRole("link", { name: `Erase: ${ideaTitle}` }).click();
    await expect(page).toHaveURL(/[?&]erase=idea-\d+/);
    await expect(entry.getByText(question, { exact: true })).toBeVisible();
    // In view, and with scripts focused (the link that opened it is gone).
    const confirmation = entry.getByRole("group", { name: question });
    await expect(confirmation).toBeInViewport();
    if (await pageRunsScripts(page)) await expect(confirmation).toBeFocused();
    await entry.getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/erase=/);
    await expect(entry.getByText(question)).toHaveCount(0);
    await expect(page.getByRole("article", { name: ideaTitle, exact: true })).toHaveCount(1);
  });

  await test.step("the confirmation has no accessibility violations", async () => {
    const entry = page.getByRole("article", { name: ideaTitle, exact: true });
    await entry.getByRole("link", { name: `Erase: ${ideaTitle}` }).click();
    await expect(entry.getByText(question, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step("Erase for good: back to the section with a toast, the entry gone, the erasure listed without its data", async () => {
    const entry = page.getByRole("article", { name: ideaTitle, exact: true });
    await entry.getByRole("button", { name: `Erase for good: ${ideaTitle}` }).click();
    await expect(toast(page, "The entry was erased.")).toBeVisible();
    await expect(page).toHaveURL(/\/council\?section=ideas&q=[^&]+$/);
    await expect(page.getByRole("article", { name: ideaTitle, exact: true })).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("Nothing matches this search.");
    const erased = page.getByRole("region", { name: "Recently erased" });
    await expect(
      erased
        .getByRole("listitem")
        .filter({ hasText: /^Erased on request, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST$/ })
        .first(),
    ).toBeVisible();
    await expect(erased).not.toContainText(student);
  });

  await test.step("the CSV no longer holds it", async () => {
    const csv = await page.request.get("/council/export/ideas.csv");
    expect(csv.status()).toBe(200);
    expect(await csv.text()).not.toContain(ideaTitle);
  });
});
