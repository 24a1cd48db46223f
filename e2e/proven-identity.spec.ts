import { logInThroughForm, newAccount, registerThroughForm } from "./account-helpers";
import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { actAsOwnClient, toast } from "./form-helpers";
import { waitForMail } from "./mail";
import { siteURL } from "./servers";
import { fillJoin, submitApplication } from "./student-forms";

/**
 * Proven identity as a student meets it, with JavaScript on and off, on a phone and a desktop, against the real SMTP
 * server the run starts: an application sent before registering stays out of the profile until the student proves
 * the address through the link e-mailed to it; opening the link changes nothing, its button does.
 */

test("a student applies, registers, confirms the address from the e-mail, and then sees the application", async ({
  page,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  await actAsOwnClient(page);
  const account = newAccount(testInfo);

  await test.step("the application, sent before there is an account", async () => {
    await gotoAndSettle(page, "/join");
    await fillJoin(page, { email: account.email, enrollment: account.enrollment, name: account.username });
    await submitApplication(page);
    await expect(toast(page, "Form submitted successfully!")).toBeVisible();
  });

  await registerThroughForm(page, account, javaScriptEnabled);
  await logInThroughForm(page, account, javaScriptEnabled);

  const emailStatus = page.getByRole("region", { name: "Your e-mail address" });
  const yourData = page.getByRole("region", { name: "What you sent" });
  await test.step("before the address is proven, the profile holds nothing sent with it", async () => {
    await gotoAndSettle(page, "/userProfile");
    await expect(emailStatus.getByText("Not confirmed yet.")).toBeVisible();
    await expect(emailStatus.getByRole("button", { name: "Send the link again" })).toBeVisible();
    await expect(yourData.getByRole("heading", { name: "Applications to join the council" })).toBeVisible();
    await expect(yourData.getByText("None.").first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  const mail = await waitForMail(account.email, { subject: /^Confirm your e-mail address/ });
  const link = mail.links.find((href) => href.includes("/verify-email?token="));
  await test.step("the e-mail names the student, links to this site only, and repeats nothing sensitive", () => {
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(`${siteURL}/verify-email?token=`)).toBe(true);
    expect(mail.text).toContain(`Hello ${account.username.split(" ")[0]},`);
    expect(mail.text).toContain(`College ID and name ${account.enrollment} (${account.username}).`);
    for (const other of mail.links) expect(new URL(other).origin, other).toBe(new URL(siteURL).origin);
    expect(mail.text + mail.html).not.toContain(account.phone);
    expect(mail.text + mail.html).not.toMatch(/2004|05092004/);
  });

  await test.step("opening the link shows a button and changes nothing by itself", async () => {
    // Signed in to the account the link names (above): the page offers Confirm.
    await gotoAndSettle(page, link!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your e-mail address");
    await expect(page.getByText(`This link is for the account with College ID ${account.enrollment},`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my e-mail address" })).toBeVisible();
    await expectNoA11yViolations(page);
    await gotoAndSettle(page, "/userProfile");
    await expect(emailStatus.getByText("Not confirmed yet.")).toBeVisible();
  });

  await test.step("the button confirms: the profile says so and lists the application", async () => {
    await gotoAndSettle(page, link!);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page).toHaveURL(/\/userProfile$/);
    await expect(toast(page, "Your e-mail address is confirmed.")).toBeVisible();
    await expect(emailStatus.getByText("Confirmed.")).toBeVisible();
    await expect(emailStatus.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
    await expect(yourData.getByText(/, sent .*: Received: the council has not decided yet$/)).toBeVisible();
  });

  await test.step("the link works once", async () => {
    await gotoAndSettle(page, link!);
    await expect(page.getByText(/^This link has already been used\./)).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my e-mail address" })).toHaveCount(0);
  });
});
