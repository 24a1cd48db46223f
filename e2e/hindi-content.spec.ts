import { expect, expectNoA11yViolations, gotoAndSettle, inRunsOf, test } from "./fixtures";

/**
 * The content pages in Hindi, with scripts and without: each one's heading and texts in Hindi (names as they are),
 * its links staying in Hindi, no accessibility violation; the hackathon popup closing back to /hi; and a client
 * navigation from a page that runs React rendering a content page in Hindi from the browser's catalogue.
 */

const pages = [
  { path: "/hi/club/coding", heading: "Coding Club", text: "क्लब के बारे में", english: "About the Club" },
  { path: "/hi/mentors", heading: "मेंटर", text: "हमारे मेंटर हेड", english: "Our Mentors Heads" },
  {
    path: "/hi/team",
    heading: "पदाधिकारी (Office Bearers)",
    text: "कोषाध्यक्ष (Treasurer)",
    english: "run the council day to day",
  },
  { path: "/hi/developers", heading: "डेवलपर टीम", text: "फ़ुल-स्टैक डेवलपर", english: "look after this website" },
  { path: "/hi/gallery", heading: "कार्यक्रमों की गैलरी", text: "हमारे फ़ेस्ट, हैकाथॉन", english: "Moments from our" },
  { path: "/hi/privacy", heading: "निजता सूचना (Privacy notice)", text: "इसे कौन देख सकता है", english: "Who can see it" },
];

// Their accessibility, links and language link: hindi-pages.spec.ts. Three pages a test, one tab each
// (fixtures.ts inRunsOf).
for (const run of inRunsOf(pages, 3)) {
  test(`${run.map(({ path }) => path).join(", ")} show their own texts in Hindi`, async ({ page }) => {
    for (const { path, heading, text, english } of run) {
      await test.step(path, async () => {
        await gotoAndSettle(page, path);
        await expect(page.locator("html")).toHaveAttribute("lang", "hi");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await expect(page.locator("main")).toContainText(text);
        await expect(page.locator("main")).not.toContainText(english);
      });
    }
  });
}

test("the Hindi home page shows its sections in Hindi, with links to the Hindi pages", async ({ page }) => {
  await gotoAndSettle(page, "/hi");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Council");
  const main = page.locator("main");
  await expect(main).toContainText("छात्रों को सशक्त बनाना, नेतृत्व गढ़ना।");
  await expect(page.getByRole("heading", { level: 2, name: "जहाँ छात्र आगे बढ़कर नेतृत्व करते हैं" })).toBeVisible();
  await expect(main).toContainText("अध्यक्ष (President)");
  await expect(main).toContainText("घोषणा जल्द होगी");
  await expect(main).not.toContainText("Where students lead the way");
  await expect(main).not.toContainText("To be Announced");
  await expect(page.getByRole("link", { name: "सभी क्लब देखें" })).toHaveAttribute("href", "/hi/clubs");
  await expect(page.getByRole("link", { name: "काउंसिल से जुड़ें" }).first()).toHaveAttribute("href", "/hi/join");
});

test("the Hindi popup closes, without scripts back to /hi, and the page has no accessibility violations", async ({
  page,
  javaScriptEnabled,
}) => {
  await gotoAndSettle(page, "/hi");
  const popup = page.getByRole("dialog", { name: "SIH 2025 इंटरनल हैकाथॉन" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("छह लोगों की टीम बनाइए");
  await popup.getByRole("button", { name: "बंद करें" }).click();
  await expect(popup).toBeHidden();
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/hi$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expectNoA11yViolations(page);
});

test("a client navigation from a Hindi form page renders the privacy notice in Hindi", async ({ page }) => {
  await gotoAndSettle(page, "/hi/join");
  await page.locator("footer").getByRole("link", { name: "निजता सूचना (Privacy notice)" }).click();
  await expect(page).toHaveURL(/\/hi\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("निजता सूचना (Privacy notice)");
  await expect(page.locator("main")).toContainText("सवाल और शिकायतें");
  await expect(page.locator("main")).toContainText("29 नवंबर 2026");
  await expect(page.locator("main")).not.toContainText("Questions and grievances");
  // With scripts the page came by a client navigation (React, the browser's Hindi catalogue); without, by a load.
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
});

test("the English pages keep their English", async ({ page }) => {
  await gotoAndSettle(page, "/club/coding");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("main")).toContainText("About the Club");
  await expect(page.locator("main")).toContainText(
    "Weekly problem-solving sessions, contests and project sprints for everyone from first-time programmers to competitive coders.",
  );
  await expect(page.locator("main")).not.toContainText(/[\u0900-\u097F]/);
  await gotoAndSettle(page, "/privacy");
  await expect(page.locator("main")).toContainText("Questions and grievances");
  await expect(page.locator("main")).not.toContainText(/[\u0900-\u097F]/);
});
