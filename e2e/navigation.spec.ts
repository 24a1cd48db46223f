import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

/** The top navigation bar: the five links, in order. */
const primaryLinks = [
  ["Home", "/"],
  ["Clubs", "/clubs"],
  ["Mentors", "/mentors"],
  ["Team", "/team"],
  ["Gallery", "/gallery"],
] as const;

const header = (page: Page) => page.locator("#site-header");
const inlineLinks = (page: Page) => page.locator('#site-header nav[aria-label="Main"] ul a');
const menuButton = (page: Page) => page.locator('#site-header a[href="#site-menu"]');
const menu = (page: Page) => page.locator("#site-menu");
const menuPanel = (page: Page) => page.locator("#site-menu [data-menu-panel]");
const menuLinks = (page: Page) => menuPanel(page).locator("ul a");
const menuCloseButton = (page: Page) => page.locator("#site-menu [data-menu-close]");
const menuBackdrop = (page: Page) => page.locator('#site-menu > a[aria-hidden="true"]');

/**
 * What the visitor sees of the five links (text, aria-current, drawn in the accent or not), and
 * the site's accent colour as read from its theme. Colours are compared as the screen shows them, through a canvas,
 * whatever notation the stylesheet used (Tailwind 4 writes oklch).
 */
function navLinkStates(page: Page) {
  return page.evaluate(
    (selectors) => {
      const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
      if (!context) throw new Error("no 2d canvas");
      const rgbOf = (element: Element) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = getComputedStyle(element).color;
        context.fillRect(0, 0, 1, 1);
        return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
      };
      const probe = document.createElement("span");
      probe.style.color = "var(--color-accent)";
      document.body.append(probe);
      const accent = rgbOf(probe);
      probe.remove();
      const sets = selectors.map((selector) =>
        Array.from(document.querySelectorAll(selector), (link) => ({
          text: link.textContent?.trim(),
          current: link.getAttribute("aria-current"),
          accent: rgbOf(link).join() === accent.join(),
        })),
      );
      return { accent, sets };
    },
    // One list: the menu panel's, which is the bar's inline list from 768 px on.
    ['#site-header nav[aria-label="Main"] ul a'],
  );
}

/** Lets the page's scroll listener (one update per animation frame) catch up with a scroll. */
function nextFrames(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      ),
  );
}

async function scrollPageTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
  await nextFrames(page);
}

test("the current page's link, and only that one, is marked current and drawn in the accent red", async ({
  page,
  isMobile,
}) => {
  // Starts on a page outside the five links; home comes last, as its popup covers the page.
  await gotoAndSettle(page, "/sih");
  await expect(page.locator("#site-header [aria-current], #site-menu [aria-current]")).toHaveCount(0);

  const { accent } = await navLinkStates(page);
  // The current link is red (red-700 keeps 4.5:1 contrast on white).
  const [red = 0, green = 0, blue = 0] = accent;
  expect(red, `the accent ${accent.join(",")} is red`).toBeGreaterThan(150);
  expect(Math.max(green, blue), `the accent ${accent.join(",")} is red`).toBeLessThan(60);

  const visitingOrder = [...primaryLinks.slice(1), primaryLinks[0]];
  for (const [label, path] of visitingOrder) {
    if (isMobile) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await menuLinks(page).filter({ hasText: label }).click();
    } else {
      await inlineLinks(page).filter({ hasText: label }).click();
    }
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    // Away from the links: a hovered link is drawn in the accent too.
    await page.mouse.move(5, 400);

    const expected = primaryLinks.map(([text]) => ({
      text,
      current: text === label ? "page" : null,
      accent: text === label,
    }));
    // Polled: the link the visitor just left fades out of the accent with a colour transition.
    await expect.poll(async () => (await navLinkStates(page)).sets, { message: `on ${path}` }).toEqual([expected]);
  }
});

test("on a club's page the Clubs link is marked current in the accent red: the visitor is in the clubs section", async ({
  page,
}) => {
  await gotoAndSettle(page, "/club/coding");
  await page.mouse.move(5, 400);
  const expected = primaryLinks.map(([text]) => ({
    text,
    current: text === "Clubs" ? "page" : null,
    accent: text === "Clubs",
  }));
  await expect
    .poll(async () => (await navLinkStates(page)).sets, {
      message: "on /club/coding",
    })
    .toEqual([expected]);
});

test("every icon is drawn in the page itself, and a form page's hydration keeps the drawings", async ({ page }) => {
  for (const path of ["/", "/join"]) {
    await gotoAndSettle(page, path);
    const icons = await page.locator("svg[aria-hidden='true'][viewBox='0 0 24 24']").evaluateAll((found) =>
      found.map((icon) => ({
        drawn: icon.querySelector("path, circle, rect") !== null,
        pointsAway: icon.querySelector("use") !== null,
      })),
    );
    expect(icons.length, `${path} has icons`).toBeGreaterThan(5);
    expect(
      icons.filter(({ drawn, pointsAway }) => !drawn || pointsAway),
      `on ${path} no icon waits for the sprite file`,
    ).toEqual([]);
  }
});

for (const path of ["/clubs", "/hi/clubs"]) {
  test(`${path}: the council's name in the bar is never cut short: it fits, or wraps, and nothing runs off the screen`, async ({
    page,
  }) => {
    // In Hindi too: the bar's words and the language link ("English") are wider there.
    await gotoAndSettle(page, path);
    // The narrowest phones the site is built for, a common one, and either side of the width where the links come inline.
    for (const width of [360, 390, 767, 768, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      // The menu panel slides away when the width crosses 768 px: measured once it has (polled from here: without
      // JavaScript the page runs no callbacks of its own).
      await expect
        .poll(() =>
          page.evaluate(() => document.getAnimations().some((animation) => animation instanceof CSSTransition)),
        )
        .toBe(false);
      const layout = await page.evaluate(() => {
        const bar = document.querySelector<HTMLElement>("#site-header nav")!;
        const name = bar.querySelector<HTMLElement>(":scope > a:first-child span")!;
        const nameStyle = getComputedStyle(name);
        const barBox = bar.getBoundingClientRect();
        const nameBox = name.getBoundingClientRect();
        // The bar's items a visitor sees at this width (the menu panel's boxes are laid out only from 768 px on).
        const items = [...bar.querySelectorAll<HTMLElement>(":scope > a, #site-menu ul")]
          .filter((item) => getComputedStyle(item).visibility === "visible")
          .map((item) => item.getBoundingClientRect())
          .filter((box) => box.width > 0)
          .map((box) => ({ left: Math.round(box.left), right: Math.round(box.right) }));
        return {
          name: name.textContent,
          nameOverflows: name.scrollWidth > name.clientWidth,
          ellipsis: nameStyle.textOverflow === "ellipsis" && nameStyle.overflow !== "visible",
          nameInsideBar: nameBox.top >= barBox.top && nameBox.bottom <= barBox.bottom,
          items,
          pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          viewport: document.documentElement.clientWidth,
        };
      });
      const at = `at ${width} px`;
      expect(layout.name, at).toBe("Student Council");
      expect(layout.nameOverflows, `${at}: the name's text overflows its box`).toBe(false);
      expect(layout.ellipsis, `${at}: the name is cut with an ellipsis`).toBe(false);
      expect(layout.nameInsideBar, `${at}: the name stays within the bar's height`).toBe(true);
      expect(layout.pageOverflow, `${at}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      for (const [index, item] of layout.items.entries()) {
        expect(item.right, `${at}: item ${index} of the bar ends on screen`).toBeLessThanOrEqual(layout.viewport);
        const next = layout.items[index + 1];
        if (next) expect(item.right, `${at}: items ${index} and ${index + 1} overlap`).toBeLessThanOrEqual(next.left);
      }
    }
  });
}

test.describe("desktop width", () => {
  test.skip(({ isMobile }) => isMobile, "desktop projects only");

  test("shows the five links inline and no menu button", async ({ page }) => {
    await gotoAndSettle(page, "/clubs");
    for (const link of await inlineLinks(page).all()) await expect(link).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    // Of the menu panel, only its list shows: it is the bar's.
    await expect(menuCloseButton(page)).toBeHidden();
    await expect(menuBackdrop(page)).toBeHidden();
    await expect(header(page).getByRole("link", { name: "Mentors", exact: true })).toHaveCount(1);
    // The logo and product name lead home.
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Student Council" }),
    ).toHaveAttribute("href", "/");
  });
});

test.describe("phone width, with JavaScript", () => {
  test.skip(({ isMobile, javaScriptEnabled }) => !isMobile || !javaScriptEnabled, "phone project only");

  test.beforeEach(async ({ page }) => {
    await gotoAndSettle(page, "/clubs");
  });

  async function openMenu(page: Page) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu(page)).toHaveAttribute("data-open", "true");
    await expect(menuLinks(page).first()).toBeVisible();
  }

  async function expectMenuClosed(page: Page) {
    await expect(menu(page)).toHaveAttribute("data-open", "false");
    await expect(menuLinks(page).first()).toBeHidden();
    await expect(menuPanel(page)).not.toBeInViewport();
  }

  test("hides the inline links behind a menu button", async ({ page }) => {
    await expect(inlineLinks(page).first()).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expectMenuClosed(page);
  });

  test("the button opens a right-hand panel 80% wide with the five links", async ({ page }) => {
    await openMenu(page);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(menuButton(page), "the button now says what it does").toHaveAccessibleName("Close menu");
    await expect(menuLinks(page)).toHaveText(primaryLinks.map(([text]) => text));
    await expect(menuPanel(page)).toBeInViewport({ ratio: 1 });
    // Measured once the slide-in has finished.
    await expect
      .poll(async () => {
        const box = await menuPanel(page).boundingBox();
        return box && { left: Math.round(box.x), width: Math.round(box.width) };
      })
      .toEqual({ left: 390 - 312, width: 312 });
  });

  test("the panel's close button closes it", async ({ page }) => {
    await openMenu(page);
    await menuCloseButton(page).click();
    await expectMenuClosed(page);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
  });

  test("a click on the backdrop closes it", async ({ page }) => {
    await openMenu(page);
    await expect(menuBackdrop(page)).toBeVisible();
    await menuBackdrop(page).click({ position: { x: 20, y: 400 } });
    await expectMenuClosed(page);
    await expect(page).toHaveURL(/\/clubs$/);
  });

  test("a link closes it and navigates", async ({ page }) => {
    await openMenu(page);
    await menuLinks(page).filter({ hasText: "Gallery" }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Event Gallery");
    await expectMenuClosed(page);
  });

  test("Escape closes it and gives the focus back to the menu button", async ({ page }) => {
    await openMenu(page);
    await page.keyboard.press("Escape");
    await expectMenuClosed(page);
    await expect(menuButton(page)).toBeFocused();
  });

  test("growing the window to desktop width closes it", async ({ page }) => {
    await openMenu(page);
    await page.setViewportSize({ width: 800, height: 844 });
    await expect(menu(page)).toHaveAttribute("data-open", "false");
    await expect(inlineLinks(page).first()).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectMenuClosed(page);
  });

  test("page scrolling is locked while it is open", async ({ page }) => {
    const scrollY = () => page.evaluate(() => window.scrollY);
    await openMenu(page);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 600);
    await nextFrames(page);
    expect(await scrollY(), "the page did not scroll under the open menu").toBe(0);

    await menuCloseButton(page).click();
    await expectMenuClosed(page);
    await page.mouse.wheel(0, 600);
    await expect.poll(scrollY, { message: "the page scrolls again once the menu is closed" }).toBeGreaterThan(0);
  });
});

test.describe("phone width, without JavaScript", () => {
  test.skip(({ isMobile, javaScriptEnabled }) => !isMobile || javaScriptEnabled, "the phone-nojs project only");

  test("the menu opens and closes through its links", async ({ page }) => {
    await gotoAndSettle(page, "/clubs");
    await expect(inlineLinks(page).first()).toBeHidden();
    await expect(menuLinks(page).first()).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page).toHaveURL(/#site-menu$/);
    await expect(menuLinks(page)).toHaveText(primaryLinks.map(([text]) => text));
    for (const link of await menuLinks(page).all()) await expect(link).toBeVisible();
    // 80% of the screen; a desktop browser keeps its scrollbar's width out of it, a phone has none.
    const screenWidth = (await menu(page).boundingBox())?.width ?? 0;
    await expect
      .poll(async () => Math.round((await menuPanel(page).boundingBox())?.width ?? 0), { message: "80% of the screen" })
      .toBe(Math.round(screenWidth * 0.8));
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");

    await menuCloseButton(page).click();
    await expect(page).not.toHaveURL(/#site-menu$/);
    await expect(menuLinks(page).first()).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menuBackdrop(page).click({ position: { x: 20, y: 400 } });
    await expect(page).not.toHaveURL(/#site-menu$/);
    await expect(menuLinks(page).first()).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menuLinks(page).filter({ hasText: "Team" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(menuLinks(page).first()).toBeHidden();
  });
});

test.describe("hiding on scroll", { tag: "@scripts" }, () => {
  // Only in the projects with JavaScript (its tag, playwright.config.ts): the bar hides with JavaScript only.

  test("hides after scrolling down more than 5 px, returns on scrolling up, always shows in the top 50 px", async ({
    page,
  }) => {
    await gotoAndSettle(page, "/gallery");
    const bar = header(page);
    const barBottom = async () => {
      const box = await bar.boundingBox();
      return box ? Math.round(box.y + box.height) : null;
    };
    await expect(bar).toHaveAttribute("data-hidden", "false");

    await scrollPageTo(page, 45);
    await expect(bar, "within the top 50 px the bar stays").toHaveAttribute("data-hidden", "false");

    await scrollPageTo(page, 600);
    await expect(bar).toHaveAttribute("data-hidden", "true");
    await expect.poll(barBottom, { message: "the bar slides off screen" }).toBeLessThanOrEqual(0);

    await scrollPageTo(page, 590);
    await expect(bar, "scrolling up brings it back").toHaveAttribute("data-hidden", "false");
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);

    await scrollPageTo(page, 595);
    await expect(bar, "5 px down is not enough to hide it").toHaveAttribute("data-hidden", "false");
    await scrollPageTo(page, 597);
    await expect(bar, "7 px down hides it").toHaveAttribute("data-hidden", "true");

    await scrollPageTo(page, 30);
    await expect(bar).toHaveAttribute("data-hidden", "false");
    await expect(bar).toBeInViewport();
  });
});
