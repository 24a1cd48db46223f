import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { countPosts, field, formAlert, toast } from "./form-helpers";
import { joinApplication } from "./student-forms";

/**
 * The application form on its Hindi page (/hi/join), with JavaScript on and off: the browser's check (with scripts)
 * and the server's answer (without) say the same Hindi messages, in the English order (terms, phone, email), and the
 * page stays Hindi. The Hindi is spelled out here, as forms.spec.ts spells out the English.
 */

test.use({ reducedMotion: "reduce" });

/** The Hindi form filled in as forms.spec.ts fills the English one, with `overrides`. */
async function fillHindiJoin(page: Parameters<typeof field>[0] & { url(): string }, overrides: Record<string, string>) {
  const entries = { ...joinApplication, ...overrides };
  await field(page, "पूरा नाम").fill(entries.name);
  await field(page, "ईमेल").fill(entries.email);
  await field(page, "फ़ोन नंबर").fill(entries.phone);
  await field(page, "नामांकन संख्या (Enrollment Number)").fill(entries.enrollment);
  await field(page, "जन्म तिथि (Date of Birth)").fill(entries.dob);
  await field(page, "लिंग (Gender)").selectOption(entries.gender);
  await field(page, "कॉलेज").selectOption(entries.college);
  await field(page, "विभाग (Department)").selectOption(entries.department);
  await field(page, "पढ़ाई का वर्ष").selectOption(entries.year);
  await field(page, "क्लब").selectOption({ index: 1 });
  await field(page, "आप काउंसिल से क्यों जुड़ना चाहते हैं?").fill(entries.motivation);
}

test("/hi/join refuses an application in Hindi, in the specified order, with scripts and without", async ({
  page,
  allowConsoleErrors,
  javaScriptEnabled,
}) => {
  // Without scripts a refused submit is a page answered with HTTP 400.
  allowConsoleErrors(/status of 400/);
  await gotoAndSettle(page, "/hi/join");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await fillHindiJoin(page, { phone: "5123456789", email: "asha.verma@example" });
  const terms = field(page, "मुझे सभी नियम और शर्तें (terms and conditions) स्वीकार हैं");
  await expect(terms).not.toBeChecked();

  const posts = countPosts(page, "/hi/join");
  if (javaScriptEnabled) {
    // The browser's own check, in Hindi: leaving a field shows its message before anything is sent.
    await field(page, "ईमेल").focus();
    await field(page, "पूरा नाम").focus();
    await expect(field(page, "ईमेल")).toHaveAccessibleDescription("ईमेल पता सही नहीं है।");
  }
  const submit = page.getByRole("button", { name: "आवेदन भेजें" });
  await submit.click();
  await expect(formAlert(page)).toHaveText("नियम और शर्तें (terms & conditions) स्वीकार करें।");
  await expect(toast(page, "नियम और शर्तें (terms & conditions) स्वीकार करें।")).toBeVisible();
  await expect(field(page, "फ़ोन नंबर")).toHaveAccessibleDescription("फ़ोन नंबर सही नहीं है।");
  await expect(field(page, "ईमेल")).toHaveAccessibleDescription("ईमेल पता सही नहीं है।");
  await expect(page).toHaveURL(/\/hi\/join$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  // The entries are kept.
  await expect(field(page, "पूरा नाम")).toHaveValue(joinApplication.name);
  expect(posts(), "with scripts the browser refused it in Hindi; without, the server did").toBe(
    javaScriptEnabled ? 0 : 1,
  );

  await test.step("the page with its Hindi messages has no accessibility violations", () =>
    expectNoA11yViolations(page));

  await terms.check();
  await submit.click();
  await expect(formAlert(page)).toHaveText("फ़ोन नंबर सही नहीं है।");

  await field(page, "फ़ोन नंबर").fill(joinApplication.phone);
  await submit.click();
  await expect(formAlert(page)).toHaveText("ईमेल पता सही नहीं है।");
  await expect(page).toHaveURL(/\/hi\/join$/);
});
