import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { countPosts, field, formAlert, toast } from "./form-helpers";
import { fillJoin, joinApplication, joinWords, type JoinLocale } from "./student-forms";

/**
 * The application form's rules in the specified order (terms, phone, email), written once and run on the English
 * page by forms.spec.ts and on the Hindi one by hindi-forms.spec.ts, with the words of each language that
 * student-forms.ts spells out (joinWords), never read from the app.
 */

/**
 * On the loaded form in `locale`: terms unticked, phone and email wrong. The first submit says the terms (by the
 * button, as a warning toast, and by each wrong field), keeps every entry and the page's language, and is refused by
 * the browser with scripts, by the server (HTTP 400) without; ticked, the phone; mended, the email.
 */
export async function checkJoinRulesInOrder(
  {
    page,
    allowConsoleErrors,
    javaScriptEnabled,
  }: { page: Page; allowConsoleErrors: (...patterns: (string | RegExp)[]) => void; javaScriptEnabled: boolean },
  locale: JoinLocale,
) {
  const words = joinWords[locale];
  const label = words.labels;
  const onThePage = new RegExp(`${words.path.replaceAll("/", "\\/")}$`);
  // Without scripts a refused submit is a page answered with HTTP 400, which Chromium reports as a failed resource.
  allowConsoleErrors(/status of 400/);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await fillJoin(page, { terms: false, phone: "5123456789", email: "asha.verma@example" }, locale);
  await expect(field(page, label.terms)).not.toBeChecked();

  const posts = countPosts(page, words.path);
  if (javaScriptEnabled) {
    // The browser's own check: leaving a field shows its message before anything is sent.
    await field(page, label.email).focus();
    await field(page, label.name).focus();
    await expect(field(page, label.email)).toHaveAccessibleDescription(words.email);
  }
  const submit = () => page.getByRole("button", { name: words.submit }).click();
  await submit();
  await expect(formAlert(page)).toHaveText(words.terms);
  // Sections 5 and 8: the terms rule is also a warning toast, with or without scripts.
  await expect(toast(page, words.terms)).toBeVisible();
  await expect(page.locator("[data-toast-type='warning']")).toHaveCount(1);
  if (javaScriptEnabled) {
    // The browser rendered this toast itself, so its close button's icon points into the icon sprite: it is drawn.
    const closeIcon = page.locator("[data-toast-type='warning'] [data-toast-close] svg");
    await expect.poll(() => closeIcon.evaluate((icon: SVGSVGElement) => icon.getBBox().width)).toBeGreaterThan(0);
  }
  // Each failing field also says what is wrong with it, tied to its control.
  await expect(field(page, label.phone)).toHaveAccessibleDescription(words.phone);
  await expect(field(page, label.email)).toHaveAccessibleDescription(words.email);
  await expect(field(page, label.terms)).toHaveAccessibleDescription(words.terms);
  await expect(page).toHaveURL(onThePage);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);

  // Entries kept after the failed submit.
  await expect(field(page, label.name)).toHaveValue(joinApplication.name);
  await expect(field(page, label.email)).toHaveValue("asha.verma@example");
  await expect(field(page, label.phone)).toHaveValue("5123456789");
  await expect(field(page, label.enrollment)).toHaveValue(joinApplication.enrollment);
  await expect(field(page, label.dob)).toHaveValue(joinApplication.dob);
  await expect(field(page, label.gender)).toHaveValue(joinApplication.gender);
  await expect(field(page, label.college)).toHaveValue(joinApplication.college);
  await expect(field(page, label.department)).toHaveValue(joinApplication.department);
  await expect(field(page, label.year)).toHaveValue(joinApplication.year);
  await expect(field(page, label.club)).not.toHaveValue("");
  await expect(field(page, label.motivation)).toHaveValue(joinApplication.motivation);
  await expect(field(page, label.terms)).not.toBeChecked();
  expect(posts(), "with scripts the browser refused it; without, the server did").toBe(javaScriptEnabled ? 0 : 1);

  await test.step("the page with its errors shown has no accessibility violations", () => expectNoA11yViolations(page));

  await field(page, label.terms).check();
  await submit();
  await expect(formAlert(page)).toHaveText(words.phone);
  await expect(toast(page, words.phone)).toBeVisible();

  await field(page, label.phone).fill(joinApplication.phone);
  await submit();
  await expect(formAlert(page)).toHaveText(words.email);
  await expect(field(page, label.phone)).not.toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(onThePage);
}
