import type { Locator, Page } from "@playwright/test";
import { expect, getFromPageCache, gotoAndSettle, test } from "./fixtures";
import { logInOverHttp, registerOverHttp } from "./account-helpers";
import { field } from "./form-helpers";

/**
 * Finding the login, in every project, with JavaScript on and off, at 1280 px and 390 px: the account
 * link at the right of the header ("Log in", or a signed-in visitor's first name leading to the profile), in the
 * phone's menu panel too, and what the login page says a College ID is. The link is not one of the
 * five navigation links (navigation.spec.ts checks those five).
 */

// No loading screen to wait for: the header behaves the same, and the suite runs faster.
test.use({ reducedMotion: "reduce" });

const header = (page: Page) => page.locator("#site-header");
const menuPanel = (page: Page) => page.locator("#site-menu [data-menu-panel]");

/** The account link as the bar shows it: at the right end of the header, outside the list of the five links. */
async function expectAccountLinkInHeader(page: Page, name: string, href: string): Promise<Locator> {
  const link = header(page).getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", href);
  const [linkBox, headerBox] = [await link.boundingBox(), await header(page).boundingBox()];
  expect(linkBox, "the link has a box").not.toBeNull();
  expect(linkBox!.x + linkBox!.width, "at the right of the header").toBeGreaterThan((headerBox?.width ?? 0) * 0.6);
  expect(await link.evaluate((element) => element.closest("ul") === null), "not one of the five navigation links").toBe(
    true,
  );
  return link;
}

/** On a phone: opens the menu panel (a link to #site-menu, so also without JavaScript) and follows its account link. */
async function followAccountLink(page: Page, isMobile: boolean, name: string, link: Locator) {
  if (!isMobile) return link.click();
  await page.getByRole("button", { name: "Open menu" }).click();
  const panelLink = menuPanel(page).getByRole("link", { name, exact: true });
  await expect(panelLink).toBeVisible();
  await expect(panelLink).toBeInViewport({ ratio: 1 });
  await panelLink.click();
}

test("a signed-out visitor finds 'Log in' at the right of the header, and on a phone in the menu panel", async ({
  page,
  isMobile,
}) => {
  await gotoAndSettle(page, "/clubs");
  const logIn = await expectAccountLinkInHeader(page, "Log in", "/login");
  await followAccountLink(page, isMobile, "Log in", logIn);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
  await expect(header(page).getByRole("link", { name: "Log in", exact: true })).toHaveAttribute("aria-current", "page");
});

test("the login page says what a College ID is, in a hint tied to the field", async ({ page }) => {
  await gotoAndSettle(page, "/login");
  const hint = "Your College ID is the Enrollment Number you gave when you registered.";
  await expect(page.getByRole("main").getByText(hint, { exact: true })).toBeVisible();
  await expect(field(page, "College ID")).toHaveAccessibleDescription(hint);
});

test("signed in, the header shows the visitor's first name, leading to the profile; logged out, 'Log in' again", async ({
  page,
  request,
  isMobile,
}, testInfo) => {
  const account = await registerOverHttp(request, testInfo);

  await test.step("log in through the form", async () => {
    await gotoAndSettle(page, "/login");
    await field(page, "College ID").fill(account.enrollment);
    await field(page, "Password").fill(account.password);
    await page.getByRole("button", { name: "Login" }).click();
    // With scripts the success dialog shows for 1.5 s first; either way the visitor lands on the home page.
    await page.waitForURL((url) => url.pathname === "/");
  });

  await test.step("the header greets them by first name on every page, with and without scripts", async () => {
    // The registered name is "Priya Sharma <suffix>": the first word is the first name.
    await expectAccountLinkInHeader(page, "Priya (your profile)", "/userProfile");
    await gotoAndSettle(page, "/mentors");
    const name = await expectAccountLinkInHeader(page, "Priya (your profile)", "/userProfile");
    await followAccountLink(page, isMobile, "Priya (your profile)", name);
    await expect(page).toHaveURL(/\/userProfile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(account.username);
    await expect(header(page).getByRole("link", { name: "Priya (your profile)" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  await test.step("after logging out the header offers 'Log in' again", async () => {
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectAccountLinkInHeader(page, "Log in", "/login");
    await expect(header(page).getByRole("link", { name: /your profile/ })).toHaveCount(0);
  });
});

test("public pages still come from the page cache for signed-out visitors, never with anyone's name", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a server rule, the same in every browser: checked once");
  const path = "/developers";
  const signedOut = await playwright.request.newContext({ baseURL });
  try {
    await signedOut.get(path);
    const cached = await getFromPageCache(() => signedOut.get(path));
    expect(cached.headers()["x-page-cache"], "a cookie-less visitor gets the cached page").toBe("hit");
    expect(await cached.text(), "the cached page offers 'Log in'").toMatch(
      /<a(?=[^>]*data-account-link)[^>]*href="\/login"/,
    );

    const account = await registerOverHttp(request, testInfo);
    await logInOverHttp(page, account);
    const rendered = await page.request.get(path);
    expect(rendered.headers()["x-page-cache"], "a signed-in visitor's page is rendered for them").toBeUndefined();
    expect(await rendered.text()).toContain("Priya");

    const cachedAgain = await getFromPageCache(() => signedOut.get(path));
    expect(cachedAgain.headers()["x-page-cache"]).toBe("hit");
    expect(await cachedAgain.text(), "the cached page never carries a visitor's name").not.toContain("Priya");
  } finally {
    await signedOut.dispose();
  }
});
