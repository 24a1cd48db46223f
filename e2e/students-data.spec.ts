import { readFileSync } from "node:fs";
import { logInOverHttp, registerOverHttp } from "./account-helpers";
import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { field, toast } from "./form-helpers";

/**
 * A student's rights over their data, as they meet them on the site with and without JavaScript, on a phone and a
 * desktop: the privacy notice, the profile's "What you sent", "Download my data" and "Delete my account".
 */

test("the privacy notice gives the retention periods and the contact, and every page's footer links to it", async ({
  page,
}) => {
  await gotoAndSettle(page, "/clubs");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
  await expect(page.getByText("ID card photos: 90 days after you send them")).toBeVisible();
  await expect(page.getByText(/declined or archived: 730 days after/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "studentcouncil@example.org" }).first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test("every form that collects personal data says what it is for, beside the submit button, with a link to the notice", async ({
  page,
}) => {
  for (const path of ["/join", "/suggestion", "/ideas", "/userProfileRegistration", "/sih/registration"]) {
    await gotoAndSettle(page, path);
    await expect(page.getByRole("main").getByRole("link", { name: "How we keep your data" }), path).toHaveAttribute(
      "href",
      "/privacy",
    );
  }
  await gotoAndSettle(page, "/join");
  await expect(page.getByRole("link", { name: "terms and conditions" })).toHaveAttribute("href", "/privacy");
});

test("a student sees what they sent, downloads their data, and deletes their account", async ({
  page,
  request,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(/status of 400/);
  const account = await registerOverHttp(request, testInfo);
  await logInOverHttp(page, account);

  await gotoAndSettle(page, "/userProfile");
  const yourData = page.getByRole("region", { name: "What you sent" });
  await expect(yourData).toBeVisible();
  await expect(yourData.getByText(/^Kept until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST, then deleted\.$/)).toBeVisible();
  await expectNoA11yViolations(page);

  await test.step("Download my data gives a JSON file named after the College ID", async () => {
    const downloading = page.waitForEvent("download");
    await yourData.getByRole("link", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`my-data-${account.enrollment}.json`);
    const document = JSON.parse(readFileSync(await download.path(), "utf8")) as {
      account: { collegeId: string; email: string };
    };
    expect(document.account).toMatchObject({ collegeId: account.enrollment, email: account.email });
  });

  await test.step("a wrong College ID changes nothing", async () => {
    await yourData.getByRole("link", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/userProfile\/delete$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete my account");
    await expectNoA11yViolations(page);
    await field(page, "Type your College ID to confirm").fill("0187XX000000");
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(field(page, "Type your College ID to confirm")).toHaveAccessibleDescription(
      "That is not your College ID. Nothing was deleted.",
    );
  });

  await test.step("the right one erases the account and signs the student out", async () => {
    await field(page, "Type your College ID to confirm").fill(account.enrollment.toLowerCase());
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Your account and everything you sent were erased.")).toBeVisible();
    await gotoAndSettle(page, "/userProfile");
    await expect(page).toHaveURL(/\/login$/);
    const login = await page.request.post("/login", {
      form: { collegeId: account.enrollment, password: account.password },
      maxRedirects: 0,
    });
    expect(login.status(), "the account no longer signs in").toBe(401);
  });
});
