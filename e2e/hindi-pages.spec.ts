import type { APIRequestContext, Page } from "@playwright/test";
import { bilingualPages } from "../app/pages-derived";
import { expect, expectNoA11yViolations, gotoAndSettle, inRunsOf, test } from "./fixtures";
import { logInOverHttp, registerOverHttp } from "./account-helpers";
import { toast } from "./form-helpers";
import { expectLinksWork } from "./links";

/**
 * Every Hindi page a visitor opens without signing in, with JavaScript at phone width and without it at desktop width
 * (playwright.config.ts pairs them, as its long journeys): a Hindi document with Hindi in its content, no
 * accessibility violation (with JavaScript), and the language link in the header and the footer naming the English twin. Without
 * JavaScript (a plain link: the same with it) the page's links are followed and the language link is clicked to the
 * English twin and back. The list is the route table's own
 * (app/pages.ts), so a page added later is checked too. The signed-in pages are the last test's; a member's link
 * page needs its e-mail's token (team-member.spec.ts); their Hindi texts are tests/i18n/hindi-*.test.ts's.
 */

const signedInOnly = ["userProfile", "userProfile/delete", "sih/team/add-member"];
const needsItsLink = ["sih/team-member"];
const hindiPages = bilingualPages
  .filter((page) => !signedInOnly.includes(page.path) && !needsItsLink.includes(page.path))
  .map((page) => {
    const english = `/${page.path.replace(":clubName", "coding")}`;
    return { english, hindi: english === "/" ? "/hi" : `/hi${english}` };
  });

const devanagari = /[\u0900-\u097F]/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The home page's hackathon popup covers the page until closed (in either language). */
async function closeThePopup(page: Page) {
  const popup = page.getByRole("dialog");
  if (await popup.isVisible()) {
    await popup.getByRole("button", { name: /^(बंद करें|Close)$/ }).click();
    await expect(popup).toBeHidden();
  }
}

/** The end of the page's address, so /hi/sih does not pass for /hi/sih/registration. */
const endsAt = (path: string) => new RegExp(`${escapeRegExp(path)}(?:[?#].*)?$`);

// Four pages a test, one tab each (fixtures.ts inRunsOf).
for (const run of inRunsOf(hindiPages, 4)) {
  const names = run.map(({ hindi }) => hindi).join(", ");
  test(`${names}: Hindi, its links, accessibility, and the language link to the English twin and back`, async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    for (const { english, hindi } of run) {
      await test.step(hindi, () => checkHindiPage(page, request, javaScriptEnabled, english, hindi));
    }
  });
}

async function checkHindiPage(
  page: Page,
  request: APIRequestContext,
  javaScriptEnabled: boolean,
  english: string,
  hindi: string,
) {
  const response = await gotoAndSettle(page, hindi);
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.locator("h1"), "one h1 per page").toHaveCount(1);
  await expect(page.locator("main")).toContainText(devanagari);

  const toEnglish = `/language?to=${encodeURIComponent(english)}`;
  const toHindi = `/language?to=${encodeURIComponent(hindi)}`;
  for (const area of [page.locator("#site-header"), page.locator("footer")]) {
    await expect(area.getByRole("link", { name: "English", exact: true })).toHaveAttribute("href", toEnglish);
  }
  // The axe scan once, on the page as a phone with JavaScript shows it: a Hindi page's structure is its English
  // twin's, scanned in every mode (pages.spec.ts); what Hindi can break is a name or a label left without words.
  // The links are the server's HTML and the language link a plain link: followed once, without JavaScript.
  if (javaScriptEnabled) {
    await test.step("no accessibility violations", () => expectNoA11yViolations(page));
    return;
  }

  await test.step("links", () => expectLinksWork(page, request));
  await test.step("the language link goes to the English twin and back", async () => {
    await closeThePopup(page);
    await page.locator("#site-header").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(endsAt(english === "/" ? "/" : english));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const back = page.locator("footer").getByRole("link", { name: "हिन्दी", exact: true });
    await expect(back).toHaveAttribute("href", toHindi);
    await closeThePopup(page);
    await back.click();
    await expect(page).toHaveURL(endsAt(hindi));
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  });
}

test("the list is every page of the route table but the signed-in ones and the link page", () => {
  expect(hindiPages).toHaveLength(bilingualPages.length - signedInOnly.length - needsItsLink.length);
  expect(hindiPages.map(({ hindi }) => hindi)).toEqual(
    expect.arrayContaining(["/hi", "/hi/clubs", "/hi/club/coding", "/hi/join", "/hi/login", "/hi/privacy"]),
  );
});

test("the signed-in pages in Hindi: the profile, its language link, deleting the account, and Logout", async ({
  page,
  request,
}, testInfo) => {
  const account = await registerOverHttp(request, testInfo);
  await logInOverHttp(page, account);

  await gotoAndSettle(page, "/hi/userProfile");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { name: "आपका ईमेल पता" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "आपने क्या भेजा" })).toBeVisible();
  await expect(main.getByRole("link", { name: "मेरा अकाउंट डिलीट करें" })).toHaveAttribute(
    "href",
    "/hi/userProfile/delete",
  );
  await expectNoA11yViolations(page);
  // A long e-mail address wraps: the page never scrolls sideways (a phone's header would slide off with it).
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBeLessThanOrEqual(0);

  // The language link: the English profile, and back.
  await page.locator("#site-header").getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(endsAt("/userProfile"));
  await expect(page.locator("main").getByRole("heading", { name: "What you sent" })).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await page.locator("footer").getByRole("link", { name: "हिन्दी", exact: true }).click();
  await expect(page).toHaveURL(endsAt("/hi/userProfile"));

  await main.getByRole("link", { name: "मेरा अकाउंट डिलीट करें" }).click();
  await expect(page).toHaveURL(endsAt("/hi/userProfile/delete"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("मेरा अकाउंट डिलीट करें");
  await expectNoA11yViolations(page);
  await page.goBack();

  await expect(page).toHaveURL(endsAt("/hi/userProfile"));
  await page.getByRole("button", { name: "लॉग आउट" }).click();
  await expect(page).toHaveURL(endsAt("/hi"));
  await expect(toast(page, "आप लॉग आउट हो गए हैं।")).toBeVisible();
});
