import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";

/**
 * The event pages under /hi, with scripts and without: Hindi headings, the registration window's state in Hindi (the
 * tests' content keeps every window open, e2e/servers: tests/support/test-content.ts), links that stay under /hi, and
 * no accessibility violation.
 */

test("/hi/sih is the hackathon in Hindi, its sections and its way to the registration in Hindi", async ({ page }) => {
  await gotoAndSettle(page, "/hi/sih");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle("SIH 2025 इंटरनल हैकाथॉन | Student Council");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("SIH 2025 इंटरनल हैकाथॉन");
  await expect(main.locator("[data-registration]").first()).toHaveText(/^रजिस्ट्रेशन .+ IST तक खुला है$/);
  await expect(main).toContainText("कब:");
  await expect(main.getByRole("link", { name: "कैलेंडर में जोड़ें" })).toHaveAttribute("href", "/hi/sih/calendar.ics");

  const sections = main.getByRole("navigation", { name: "हैकाथॉन के हिस्से" });
  await expect(sections.getByRole("link")).toHaveText(["परिचय", "रजिस्ट्रेशन", "सामग्री", "संपर्क"]);
  await sections.getByRole("link", { name: "संपर्क" }).click();
  await expect(page).toHaveURL(/\/hi\/sih#contact$/);
  await expect(main.getByRole("heading", { name: "स्टूडेंट कोऑर्डिनेटर" })).toBeVisible();
  await expectNoA11yViolations(page);

  await main.getByRole("link", { name: "रजिस्ट्रेशन शुरू करें" }).first().click();
  await expect(page).toHaveURL(/\/hi\/sih\/registration$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("SIH 2025 टीम रजिस्ट्रेशन");
  await expect(page.getByRole("heading", { name: "रजिस्टर हुई टीमें" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← SIH 2025 पर वापस" })).toHaveAttribute("href", "/hi/sih");
});

test("/hi/tarang opens a category's Hindi page, whose way back stays in Hindi", async ({ page }) => {
  await gotoAndSettle(page, "/hi/tarang");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("तरंग – प्रतिभा की लहरें");
  await expect(main.getByRole("heading", { name: "अपना मंच चुनिए" })).toBeVisible();
  await expect(main.getByRole("img", { name: "नाचते हुए दो डांसरों का चित्र" })).toBeVisible();
  await expectNoA11yViolations(page);

  await main.getByRole("link", { name: /रैंप वॉक/ }).click();
  await expect(page).toHaveURL(/\/hi\/rampWalk$/);
  await expect(page).toHaveTitle("रैंप वॉक – तरंग | Student Council");
  const category = page.getByRole("main");
  await expect(category.getByRole("heading", { level: 1 })).toHaveText("रैंप वॉक");
  await expect(category.getByRole("heading", { name: "नियम" })).toBeVisible();
  await expect(category).toContainText("नमूना नियम: सिर्फ़ पारंपरिक पोशाक।");
  await expect(category).toContainText("रैंप वॉक के लिए किसी स्टूडेंट कोऑर्डिनेटर के ज़रिए रजिस्टर कीजिए");
  await expectNoA11yViolations(page);
  await category.getByRole("link", { name: "तरंग पर वापस" }).click();
  await expect(page).toHaveURL(/\/hi\/tarang$/);
});

test("the English event pages keep their English", async ({ page }) => {
  await gotoAndSettle(page, "/sih");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("SIH 2025 Internal Hackathon");
  await expect(page.getByRole("main").getByRole("link", { name: "Start Registration" }).first()).toHaveAttribute(
    "href",
    "/sih/registration",
  );
  await gotoAndSettle(page, "/rampWalk");
  await expect(page.getByRole("main").getByRole("link", { name: "Back to Tarang" })).toHaveAttribute("href", "/tarang");
});
