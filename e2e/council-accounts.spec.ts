import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { fillRegistration, newAccount } from "./account-helpers";
import { council, registerAs } from "./council-helpers";
import { actAsOwnClient, expectImageLoaded, field, pngIdCard, toast, uniqueSuffix } from "./form-helpers";

/**
 * /council/accounts with JavaScript on and off: two students register, a council member (granted the role with
 * `npm run council`, as an administrator would) signs in, opens the accounts page from the inbox, compares each ID
 * card, confirms one College ID and rejects the other account after its confirmation step; the rejected College ID
 * can be registered again. Accounts carry a suffix of their own, so projects running side by side never meet.
 */

test.use({ reducedMotion: "reduce" });

async function student(request: APIRequestContext, collegeId: string, username: string) {
  const response = await registerAs(request, collegeId, username);
  expect(response.status(), await response.text()).toBe(302);
  return { collegeId, username };
}

async function signInAsMember(page: Page, testInfo: TestInfo) {
  const collegeId = `AM${uniqueSuffix(testInfo)}`;
  await student(page.request, collegeId, `Council Secretary ${collegeId}`);
  expect(council("grant", collegeId)).toContain(`Granted the council role to ${collegeId}`);
  await gotoAndSettle(page, "/council");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcouncil$/);
  await field(page, "College ID").fill(collegeId);
  await field(page, "Password").fill("17052003");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/council");
}

test("a council member confirms one account's College ID and rejects another account", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix(testInfo);
  const confirmed = await student(request, `CA${suffix}`, `Asha Verma ${suffix}`);
  const rejected = await student(request, `CR${suffix}`, `Ravi Kumar ${suffix}`);
  await signInAsMember(page, testInfo);

  await test.step("the inbox leads to the accounts page, where a search finds both accounts", async () => {
    await page.getByRole("navigation", { name: "Council pages" }).getByRole("link", { name: "Accounts" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accounts to check");
    await page.getByRole("searchbox", { name: "Search accounts" }).fill(suffix);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${suffix}`));
    for (const account of [confirmed, rejected]) {
      const card = page.getByRole("article", { name: account.username, exact: true });
      await expect(card).toContainText(account.collegeId);
      await expect(card).toContainText("Not confirmed yet");
      await card.scrollIntoViewIfNeeded();
      await expectImageLoaded(card.getByRole("img", { name: `ID card sent with the account of ${account.username}` }));
    }
    await expectNoA11yViolations(page);
  });

  await test.step("Confirm College ID records the check and the account leaves the list", async () => {
    const card = page.getByRole("article", { name: confirmed.username, exact: true });
    await card.getByRole("button", { name: `Confirm College ID: ${confirmed.username}` }).click();
    await expect(toast(page, `College ID ${confirmed.collegeId} of ${confirmed.username} confirmed.`)).toBeVisible();
    await expect(page.getByRole("article", { name: confirmed.username, exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`q=${suffix}`));
  });

  await test.step("Reject first asks, naming whose account it is; then the account is removed", async () => {
    const card = page.getByRole("article", { name: rejected.username, exact: true });
    await card.getByRole("link", { name: `Reject: ${rejected.username}` }).click();
    const question = card.getByRole("group", {
      name: `Reject the account of ${rejected.username} (College ID ${rejected.collegeId})?`,
      exact: false,
    });
    await expect(question).toBeVisible();
    await expectNoA11yViolations(page);
    await question.getByRole("button", { name: `Reject the account of ${rejected.username}` }).click();
    // The end-to-end sites send e-mail (a real SMTP server), so the student is told why.
    await expect(
      toast(page, `The account of ${rejected.username} (${rejected.collegeId}) was removed. An e-mail tells them why.`),
    ).toBeVisible();
    await expect(page.getByRole("article", { name: rejected.username, exact: true })).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("No account awaiting a check matches this search.");
  });

  await test.step("the rejected College ID is free again; the confirmed one is not", async () => {
    expect((await registerAs(request, rejected.collegeId, `The Real Owner ${suffix}`)).status()).toBe(302);
    const again = await registerAs(
      request,
      confirmed.collegeId,
      `Someone Else ${suffix}`,
      `else.${suffix}@example.com`,
    );
    expect(again.status()).toBe(400);
    const refusal = await again.text();
    expect(refusal).toContain("An account with this Enrollment Number already exists.");
    expect(refusal).toContain("Tell the council: This College ID is mine");
  });
});

test("a student refused for a taken College ID tells the council it is theirs, and a member gives it to them", async ({
  page,
  request,
  allowConsoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  // With scripts, the refused registration is a 400 answer to the page's own request, which the browser logs.
  allowConsoleErrors(/status of 400/);
  // The removed account's ID card, lazily loaded by the list as it stood before the page revalidated: it is gone, so
  // its picture answers 404 (the page then shows the account no more).
  allowConsoleErrors(/status of 404 \(Not Found\) \(http:\/\/[^)]+\/council\/accounts\/[0-9a-f]+\/id-card/);
  // The refused registration and the claim count against the per-client limit of registrations (10 in 10 minutes):
  // as a client of its own, the other specs' registrations from this machine never push it to a 429.
  await actAsOwnClient(page);
  const suffix = uniqueSuffix(testInfo);
  const holder = await student(request, `CH${suffix}`, `Rohit Mehra ${suffix}`);
  const claimant = { username: `Priya Sharma ${suffix}`, email: `priya.${suffix.toLowerCase()}@example.com` };

  await test.step("the registration is refused, and the page offers to tell the council", async () => {
    await gotoAndSettle(page, "/userProfileRegistration");
    await fillRegistration(page, { ...newAccount(testInfo), ...claimant, enrollment: holder.collegeId });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(
      page.getByRole("main").getByText("An account with this Enrollment Number already exists.", { exact: true }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Tell the council: This College ID is mine" }).click();
    await expect(page).toHaveURL(/\/college-id-claim$/);
  });

  await test.step("the claim form takes name, College ID, e-mail and the student's own ID card", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This College ID is mine");
    await expectNoA11yViolations(page);
    await field(page, "Full Name").fill(claimant.username);
    await field(page, "Email").fill(claimant.email);
    await field(page, "Enrollment Number").fill(holder.collegeId);
    await field(page, "ID Card").setInputFiles(pngIdCard);
    await page
      .getByRole("checkbox", { name: "I agree that the council keeps these details as the privacy notice says." })
      .check();
    await page.getByRole("button", { name: "Send to the council" }).click();
    await expect(
      toast(page, "We sent your message to the council. They will compare both ID cards and write to you."),
    ).toBeVisible();
  });

  await test.step("a member signs in, compares both ID cards and finds the College ID is the claimant's", async () => {
    await signInAsMember(page, testInfo);
    await gotoAndSettle(page, "/council/accounts");
    const claim = page.getByRole("article", { name: `College ID ${holder.collegeId}`, exact: true });
    // The cards load lazily (a page of accounts holds up to twenty): they load once in view.
    await claim.scrollIntoViewIfNeeded();
    await expectImageLoaded(claim.getByRole("img", { name: `ID card sent by ${claimant.username} with the claim` }));
    await expectImageLoaded(claim.getByRole("img", { name: `ID card sent with the account of ${holder.username}` }));
    await claim.getByRole("link", { name: `It is ${claimant.username}'s: College ID ${holder.collegeId}` }).click();
    const question = claim.getByRole("group", {
      name: `Give College ID ${holder.collegeId} to ${claimant.username}?`,
      exact: false,
    });
    await expect(question).toBeVisible();
    await expectNoA11yViolations(page);
    await question.getByRole("button", { name: `Remove the account and tell both: ${holder.username}` }).click();
    await expect(
      toast(
        page,
        `College ID ${holder.collegeId} is now free for ${claimant.username}: the account of ${holder.username} was removed. Both were told by e-mail.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole("article", { name: `College ID ${holder.collegeId}`, exact: true })).toHaveCount(0);
  });
});
