import { expect, expectNoA11yViolations, test } from "./fixtures";
import { expectPublished, takeTurn } from "./content-helpers";
import { newCouncilAccount } from "./council-helpers";
import { field, toast, uniqueSuffix } from "./form-helpers";

/**
 * The council edits the site in the browser, at phone width, with JavaScript on and off: a member changes the home
 * page's about text in both languages and the hackathon's closing date, the public pages show both within seconds,
 * and restoring the earlier versions brings the old text back.
 *
 * The content is one for the whole site, so the two projects running this file take turns (a lock folder in the run's
 * directory) and each leaves the content as it found it.
 */

test.use({ reducedMotion: "reduce" });

const indianDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

test("a member changes the about text and the hackathon's closing date, and a restore brings them back", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const member = await newCouncilAccount(request, testInfo, { prefix: "CE", name: "Content Editor", member: true });
  const suffix = uniqueSuffix(testInfo);
  const release = await takeTurn();
  try {
    await test.step("the member signs in and finds the content from the inbox", async () => {
      await page.goto("/council");
      await field(page, "College ID").fill(member.collegeId);
      await field(page, "Password").fill(member.password);
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByRole("navigation", { name: "Council pages" }).getByRole("link", { name: "Site content" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
    });

    const oldAbout = await test.step("they change the about text in both languages", async () => {
      await page.getByRole("link", { name: "Edit Site (name, about text, links)" }).click();
      await expectNoA11yViolations(page);
      const about = page.getByRole("group", { name: "About blurb" });
      const english = about.getByLabel("English");
      const before = await english.inputValue();
      await english.fill(`We run the campus clubs ${suffix}.`);
      await about.getByLabel("Hindi (हिन्दी)").fill(`हम कैंपस क्लब चलाते हैं ${suffix}।`);
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(toast(page, "Saved and published: the site shows it within a few seconds.")).toBeVisible();
      return before;
    });

    await test.step("the home page shows them in English and in Hindi within seconds", async () => {
      await expectPublished(page, "/", `We run the campus clubs ${suffix}.`);
      await expectPublished(page, "/hi", `हम कैंपस क्लब चलाते हैं ${suffix}।`);
    });

    const closing = await test.step("they move the hackathon's closing date a day earlier", async () => {
      await page.goto("/council/content/events");
      await page.getByRole("link", { name: "Edit hackathon →" }).click();
      const closes = page.getByRole("group", { name: "Registration" }).getByLabel("Closes");
      const date = (await closes.inputValue()).slice(0, 10);
      const earlier = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await closes.fill(`${earlier}T20:30`);
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect(toast(page, "Saved and published: the site shows it within a few seconds.")).toBeVisible();
      return `Registration open until ${indianDay(earlier)}, 20:30 IST`;
    });

    await test.step("the hackathon's page shows the new closing date", async () => {
      await expectPublished(page, "/sih", closing);
    });

    await test.step("restoring the versions before brings the old text back", async () => {
      for (const part of ["site", "events"]) {
        await page.goto(`/council/content/${part}/history`);
        await page
          .getByRole("button", { name: /^Restore this version/ })
          .first()
          .click();
        await expect(page.getByRole("status").getByText(/^Restored version \d+/)).toBeVisible();
      }
      await expectPublished(page, "/", oldAbout);
      await page.goto("/sih");
      await expect(page.locator("body")).not.toContainText(closing);
    });
  } finally {
    release();
  }
});
