import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

/** Section 4, hackathon popup: visible at first; closes on its close button or the backdrop; never reappears. */
const popup = (page: Page) => page.getByRole("dialog", { name: "SIH 2025 Internal Hackathon" });

async function closePopup(page: Page) {
  await popup(page).getByRole("button", { name: "Close" }).click();
  await expect(popup(page)).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await gotoAndSettle(page, "/");
});

test("the hackathon popup shows at first and promotes the hackathon", async ({ page }) => {
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toBeInViewport({ ratio: 1 });
  await expect(popup(page).getByRole("link", { name: /hackathon/i })).toHaveAttribute("href", "/sih");
});

test("its close button dismisses it", async ({ page }) => {
  await closePopup(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("once dismissed it stays closed while the visitor moves around the page", async ({ page }) => {
  await closePopup(page);
  // Following an in-page link (the skip link) keeps the same page.
  await page.getByRole("link", { name: "Skip to content" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await expect(popup(page)).toBeHidden();
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the modal backdrop and client navigation need JavaScript");

  test("a click on the backdrop dismisses it", async ({ page }) => {
    const box = await popup(page).boundingBox();
    expect(box, "the popup has a box").not.toBeNull();
    // A point above the popup's box, on the dimmed backdrop.
    await page.mouse.click(10, Math.max(1, (box?.y ?? 0) / 2));
    await expect(popup(page)).toBeHidden();
  });

  test("a click inside the popup does not dismiss it", async ({ page }) => {
    await popup(page).getByRole("paragraph").first().click();
    await expect(popup(page)).toBeVisible();
  });

  test("once dismissed it does not come back after navigating away and back", async ({ page }) => {
    await closePopup(page);
    const quickLinks = page.locator('nav[aria-labelledby="footer-quick-links"]');
    await quickLinks.getByRole("link", { name: "Clubs" }).click();
    await expect(page).toHaveURL(/\/clubs$/);
    await quickLinks.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Council");
    await expect(popup(page)).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/clubs$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(popup(page)).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the no-JavaScript project only");

  test("the popup blocks nothing: the page behind it can be used", async ({ page }) => {
    await expect(popup(page)).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clubs" }).click();
    await expect(page).toHaveURL(/\/clubs$/);
  });
});
