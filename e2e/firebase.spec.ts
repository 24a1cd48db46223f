import { expectProfileCard, logInThroughForm, newAccount, registerThroughForm } from "./account-helpers";
import { expect, gotoAndSettle, test } from "./fixtures";
import { toast } from "./form-helpers";
import { waitForMail } from "./mail";
import { authEmulatorHost, firebaseSiteURL } from "./servers";

/**
 * Firebase sign-in in the browser: the second site of the run keeps its accounts in Firebase Authentication (the Auth
 * emulator), with JavaScript on and off. Register, log in with College ID and date of birth, the profile card with
 * what Firebase and the site's store hold, log out; then a copy of the session cookie taken before logging out opens
 * nothing. And the address proven through the e-mail the site sends, with Firebase's own flag. Messages are spelled
 * out as docs/behaviour.md gives them.
 */

test.use({ baseURL: firebaseSiteURL, reducedMotion: "reduce" });
// The flow is the server's; the phone layout of these pages is covered by account.spec.ts.
test.skip(({ isMobile }) => isMobile, "checked on desktop, with and without JavaScript");
test.skip(process.env.E2E_WITHOUT_FIREBASE === "1", "this run starts no Auth emulator (playwright.config.ts)");

/** The Firebase user as the emulator holds it (firebase-admin's view, with the emulator's owner token). */
async function firebaseUser(uid: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/demo-council/accounts:lookup`,
    {
      method: "POST",
      headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { users?: Record<string, unknown>[] };
  return body.users?.[0];
}

test("with Firebase sign-in a visitor registers, logs in, sees the profile and logs out, and an old cookie opens nothing", async ({
  page,
  context,
  javaScriptEnabled,
}, testInfo) => {
  const account = newAccount(testInfo);

  // In lower case: the College ID is the enrollment number upper-cased.
  await test.step("register", () =>
    registerThroughForm(page, { ...account, enrollment: account.enrollment.toLowerCase() }, javaScriptEnabled));

  await test.step("the account is a Firebase user: uid = enrollment number, with its name, no address, no phone", async () => {
    const user = await firebaseUser(account.enrollment);
    expect(user).toMatchObject({
      localId: account.enrollment,
      // The typed address and phone stay in the site's profile: Firebase keeps both unique, so whoever registered
      // first with a classmate's address or number would block its owner. Its user holds a placeholder address.
      email: expect.stringMatching(/^[0-9a-f]{24}@unconfirmed\.invalid$/),
      displayName: account.username,
    });
    expect(user?.phoneNumber).toBeUndefined();
  });

  await test.step("log in with College ID and date of birth", () => logInThroughForm(page, account, javaScriptEnabled));
  await test.step("the profile card shows Firebase's and the store's details", () => expectProfileCard(page, account));

  const cookiesBeforeLogout = await context.cookies();
  expect(cookiesBeforeLogout.map((cookie) => cookie.name)).toContain("__session");

  await test.step("log out goes home signed out", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "You have been logged out.")).toBeVisible();
    await gotoAndSettle(page, "/userProfile");
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step("the session cookie copied before logging out opens nothing and is cleared", async () => {
    await context.clearCookies();
    await context.addCookies(cookiesBeforeLogout);
    await gotoAndSettle(page, "/userProfile");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("__session");
  });
});

test("with Firebase sign-in a student confirms the address from the e-mail the site sends, and the profile says so", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const account = newAccount(testInfo);
  await registerThroughForm(page, account, javaScriptEnabled);
  await logInThroughForm(page, account, javaScriptEnabled);

  const emailStatus = page.getByRole("region", { name: "Your e-mail address" });
  await test.step("the profile says the address is not confirmed yet, and what happens if it stays so", async () => {
    await gotoAndSettle(page, "/userProfile");
    await expect(emailStatus.getByText("Not confirmed yet.")).toBeVisible();
    await expect(emailStatus).toContainText("An account not confirmed within 7 days of registering is removed.");
    await expect(emailStatus.getByRole("button", { name: "Send the link again" })).toBeVisible();
  });

  const mail = await waitForMail(account.email, { subject: /^Confirm your e-mail address/ });
  const link = mail.links.find((href) => href.includes("/verify-email?token="));
  await test.step("the e-mail links to this site's own page, not Firebase's, and says what happens without it", () => {
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(`${firebaseSiteURL}/verify-email?token=`)).toBe(true);
    expect(mail.text).toContain("An account whose address is not confirmed within 7 days is removed");
    expect(mail.text).toContain(`College ID and name ${account.enrollment.toUpperCase()} (${account.username})`);
    // Firebase decides how long its code lasts: the e-mail does not promise 24 hours.
    expect(mail.text).not.toContain("24 hours");
  });

  await test.step("opening the link shows the button and leaves the address unproven", async () => {
    await gotoAndSettle(page, link!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your e-mail address");
    await expect(page.getByRole("button", { name: "Confirm my e-mail address" })).toBeVisible();
    expect((await firebaseUser(account.enrollment))?.emailVerified).toBeFalsy();
  });

  await test.step("the button sets Firebase's flag, and the profile says Confirmed.", async () => {
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page).toHaveURL(/\/userProfile$/);
    await expect(toast(page, "Your e-mail address is confirmed.")).toBeVisible();
    await expect(emailStatus.getByText("Confirmed.")).toBeVisible();
    await expect(emailStatus.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
    expect((await firebaseUser(account.enrollment))?.emailVerified).toBe(true);
  });
});
