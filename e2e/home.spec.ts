import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";
import { logInOverHttp, registerOverHttp } from "./account-helpers";
import { toast } from "./form-helpers";

/** The hackathon popup: visible at first; closes on its close button or the backdrop; never reappears. */
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

test("the page's h1 is its first heading: the popup, which comes before it, is named by a title that is no heading", async ({
  page,
}) => {
  const first = await page
    .locator("h1, h2, h3, h4, h5, h6, [role=heading]")
    .first()
    .evaluate((heading) => heading.tagName);
  expect(first).toBe("H1");
  await expect(popup(page)).toBeVisible();
  // Its title still looks like one.
  await expect(page.locator("#hackathon-popup-title")).toHaveCSS("font-weight", "700");
});

test.describe("with JavaScript", { tag: "@scripts" }, () => {
  // Only in the projects with JavaScript (its tag, playwright.config.ts): the modal backdrop and client navigation need JavaScript.

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

test.describe("without JavaScript", { tag: "@no-scripts" }, () => {
  // Only in the projects without JavaScript (its tag, playwright.config.ts): the no-JavaScript projects only.

  test("the popup blocks nothing: the page behind it can be used", async ({ page }) => {
    await expect(popup(page)).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Join the Council", exact: true }).click();
    await expect(page).toHaveURL(/\/join$/);
  });

  test("the popup sits above the hero and covers none of the hero title on first view", async ({ page }) => {
    await expect(popup(page)).toBeInViewport();
    const title = page.getByRole("heading", { level: 1 });
    await expect(title).toHaveText("Student Council");
    await expect(title).toBeInViewport();
    // A grid of points over the part of the title on screen: at each, the title itself is the topmost element.
    const covered = await title.evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      const bottom = Math.min(box.bottom, window.innerHeight) - 1;
      const misses: string[] = [];
      for (let row = 0; row <= 4; row += 1) {
        for (let column = 0; column <= 4; column += 1) {
          const x = box.left + 1 + ((box.width - 2) * column) / 4;
          const y = box.top + 1 + ((bottom - box.top - 1) * row) / 4;
          const top = document.elementFromPoint(x, y);
          if (!top || !heading.contains(top))
            misses.push(`(${Math.round(x)}, ${Math.round(y)}): ${top?.tagName ?? "nothing"}`);
        }
      }
      return misses;
    });
    expect(covered, "points of the hero title covered by something else").toEqual([]);
  });
});

test.describe("a message that lands on the home page", () => {
  test.use({ reducedMotion: "reduce" });

  /**
   * Samples, from the toast's arrival until it has closed itself, which element is at the toast's centre. Polled from
   * the test (not in the page): without JavaScript the page runs no animation-frame callbacks.
   */
  async function topmostAtToastCentre(page: Page, message: string): Promise<string[]> {
    const samples: string[] = [];
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const sample = await page.evaluate((text) => {
        const shown = [...document.querySelectorAll("[data-toast-type]")].find((toast) =>
          toast.textContent?.includes(text),
        );
        if (!shown || getComputedStyle(shown).visibility === "hidden") return null;
        const box = shown.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top && shown.contains(top)
          ? "the toast"
          : `<${top?.tagName.toLowerCase() ?? "nothing"}> ${top?.id ?? ""}`;
      }, message);
      if (sample === null) return samples;
      samples.push(sample);
      await page.waitForTimeout(50);
    }
    throw new Error(`'${message}' did not close within 15 s`);
  }

  /**
   * Without JavaScript nothing could close the message or hold it while it is read, so it stays: in the page's flow
   * above the popup card, which it pushes down rather than covers (with JavaScript it closes after 3 s, as specified).
   */
  async function expectMessageAbovePopup(page: Page, message: string) {
    const shown = page.locator("[data-toast-type]").filter({ hasText: message });
    const layout = async () =>
      shown.evaluate((toastElement) => {
        const box = toastElement.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const dialog = document.getElementById("hackathon-popup")!.getBoundingClientRect();
        return {
          onTop: top !== null && toastElement.contains(top),
          opacity: getComputedStyle(toastElement).opacity,
          apart: box.bottom <= dialog.top || dialog.bottom <= box.top,
          above: box.bottom <= dialog.top,
          header: document.getElementById("site-header")!.getBoundingClientRect().bottom <= box.top,
        };
      });
    await expect(popup(page)).toBeVisible();
    expect(await layout(), "the message, whole, over nothing and under nothing").toEqual({
      onTop: true,
      opacity: "1",
      apart: true,
      above: true,
      header: true,
    });
    // Past the 3 s (and the join form's 4 s) a toast lives with JavaScript: still there, still readable.
    await page.waitForTimeout(4_500);
    await expect(shown).toBeVisible();
    expect((await layout()).opacity).toBe("1");
    await expect(popup(page)).toBeInViewport();
  }

  test("after logging out, 'You have been logged out.' is on top for its whole life; the popup waits", async ({
    page,
    request,
    javaScriptEnabled,
  }, testInfo) => {
    await logInOverHttp(page, await registerOverHttp(request, testInfo));
    await gotoAndSettle(page, "/userProfile");
    await page.getByRole("button", { name: "Logout" }).click();
    // Away from the toast: hovering it would pause its clock.
    await page.mouse.move(5, (page.viewportSize()?.height ?? 600) - 5);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "You have been logged out.")).toBeVisible();
    if (!javaScriptEnabled) return expectMessageAbovePopup(page, "You have been logged out.");
    await expect(popup(page), "the popup waits while the message shows").toBeHidden();

    const samples = await topmostAtToastCentre(page, "You have been logged out.");
    expect(samples.length, "the toast was sampled while it showed").toBeGreaterThan(5);
    expect(
      samples.filter((sample) => sample !== "the toast"),
      "what covered the toast's centre",
    ).toEqual([]);

    // Once the message has gone, the popup shows (with JavaScript as the modal it is; without, it was in the page).
    await expect(popup(page)).toBeVisible();
    await expect(popup(page)).toBeInViewport();
    if (javaScriptEnabled) {
      await expect
        .poll(() => popup(page).evaluate((dialog) => dialog.contains(document.activeElement)), {
          message: "the modal has the focus",
        })
        .toBe(true);
    }
  });
});

test.describe("the promotional video", () => {
  /** The video a visitor sees in the home page's promotional section (the one the browser renders). */
  const promoVideo = (page: Page) =>
    page.getByRole("main").locator("section").nth(2).locator("video").filter({ visible: true });
  const videoState = (page: Page) =>
    promoVideo(page).evaluate((video: HTMLVideoElement) => ({
      controls: video.controls,
      paused: video.paused,
      muted: video.muted,
    }));

  test.describe("with JavaScript", { tag: "@scripts" }, () => {
    // Only in the projects with JavaScript (its tag, playwright.config.ts): its behaviour is a script.

    test("plays while in view, with a sound toggle instead of native controls, and pauses out of view", async ({
      page,
    }) => {
      await closePopup(page);
      await expect(promoVideo(page)).toHaveCount(1);
      const toggle = page.getByRole("button", { name: /^(Mute|Unmute) video$/ });
      await expect(toggle).toBeVisible();
      expect((await videoState(page)).controls, "no native controls").toBe(false);

      await promoVideo(page).scrollIntoViewIfNeeded();
      await expect.poll(async () => (await videoState(page)).paused, { timeout: 15_000 }).toBe(false);
      // The toggle says what the sound is now (the browser may have refused sound until the visitor interacts).
      const { muted } = await videoState(page);
      await expect(toggle).toHaveAttribute("aria-pressed", String(!muted));
      await toggle.click();
      await expect.poll(async () => (await videoState(page)).muted).toBe(!muted);
      await expect(toggle).toHaveAttribute("aria-label", muted ? "Mute video" : "Unmute video");

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(async () => (await videoState(page)).paused).toBe(true);
    });

    test.describe("for visitors who prefer reduced motion", () => {
      test.use({ reducedMotion: "reduce" });

      test("native controls and no autoplay", async ({ page }) => {
        await closePopup(page);
        await expect.poll(async () => (await videoState(page)).controls).toBe(true);
        await promoVideo(page).scrollIntoViewIfNeeded();
        // Long enough for the behaviour to have started it, were it going to.
        await page.waitForTimeout(1_000);
        expect((await videoState(page)).paused, "still paused").toBe(true);
      });
    });
  });

  test.describe("without JavaScript", { tag: "@no-scripts" }, () => {
    // Only in the projects without JavaScript (its tag, playwright.config.ts): the no-JavaScript projects only.

    test("one video, with native controls, and no sound toggle", async ({ page }) => {
      await expect(promoVideo(page)).toHaveCount(1);
      await expect(promoVideo(page)).toHaveAttribute("controls", "");
      expect((await videoState(page)).paused, "nothing plays by itself").toBe(true);
      await expect(page.getByRole("button", { name: /^(Mute|Unmute) video$/ })).toBeHidden();
    });
  });
});
