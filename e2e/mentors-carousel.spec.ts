import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";
import { siteURL } from "./servers";

/**
 * The home page's mentors carousel on a desktop (1280 px), where the row is about twice as wide as its box: the
 * previous and next buttons show, and move the row, by mouse and by keyboard.
 */

test.beforeEach(async ({ page, context }) => {
  // The hackathon popup closed on an earlier visit, so nothing covers the page.
  await context.addCookies([{ name: "hackathon-popup", value: "dismissed", url: siteURL }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoAndSettle(page, "/");
});

const row = (page: Page) => page.getByRole("region", { name: "Mentor heads carousel" });
const scrollLeft = (page: Page) => row(page).evaluate((element) => Math.round(element.scrollLeft));
/** The row's position once a smooth scroll has come to rest (two readings 100 ms apart agree). */
async function restingScrollLeft(page: Page): Promise<number> {
  let last = await scrollLeft(page);
  for (;;) {
    await page.waitForTimeout(100);
    const now = await scrollLeft(page);
    if (now === last) return now;
    last = now;
  }
}
const atEnd = (page: Page) =>
  row(page).evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);

test("with JavaScript the buttons show beside a row wider than its box, and Next moves it", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the buttons are the script's; without it the row scrolls by keyboard and trackpad");
  const previous = page.getByRole("button", { name: "Previous mentors" });
  const next = page.getByRole("button", { name: "Next mentors" });
  await row(page).scrollIntoViewIfNeeded();
  expect(
    await row(page).evaluate((element) => element.scrollWidth / element.clientWidth),
    "the row is wider than its box",
  ).toBeGreaterThan(1.5);
  await expect(previous).toBeVisible();
  await expect(next).toBeVisible();
  await expect(previous).toHaveAttribute("aria-disabled", "true");

  // The mouse.
  await next.click();
  await expect.poll(() => scrollLeft(page), "Next scrolls the row").toBeGreaterThan(100);
  await expect(previous).not.toHaveAttribute("aria-disabled");
  await previous.click();
  await expect.poll(() => scrollLeft(page), "Previous brings it back").toBe(0);

  // The keyboard: Enter on Next until the last mentor shows; the focus stays on the button all along.
  await next.focus();
  // Each press waits for the last one's smooth scroll to rest: read mid-way, the end looked not yet reached, and the
  // press that followed at the end (where Next does nothing) was taken for a press that failed to scroll.
  for (let press = 0; press < 10; press += 1) {
    const before = await restingScrollLeft(page);
    if (await atEnd(page)) break;
    await page.keyboard.press("Enter");
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(before);
  }
  expect(await atEnd(page), "the end of the row is reachable").toBe(true);
  await expect(row(page).getByRole("listitem").last()).toBeInViewport({ ratio: 0.95 });
  await expect(next).toHaveAttribute("aria-disabled", "true");
  await expect(next).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(previous).toBeFocused();
  await page.keyboard.press("Space");
  await expect.poll(() => atEnd(page), "Space on Previous moves back").toBe(false);
});

test("without JavaScript the buttons are hidden and the row still scrolls by keyboard", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the case without the script");
  await expect(page.getByRole("button", { name: "Next mentors" })).toBeHidden();
  await row(page).focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => scrollLeft(page), "an arrow key scrolls the focused row").toBeGreaterThan(0);
});
