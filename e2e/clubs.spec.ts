import type { Locator, Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

/**
 * The club cards of /clubs (on hover the logo blurs and the club name appears with the council's name as caption), in
 * every project: at desktop widths the name appears on hover and, for keyboard users, on focus; touch screens have
 * no hover, so there every card shows its name.
 */

test.use({ reducedMotion: "reduce" });

const cards = (page: Page) => page.getByRole("main").locator("a[href^='/club/']");

/** The club's name, as the card keeps it for the name it draws under the logo on touch screens. */
const clubName = (card: Locator) => card.locator("[data-name]").first().getAttribute("data-name");

/**
 * Whether a sighted visitor can read the club's name on the card now (opacity, display and size, all ancestors), as
 * text or as the name the stylesheet draws.
 */
function nameReadable(card: Locator): Promise<boolean> {
  return card.evaluate((link) => {
    const name = link.querySelector("[data-name]")?.getAttribute("data-name") ?? "";
    const says = (element: Element) =>
      element.textContent?.trim() === name || getComputedStyle(element, "::after").content === JSON.stringify(name);
    return [...link.querySelectorAll("*")]
      .filter((element) => element.childElementCount === 0 && says(element))
      .some((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node && node !== link.parentElement; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.display === "none" || style.visibility === "hidden") return false;
          opacity *= Number(style.opacity);
        }
        const box = element.getBoundingClientRect();
        return opacity > 0.99 && box.width > 0 && box.height > 0;
      });
  });
}

test.beforeEach(async ({ page }) => {
  await gotoAndSettle(page, "/clubs");
  await expect(cards(page)).toHaveCount(19);
});

test.describe("at desktop widths, with a mouse", () => {
  test.skip(({ isMobile }) => isMobile, "desktop projects only");

  test("a club's name appears on hover, and not before", async ({ page }) => {
    const card = cards(page).nth(1);
    await page.mouse.move(5, 5);
    await expect.poll(() => nameReadable(card), { message: "hidden until hovered" }).toBe(false);
    await card.hover();
    await expect.poll(() => nameReadable(card), { message: "shown on hover" }).toBe(true);
  });

  test("a club's name appears when the card gets the keyboard's focus", async ({ page }) => {
    await page.mouse.move(5, 5);
    // From the start of the page's content, Tab reaches the first card.
    await page.getByRole("main").focus();
    await page.keyboard.press("Tab");
    const first = cards(page).first();
    await expect(first).toBeFocused();
    await expect.poll(() => nameReadable(first), { message: "shown on keyboard focus" }).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => nameReadable(cards(page).nth(1)), { message: "the next card, focused in turn" }).toBe(true);
    await expect.poll(() => nameReadable(first), { message: "and hidden again once the focus moved on" }).toBe(false);
  });
});

test.describe("on a touch screen", () => {
  test.skip(({ isMobile }) => !isMobile, "phone projects only");

  test("every club's name shows without hovering", async ({ page }) => {
    expect(await page.evaluate(() => matchMedia("(hover: none)").matches), "the screen has no hover").toBe(true);
    for (const card of await cards(page).all()) {
      expect(await nameReadable(card), `${await clubName(card)} shows its name`).toBe(true);
    }
  });
});

test("each card is named by what it shows, the club's name and the caption, its logo named by the club", async ({
  page,
}) => {
  // A voice user says what they see: the name holds the visible name and caption, in the order they show. The name
  // comes from the logo's alt text (a text browser shows an image without one as its file name); the names drawn for
  // the eye are hidden from screen readers, so the club is read once.
  await expect(cards(page).and(page.locator("[href='/club/coding']"))).toHaveAccessibleName(
    "Coding Club Student Council",
  );
  for (const card of await cards(page).all()) {
    await expect(card).toHaveAccessibleName(/^\S.* Student Council$/);
    await expect(card.getByRole("img")).toHaveCount(1);
    await expect(card.getByRole("img")).toHaveAccessibleName((await clubName(card)) ?? "");
  }
});
