import { inflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, gotoAndSettle, test } from "./fixtures";

/**
 * The top of /sih on a narrow phone (360 and 390 px), with and without JavaScript: the registration pill wraps like
 * text into a rounded box, and the section links either all fit or show that the row scrolls.
 */

/** How dark one CSS pixel of the page is as painted: 0 for white, 255 for black (the mean of its channels). */
async function darknessAt(page: Page, x: number, y: number): Promise<number> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 }, scale: "css", animations: "disabled" });
  // A PNG after its 8-byte signature is chunks of length, type, data and CRC; the image is in the IDAT chunks.
  const chunks: Buffer[] = [];
  let colourType = -1;
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      expect(data.readUInt8(8), "8 bits per channel").toBe(8);
      colourType = data.readUInt8(9);
    }
    if (type === "IDAT") chunks.push(data);
    offset += 12 + length;
  }
  expect([2, 6], "an RGB or RGBA image").toContain(colourType);
  // One row of one pixel: a filter byte, then the pixel's channels, which no filter changes (it has no neighbours).
  const [red = 0, green = 0, blue = 0] = inflateSync(Buffer.concat(chunks)).subarray(1, 4);
  return 255 - (red + green + blue) / 3;
}

for (const width of [360, 390]) {
  test.describe(`/sih at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await gotoAndSettle(page, "/sih");
    });

    test("the registration pill is at most two lines, a rounded box rather than an oval", async ({ page }) => {
      const pill = page.locator("main [data-registration]").first();
      await expect(pill).toContainText("Registration");
      const shape = await pill.evaluate((element) => {
        const style = getComputedStyle(element);
        const text = element.querySelector("span")?.getBoundingClientRect().height ?? 0;
        const box = element.getBoundingClientRect();
        return {
          width: box.width,
          height: box.height,
          lines: Math.round(text / parseFloat(style.lineHeight)),
          radius: parseFloat(style.borderTopLeftRadius),
          fits: box.right <= document.documentElement.clientWidth,
        };
      });
      expect(shape.lines, "lines of text in the pill").toBeGreaterThanOrEqual(1);
      expect(shape.lines, "lines of text in the pill").toBeLessThanOrEqual(2);
      expect(shape.fits, "the pill stays inside the screen").toBe(true);
      expect(shape.height, "a flat box: its height small beside its width").toBeLessThanOrEqual(shape.width / 3);
      // A radius of half the height or more joins the corners into round ends: on two lines, an oval.
      if (shape.lines > 1) expect(shape.radius, "its corners, not round ends").toBeLessThan(shape.height / 2);
    });

    test("the page itself never scrolls sideways: only the section links' row may", async ({ page }) => {
      // At 360 px the important dates' card was 2 px wider than the screen.
      const overflow = await page.evaluate(() =>
        Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
      );
      expect(overflow, "CSS pixels the page scrolls sideways").toBe(0);
    });

    test("the section links all show, or the row shows at its edge that it scrolls", async ({ page }) => {
      const nav = page.getByRole("navigation", { name: "Hackathon sections" });
      const list = nav.getByRole("list");
      const links = nav.getByRole("link");
      await expect(links).toHaveText(["About", "Registration", "Resources", "Contact"]);
      await list.scrollIntoViewIfNeeded();
      const lastFullyShown = () =>
        list.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const last = element.querySelector("li:last-child a")!.getBoundingClientRect();
          return last.left >= box.left - 0.5 && last.right <= box.right + 0.5;
        });
      if (await lastFullyShown()) return;

      // The row is cut: a shadow darkens its right edge, seen in the band above the links where no text is.
      const box = (await list.boundingBox())!;
      const y = box.y + 3;
      const rightEdge = () => darknessAt(page, box.x + box.width - 2, y);
      const leftEdge = () => darknessAt(page, box.x + 1, y);
      expect(await rightEdge(), "a shadow at the right edge, where more links are").toBeGreaterThan(20);
      expect(await leftEdge(), "none at the left edge: nothing before the first link").toBeLessThan(5);

      // Scrolled to its end, the last link shows whole, and the shadow moves to the other edge.
      await list.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      expect(await lastFullyShown(), "scrolled to the end, the last link shows whole").toBe(true);
      expect(await rightEdge(), "no shadow at the right edge at the end of the row").toBeLessThan(5);
      expect(await leftEdge(), "a shadow at the left edge, where the first links went").toBeGreaterThan(20);
    });
  });
}
