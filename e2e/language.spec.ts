import { expect, gotoAndSettle, test } from "./fixtures";

/**
 * The language link, with scripts and without: the same page in the other language and back (a plain link through
 * /language, which remembers the choice), and the remembered choice only offered on the next visit, never forced.
 */
test("the header's language link goes from /clubs to /hi/clubs and back, and the choice is only offered", async ({
  page,
}) => {
  await gotoAndSettle(page, "/clubs");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.locator("#site-header").getByRole("link", { name: "हिन्दी", exact: true }).click();

  await expect(page).toHaveURL(/\/hi\/clubs$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("हमारे क्लब और सोसाइटी");
  await expect(page.getByRole("link", { name: "Coding Club" })).toHaveAttribute("href", "/hi/club/coding");
  await expect(page.locator("[data-language-offer]")).toHaveCount(0);

  // Hindi chosen: an English page opened later stays English, and offers the Hindi one.
  await gotoAndSettle(page, "/clubs");
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Clubs & Societies");
  await expect(page.locator("[data-language-offer]")).toContainText("यह पेज हिन्दी में भी है");

  await gotoAndSettle(page, "/hi/clubs");
  await page.locator("footer").getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Clubs & Societies");
  await expect(page.locator("[data-language-offer]")).toHaveCount(0);
});
