import { randomInt } from "node:crypto";
import { type APIRequestContext, expect, type Page, type Response, type TestInfo } from "@playwright/test";
import { gotoAndSettle } from "./fixtures";
import { field, pngIdCard, toast, uniqueSuffix } from "./form-helpers";

/**
 * The account flow's steps, shared by the account specs of every identity provider (the built-in store in
 * account.spec.ts, Firebase in firebase.spec.ts). The texts they expect are spelled out as docs/behaviour.md gives
 * them.
 */

export interface Account {
  username: string;
  email: string;
  enrollment: string;
  college: string;
  branch: string;
  phone: string;
  dob: string;
  /** The password: the date of birth written DDMMYYYY. */
  password: string;
  gender: string;
}

export function newAccount(testInfo: TestInfo): Account {
  const suffix = uniqueSuffix(testInfo);
  return {
    username: `Priya Sharma ${suffix}`,
    email: `priya.${suffix.toLowerCase()}@example.com`,
    enrollment: `E2E${suffix}`,
    college: "Technocrats Institute of Technology",
    branch: "CSE",
    // Unique too: Firebase keeps phone numbers unique (10 digits starting with 9).
    phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
    dob: "2004-09-05",
    password: "05092004",
    gender: "Female",
  };
}

export async function fillRegistration(page: Page, account: Account, idCard: typeof pngIdCard = pngIdCard) {
  await field(page, "Full Name").fill(account.username);
  await field(page, "Email").fill(account.email);
  await field(page, "Enrollment Number").fill(account.enrollment);
  await field(page, "College Name").fill(account.college);
  await field(page, "Branch").fill(account.branch);
  await field(page, "Phone Number").fill(account.phone);
  await field(page, "Date of Birth").fill(account.dob);
  await field(page, "Gender").selectOption(account.gender);
  await field(page, "ID Card").setInputFiles(idCard);
  await consentBox(page).check();
}

/** The registration form's consent box, by its label. */
export const consentBox = (page: Page) =>
  page.getByRole("checkbox", { name: "I agree that the council keeps these details as the privacy notice says." });

/** Fills and sends the login form; resolves with the server's answer to it. */
export async function logIn(page: Page, collegeId: string, password: string): Promise<Response> {
  await field(page, "College ID").fill(collegeId);
  await field(page, "Password").fill(password);
  // With scripts the answer is a data request (/login.data), without them the next document.
  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/login"),
  );
  await page.getByRole("button", { name: "Login" }).click();
  return answer;
}

type TimedWindow = Window & { successDialogShownMs?: Promise<number> };

/**
 * With scripts, before submitting: records in the page how long the success dialog stays open before the
 * visitor arrives at / (from the dialog's opening to the new address, to the frame). The opening is noted as the DOM
 * changes, not at the next frame: on a busy machine a frame can come a tenth of a second late, which would shorten
 * the measured time.
 */
function timeSuccessDialog(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as TimedWindow).successDialogShownMs = new Promise<number>((resolve) => {
      let openedAt: number | undefined;
      const opened = () => {
        if (openedAt === undefined && document.querySelector("dialog[open]")) openedAt = performance.now();
      };
      new MutationObserver(opened).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["open"],
      });
      const tick = () => {
        opened();
        if (openedAt !== undefined && location.pathname === "/") resolve(performance.now() - openedAt);
        else requestAnimationFrame(tick);
      };
      tick();
    });
  });
}

/** With scripts: the success dialog shows, stays for `shownMs`, then the visitor is taken home. */
async function expectSuccessDialogThenHome(page: Page, message: string, shownMs: number) {
  const dialog = page.getByRole("dialog", { name: message });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Taking you to the home page");
  await page.waitForURL((url) => url.pathname === "/");
  const shownFor = await page.evaluate(() => (window as TimedWindow).successDialogShownMs);
  // One frame of slack for the measurement.
  expect(shownFor, `'${message}' stays ${shownMs} ms before going home`).toBeGreaterThanOrEqual(shownMs - 50);
  await expect(dialog).toHaveCount(0);
}

/** A profile detail (Email, Phone, ...) as the card shows it. */
function profileDetail(page: Page, label: string) {
  return page
    .getByRole("main")
    .locator("dl > div")
    .filter({ has: page.locator("dt").getByText(label, { exact: true }) })
    .locator("dd");
}

/** The registration form filled with `account` and sent; the specified success, with scripts or without. */
export async function registerThroughForm(page: Page, account: Account, javaScriptEnabled: boolean) {
  await gotoAndSettle(page, "/userProfileRegistration");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("User Registration");
  await fillRegistration(page, account);
  if (javaScriptEnabled) await timeSuccessDialog(page);
  await page.getByRole("button", { name: "Register" }).click();
  if (javaScriptEnabled) {
    await expectSuccessDialogThenHome(page, "Registration Successful!", 2500);
  } else {
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Registration Successful!")).toBeVisible();
  }
}

/** Logging in with College ID and date of birth; the specified success, with scripts or without. */
export async function logInThroughForm(page: Page, account: Account, javaScriptEnabled: boolean) {
  await gotoAndSettle(page, "/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
  if (javaScriptEnabled) await timeSuccessDialog(page);
  await logIn(page, account.enrollment, account.password);
  if (javaScriptEnabled) {
    await expectSuccessDialogThenHome(page, "Login Successful!", 1500);
  } else {
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Login Successful!")).toBeVisible();
  }
}

/** The profile page shows the card of `account` (registered with newAccount's date of birth and gender). */
export async function expectProfileCard(page: Page, account: Account) {
  await gotoAndSettle(page, "/userProfile");
  await expect(page).toHaveURL(/\/userProfile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(account.username);
  await expect(
    page.getByRole("main").getByText(`${account.branch} | ${account.college}`, { exact: true }),
  ).toBeVisible();
  await expect(profileDetail(page, "Email")).toHaveText(account.email);
  await expect(profileDetail(page, "Phone")).toHaveText(`+91 ${account.phone.slice(0, 5)} ${account.phone.slice(5)}`);
  await expect(profileDetail(page, "College")).toHaveText(account.college);
  await expect(profileDetail(page, "Date of birth | Gender")).toHaveText("5 September 2004 | Female");
}

/**
 * Registers a new account by posting the registration form over HTTP, for tests about what a signed-in visitor
 * sees (account.spec.ts tests the form itself). `request` is a context of its own: its flash toast stays there.
 */
export async function registerOverHttp(request: APIRequestContext, testInfo: TestInfo): Promise<Account> {
  const account = newAccount(testInfo);
  const { password: _password, ...fields } = account;
  const response = await request.post("/userProfileRegistration", {
    multipart: { ...fields, idCard: pngIdCard, consent: "on" },
    maxRedirects: 0,
  });
  expect(response.status(), "registration redirects home").toBe(302);
  return account;
}

/**
 * Signs the page's browser context in by posting the login form over HTTP. The redirect is followed, so the
 * 'Login Successful!' toast is used up there and not shown on the test's next page.
 */
export async function logInOverHttp(page: Page, account: Account): Promise<void> {
  const response = await page.request.post("/login", {
    form: { collegeId: account.enrollment, password: account.password },
  });
  expect(response.ok(), "login succeeds").toBe(true);
  expect(new URL(response.url()).pathname, "login leads home").toBe("/");
}
