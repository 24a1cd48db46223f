import { logInOverHttp, registerOverHttp } from "./account-helpers";
import { council } from "./council-helpers";
import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { expectImageLoaded, uniqueSuffix } from "./form-helpers";
import { phoneJpeg } from "../tests/support/photos";

/**
 * A council member uploads a gallery photo at phone width, with JavaScript on and off (a plain multipart form), and
 * the gallery shows it in both languages with its alt text, within the seconds a replica takes to see a new version.
 */

test.use({ reducedMotion: "reduce" });

test("a member uploads a gallery photo and the gallery shows it with its alt text in both languages", async ({
  page,
  request,
  allowConsoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  // The refused upload below answers 400, and an upload that meets another project's save 409: the browser reports both.
  allowConsoleErrors(/status of 40[09]/);
  const suffix = uniqueSuffix(testInfo);
  const alt = { en: `Students on the stage at Tarang ${suffix}`, hi: `तरंग के मंच पर छात्र ${suffix}` };

  const account = await registerOverHttp(request, testInfo);
  expect(council("grant", account.enrollment)).toContain(`Granted the council role to ${account.enrollment}`);
  await logInOverHttp(page, account);

  await test.step("the member fills the upload form at phone width", async () => {
    await gotoAndSettle(page, "/council/content/photos");
    await expect(page.getByRole("heading", { level: 1, name: "Upload a photo" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  await test.step("a refused upload names the missing Hindi description", async () => {
    await page.getByLabel("What the photo shows, in English").fill(alt.en);
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "IMG_0001.jpg",
      mimeType: "image/jpeg",
      buffer: await phoneJpeg(),
    });
    await page.getByRole("button", { name: "Upload and publish" }).click();
    await expect(page.getByText("Describe the photo in Hindi.")).toBeVisible();
  });

  await test.step("the photo is published", async () => {
    // Another project's run may save the gallery at the same moment: the page then says so, and the member tries again.
    for (let attempt = 0; attempt < 3; attempt++) {
      // A fresh page: no message of an earlier attempt on it, and the versions now current.
      if (attempt > 0) await gotoAndSettle(page, "/council/content/photos");
      await page.getByLabel("What is this photo for?").selectOption("gallery");
      await page.getByLabel("What the photo shows, in English").fill(alt.en);
      await page.getByLabel("What the photo shows, in Hindi").fill(alt.hi);
      await page.getByLabel("Photo", { exact: true }).setInputFiles({
        name: "IMG_0001.jpg",
        mimeType: "image/jpeg",
        buffer: await phoneJpeg(),
      });
      await page.getByRole("button", { name: "Upload and publish" }).click();
      const published = page.getByRole("status").getByText(/^Photo published on the gallery/);
      const changed = page.getByText(/^Someone else changed this part of the content/);
      await expect(published.or(changed).first()).toBeVisible();
      if (await published.first().isVisible()) break;
    }
    await expect(page.getByRole("status").getByText(/^Photo published on the gallery/)).toBeVisible();
  });

  for (const [path, text] of [
    ["/gallery", alt.en],
    ["/hi/gallery", alt.hi],
  ] as const) {
    await test.step(`${path} shows the photo with its alt text`, async () => {
      const photo = page.getByRole("img", { name: text, exact: true });
      // The site sees a new version within 2 s, and its page cache follows.
      await expect(async () => {
        await page.goto(path);
        await expect(photo).toHaveCount(1);
      }).toPass({ timeout: 20_000 });
      await expect(photo).toHaveAttribute("src", /^\/media\/content\/[0-9a-f]{32}-800\.webp$/);
      await photo.scrollIntoViewIfNeeded();
      await expectImageLoaded(photo);
      const served = await page.request.get((await photo.getAttribute("src"))!);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/webp");
      expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    });
  }
});
