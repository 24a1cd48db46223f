import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";
import { fillRegistration, newAccount } from "./account-helpers";
import { field, pngIdCard } from "./form-helpers";
import { fillJoin, submitApplication } from "./student-forms";

/**
 * Where the page that answers a refused form opens. Without JavaScript it is a new page, which the browser would open
 * at its top, a screen or more above the message: it opens at the first message instead, that field focused (with
 * scripts the form focuses it itself). Texts are spelled out as docs/behaviour.md gives them.
 */

test.use({ reducedMotion: "reduce" });

/** An ID card photo over the 5 MB limit: a real PNG, padded to 6 MB. */
const sixMegabytes = {
  ...pngIdCard,
  name: "id-card-photo.png",
  buffer: Buffer.concat([pngIdCard.buffer, Buffer.alloc(6 * 1024 * 1024)]),
};

/** The field is focused and on the screen, and so is its message, which its description names. */
async function expectLandedOn(page: Page, label: string, message: string) {
  const control = field(page, label);
  await expect(control).toBeFocused();
  await expect(control).toBeInViewport();
  await expect(control).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(page.getByRole("main").getByText(message, { exact: true }).first()).toBeInViewport();
}

test("registration refusing a 6 MB ID card opens at the ID card field and its message", async ({
  page,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(/status of 400/);
  await gotoAndSettle(page, "/userProfileRegistration");
  await fillRegistration(page, newAccount(testInfo), sixMegabytes);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expectLandedOn(page, "ID Card", "The ID card image must be 5 MB or smaller.");
});

test("the College ID claim refusing a 6 MB ID card opens at the ID card field and its message", async ({
  page,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(/status of 400/);
  const account = newAccount(testInfo);
  await gotoAndSettle(page, "/college-id-claim");
  await field(page, "Full Name").fill(account.username);
  await field(page, "Email").fill(account.email);
  await field(page, "Enrollment Number").fill(account.enrollment);
  await field(page, "ID Card").setInputFiles(sixMegabytes);
  await page.getByRole("checkbox", { name: /^I agree that the council keeps these details/ }).check();
  await page.getByRole("button", { name: "Send to the council" }).click();
  await expectLandedOn(page, "ID Card", "The ID card image must be 5 MB or smaller.");
});

test("an application with the terms unticked opens at the box, at the foot of the form", async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 400/);
  await gotoAndSettle(page, "/join");
  await fillJoin(page, { terms: false });
  await submitApplication(page);
  await expectLandedOn(page, "I accept all terms and conditions", "Please accept the terms & conditions.");
});
