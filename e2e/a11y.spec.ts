import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";

/**
 * The states of a page that a plain page load does not show, in every project: no axe violation at all. Every page
 * as loaded (the home page with its popup open, and the Not Found page) is scanned by pages.spec.ts.
 */

test("the home page has no accessibility violations once the popup is closed", async ({ page }) => {
  await gotoAndSettle(page, "/");
  const popup = page.getByRole("dialog", { name: "SIH 2025 Internal Hackathon" });
  await expect(popup).toBeVisible();
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toBeHidden();
  await expectNoA11yViolations(page);
});

test.describe("with the phone menu open", () => {
  // The phone projects, with JavaScript and without (there the menu opens through #site-menu).
  test.skip(({ isMobile }) => !isMobile, "phone width only");

  test("the page has no accessibility violations", async ({ page, javaScriptEnabled }) => {
    await gotoAndSettle(page, "/clubs");
    await page.getByRole("button", { name: "Open menu" }).click();
    if (javaScriptEnabled) await expect(page.locator("#site-menu")).toHaveAttribute("data-open", "true");
    else await expect(page).toHaveURL(/#site-menu$/);
    const links = page.locator("#site-menu [data-menu-panel] ul a");
    for (const link of await links.all()) await expect(link).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
