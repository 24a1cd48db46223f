import {
  consentBox,
  expectProfileCard,
  fillRegistration,
  logIn,
  logInThroughForm,
  newAccount,
  registerThroughForm,
} from "./account-helpers";
import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import {
  actAsOwnClient,
  expectImageLoaded,
  field,
  formAlert,
  pngIdCard,
  textIdCard,
  toast,
  uniqueSuffix,
} from "./form-helpers";

/**
 * The account forms in every project, with JavaScript on and off: register, log in with College ID and
 * date of birth, the profile card, log out; the registration and login messages; axe on each page. Messages are
 * spelled out as docs/behaviour.md gives them ("Accounts"), never read from the app.
 *
 * Failed logins are limited per client for the whole server run, so every test that fails one on purpose acts as a
 * client of its own (actAsOwnClient) with a College ID of its own.
 */

// Visitors who prefer reduced motion never see the loading screen, so gotoAndSettle returns once the page has
// hydrated instead of after the screen's welcome and fade: the forms behave the same, and the suite runs faster.
test.use({ reducedMotion: "reduce" });

test("a visitor registers, logs in with College ID and date of birth, sees the profile and logs out", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const account = newAccount(testInfo);

  await test.step("register", () => registerThroughForm(page, account, javaScriptEnabled));
  await test.step("log in", () => logInThroughForm(page, account, javaScriptEnabled));
  await test.step("the profile card shows the registered details", async () => {
    await expectProfileCard(page, account);
    await expect(page.getByRole("region", { name: "About" })).toContainText("No bio provided.");
    await expect(page.getByText("Edit Profile", { exact: true })).toBeVisible();
  });

  await test.step("the signed-in profile has no accessibility violations", () => expectNoA11yViolations(page));

  if (javaScriptEnabled) {
    await test.step("a picture chosen for the avatar is previewed", async () => {
      await page.getByLabel("Change profile picture").setInputFiles(pngIdCard);
      await expectImageLoaded(
        page.getByRole("img", { name: `Profile picture chosen for ${account.username} (preview only, not uploaded)` }),
      );
    });
  }

  await test.step("log out (a POST button) goes home signed out", async () => {
    const logout = page.getByRole("button", { name: "Logout" });
    await expect(logout).toHaveAttribute("type", "submit");
    await expect(page.locator("form[method='post']").filter({ has: logout })).toHaveCount(1);
    await logout.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "You have been logged out.")).toBeVisible();
  });

  await test.step("the profile now leads to the login page", async () => {
    await gotoAndSettle(page, "/userProfile");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
  });
});

test("registration refuses a 5-digit phone and a text file as ID card, keeping the entries", async ({
  page,
  javaScriptEnabled,
  allowConsoleErrors,
}, testInfo) => {
  // Without scripts (and with them, for the ID card checked by the server) a refusal is a page or data answered
  // with HTTP 400, which Chromium reports as a failed resource.
  allowConsoleErrors(/status of 400/);
  const account = newAccount(testInfo);
  await gotoAndSettle(page, "/userProfileRegistration");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("User Registration");
  await test.step("the form as loaded has no accessibility violations", () => expectNoA11yViolations(page));

  if (javaScriptEnabled) {
    await test.step("with scripts the phone keeps digits only, drops a leading 91 and keeps 10 digits", async () => {
      const phone = field(page, "Phone Number");
      await phone.pressSequentially("+91 98765-43210");
      await expect(phone).toHaveValue("9876543210");
    });
    await test.step("with scripts the chosen ID card image is previewed", async () => {
      await field(page, "ID Card").setInputFiles(pngIdCard);
      await expectImageLoaded(page.getByRole("img", { name: `Preview of your ID card (${pngIdCard.name})` }));
    });
  }

  await test.step("a phone of 5 digits: 'Phone number must be 10 digits.'", async () => {
    await fillRegistration(page, { ...account, phone: "12345" });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(field(page, "Phone Number")).toHaveAccessibleDescription("Phone number must be 10 digits.");
    await expect(page).toHaveURL(/\/userProfileRegistration$/);
    await expect(field(page, "Full Name")).toHaveValue(account.username);
    await expect(field(page, "Email")).toHaveValue(account.email);
    await expect(field(page, "Enrollment Number")).toHaveValue(account.enrollment);
    await expect(field(page, "Phone Number")).toHaveValue("12345");
    await expect(field(page, "Date of Birth")).toHaveValue(account.dob);
    await expect(field(page, "Gender")).toHaveValue(account.gender);
  });

  await test.step("a text file as ID card: it must be an image", async () => {
    await field(page, "Phone Number").fill(account.phone);
    await field(page, "ID Card").setInputFiles(textIdCard);
    await page.getByRole("button", { name: "Register" }).click();
    const message = "The ID card must be an image (PNG, JPEG, GIF or WebP).";
    await expect(page.getByRole("main").getByText(message, { exact: true })).toBeVisible();
    await expect(field(page, "ID Card")).toHaveAccessibleDescription(
      new RegExp(`^${message.replace(/[.()]/g, "\\$&")}`),
    );
    await expect(field(page, "Phone Number")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/userProfileRegistration$/);
    await expect(field(page, "Full Name")).toHaveValue(account.username);
  });

  await test.step("the consent box left unticked: 'Please agree to the privacy notice to register.'", async () => {
    await field(page, "ID Card").setInputFiles(pngIdCard);
    await consentBox(page).uncheck();
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(consentBox(page)).toHaveAccessibleDescription("Please agree to the privacy notice to register.");
    await expect(consentBox(page)).not.toBeChecked();
    await expect(page).toHaveURL(/\/userProfileRegistration$/);
    await expect(field(page, "Enrollment Number")).toHaveValue(account.enrollment);
  });
  await expect(page.getByRole("dialog"), "no success dialog").toHaveCount(0);
});

test.describe("login (/login)", () => {
  test("a wrong password is refused with 'Invalid College ID or Password.' and is not sent back", async ({
    page,
    javaScriptEnabled,
    allowConsoleErrors,
  }, testInfo) => {
    // The refusal answers HTTP 401, which Chromium reports as a failed resource.
    allowConsoleErrors(/status of 401/);
    await actAsOwnClient(page);
    const collegeId = `E2ENOBODY${uniqueSuffix(testInfo)}`;
    await gotoAndSettle(page, "/login");
    await test.step("the form as loaded has no accessibility violations", () => expectNoA11yViolations(page));
    const answer = await logIn(page, collegeId, "01012000");
    expect(answer.status()).toBe(401);
    expect(await answer.text(), "the answer never carries the password").not.toContain("01012000");

    await expect(formAlert(page)).toHaveText("Invalid College ID or Password.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(field(page, "College ID")).toHaveValue(collegeId);
    // Without scripts the page is the server's answer: the password is not put back. (With scripts the browser
    // keeps what was typed; the answer above never held it.)
    if (!javaScriptEnabled) await expect(field(page, "Password")).toHaveValue("");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("after five failures the sixth attempt is refused as too many", async ({
    page,
    allowConsoleErrors,
  }, testInfo) => {
    // A server rule, the same whatever the browser: one project is enough.
    test.skip(testInfo.project.name !== "desktop-nojs", "checked once, without scripts");
    allowConsoleErrors(/status of 401/, /status of 429/);
    await actAsOwnClient(page);
    const collegeId = `E2ELIMIT${uniqueSuffix(testInfo)}`;
    await gotoAndSettle(page, "/login");

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await logIn(page, collegeId, `0101200${attempt}`)).status(), `attempt ${attempt} is refused`).toBe(401);
      await expect(formAlert(page), `attempt ${attempt}`).toHaveText("Invalid College ID or Password.");
    }
    expect((await logIn(page, collegeId, "01012006")).status(), "the sixth attempt is refused as too many").toBe(429);
    await expect(formAlert(page)).toHaveText("Too many failed login attempts. Please try again in 15 minutes.");
  });
});
