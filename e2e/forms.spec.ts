import { expect, expectNoA11yViolations, gotoAndSettle, test } from "./fixtures";
import { countPosts, field, formAlert, toast, uniqueSuffix } from "./form-helpers";
import { checkJoinRulesInOrder } from "./join-rules";
import { fillJoin, joinApplication, submitApplication } from "./student-forms";

/**
 * The public forms (join, suggestion, ideas) in every project, with JavaScript on and off: each one's
 * success, its messages in the specified order, entries kept after a failed submit, and axe on each page. Messages
 * are spelled out as docs/behaviour.md gives them ("Forms"), never read from the app.
 */

// Visitors who prefer reduced motion never see the loading screen, so gotoAndSettle returns once the page has
// hydrated instead of after the screen's welcome and fade: the forms behave the same, and the suite runs faster.
// (loading-screen.spec.ts covers the screen itself.)
test.use({ reducedMotion: "reduce" });

/**
 * Without scripts a refused submit is a page answered with HTTP 400, which Chromium reports as a failed resource;
 * with scripts the browser checks first and nothing is sent.
 */
function allowRefusedSubmits(allowConsoleErrors: (...patterns: (string | RegExp)[]) => void) {
  allowConsoleErrors(/status of 400/);
}

test.describe("join the council (/join)", () => {
  test.beforeEach(async ({ page }) => {
    await gotoAndSettle(page, "/join");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join the Student Council");
  });

  test("a complete application lands on the home page with 'Form submitted successfully!'", async ({
    page,
  }, testInfo) => {
    await test.step("the form as loaded has no accessibility violations", () => expectNoA11yViolations(page));
    // One application per student: every run and project applies as a student of its own.
    const suffix = uniqueSuffix(testInfo);
    await fillJoin(page, { email: `asha.${suffix.toLowerCase()}@example.com`, enrollment: `EN${suffix}` });
    await submitApplication(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Form submitted successfully!")).toBeVisible();
    await expect(page.locator("[data-toast-type='success']")).toHaveCount(1);
  });

  test("a second application from the same student stays on /join, saying when the first arrived", async ({
    page,
    allowConsoleErrors,
  }, testInfo) => {
    allowConsoleErrors(/status of 409/);
    const suffix = uniqueSuffix(testInfo);
    const student = { email: `twice.${suffix.toLowerCase()}@example.com`, enrollment: `TW${suffix}` };
    await fillJoin(page, student);
    await submitApplication(page);
    await expect(page).toHaveURL(/\/$/);

    await gotoAndSettle(page, "/join");
    await fillJoin(page, { ...student, email: student.email.toUpperCase() });
    await submitApplication(page);
    await expect(formAlert(page)).toContainText(
      /^We already have your application, received on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST\./,
    );
    await expect(page.getByRole("status").getByText(/^We already have your application/)).toBeVisible();
    await expect(page).toHaveURL(/\/join$/);
    await expect(field(page, "Enrollment Number")).toHaveValue(student.enrollment);
  });

  test("the rules are checked in the specified order (terms, phone, email), with the entries kept", async ({
    page,
    allowConsoleErrors,
    javaScriptEnabled,
  }) => {
    await checkJoinRulesInOrder({ page, allowConsoleErrors, javaScriptEnabled }, "en");
  });

  test.describe("with scripts", { tag: "@scripts" }, () => {
    // Only in the projects with JavaScript (its tag, playwright.config.ts): the browser-side checks need JavaScript.

    test("the phone drops letters, tidies a whole number to its ten digits, cuts nothing, and errors show when a field is left", async ({
      page,
    }) => {
      const phone = field(page, "Phone Number");
      await phone.pressSequentially("98a765-43210");
      await expect(phone).toHaveValue("9876543210");
      await phone.fill("+91 98765 43210");
      await expect(phone).toHaveValue("9876543210");
      await phone.pressSequentially("99");
      await expect(phone, "digits past ten are kept, for the message to say the number is wrong").toHaveValue(
        "987654321099",
      );
      await phone.fill(joinApplication.phone);

      const posts = countPosts(page, "/join");
      const name = field(page, "Full Name");
      const email = field(page, "Email");

      await name.focus();
      await email.focus();
      await expect(name).toHaveAccessibleDescription("Please enter your full name.");

      await email.fill("asha.verma@example");
      await phone.focus();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription("Invalid email address.");

      await email.fill("asha.verma@example.com");
      await expect(email).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Invalid email address.")).toHaveCount(0);
      await expect(page.locator("[data-toast-type]"), "leaving a field shows its message, never a toast").toHaveCount(
        0,
      );

      // The submit is checked once, and its refusal shows both the field's message and the toast.
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect(toast(page, "Please accept the terms & conditions.")).toBeVisible();
      expect(posts(), "nothing was sent to the server").toBe(0);
    });
  });
});

test.describe("suggestion box (/suggestion)", () => {
  const suggestion = {
    "Your Name": "Ravi Kumar",
    "Enrollment Number": "0827IT221042",
    College: "TIT",
    "Describe the problem": "The library closes too early during exams.",
    "Your suggestion or solution": "Keep it open until 10 pm in exam weeks.",
  };

  test("a missing field is refused with its message; the full suggestion is confirmed and the form emptied", async ({
    page,
    javaScriptEnabled,
    allowConsoleErrors,
  }) => {
    allowRefusedSubmits(allowConsoleErrors);
    await gotoAndSettle(page, "/suggestion");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suggestion Box");
    await test.step("the form as loaded has no accessibility violations", () => expectNoA11yViolations(page));
    const submit = page.getByRole("button", { name: "Submit Suggestion" });

    await test.step("a missing problem description is refused, the other entries kept", async () => {
      for (const [label, value] of Object.entries(suggestion)) {
        if (label !== "Describe the problem") await field(page, label).fill(value);
      }
      await submit.click();
      await expect(field(page, "Describe the problem")).toHaveAccessibleDescription("Please describe the problem.");
      await expect(field(page, "Your Name")).toHaveValue(suggestion["Your Name"]);
      await expect(field(page, "Your suggestion or solution")).toHaveValue(suggestion["Your suggestion or solution"]);
      await expect(toast(page, "Suggestion submitted successfully!")).toHaveCount(0);
    });

    await test.step("the complete suggestion is confirmed and the form emptied", async () => {
      await field(page, "Describe the problem").fill(suggestion["Describe the problem"]);
      await submit.click();
      if (javaScriptEnabled) {
        // The button reads 'Submitting...' and is disabled while sending (the server takes ~500 ms).
        await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
      }
      await expect(toast(page, "Suggestion submitted successfully!")).toBeVisible();
      await expect(page).toHaveURL(/\/suggestion$/);
      for (const label of Object.keys(suggestion))
        await expect(field(page, label), `${label} is empty`).toHaveValue("");
      await expect(submit).toBeEnabled();
    });
  });

  test("with scripts a submit paints first and is checked in the next task: a double tap sends one suggestion", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the browser-side check needs JavaScript");
    await gotoAndSettle(page, "/suggestion");
    for (const [label, value] of Object.entries(suggestion)) await field(page, label).fill(value);
    // With scripts React Router posts to the route's data address (/suggestion.data): every POST counts.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await page.getByRole("button", { name: "Submit Suggestion" }).dblclick();
    await expect(toast(page, "Suggestion submitted successfully!")).toBeVisible();
    expect(posts, "the second tap of a double tap is the same submit").toBe(1);
  });
});

test.describe("ideas (/ideas)", () => {
  const idea = {
    "Your Name": "Meera Iyer",
    "Enrollment Number": "0827EC221007",
    "College Name": "TITE",
    "Title of Your Idea": "Campus bicycle sharing",
    "Describe your idea": "Shared bicycles parked at every block, unlocked with the student ID.",
    "What impact or change will this idea bring?": "Less walking time between far blocks and fewer scooters.",
  };

  test("a missing title is refused with its message; the full idea is confirmed with a rocket and the form emptied", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowRefusedSubmits(allowConsoleErrors);
    await gotoAndSettle(page, "/ideas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ideas & Innovation");
    await test.step("the form as loaded has no accessibility violations", () => expectNoA11yViolations(page));
    const submit = page.getByRole("button", { name: "Submit Idea" });

    await test.step("a missing title is refused, the other entries kept", async () => {
      for (const [label, value] of Object.entries(idea)) {
        if (label !== "Title of Your Idea") await field(page, label).fill(value);
      }
      await submit.click();
      await expect(field(page, "Title of Your Idea")).toHaveAccessibleDescription("Please give your idea a title.");
      await expect(field(page, "Describe your idea")).toHaveValue(idea["Describe your idea"]);
      await expect(toast(page, "Idea submitted successfully! 🚀")).toHaveCount(0);
    });

    await test.step("the complete idea is confirmed and the form emptied", async () => {
      await field(page, "Title of Your Idea").fill(idea["Title of Your Idea"]);
      await submit.click();
      await expect(toast(page, "Idea submitted successfully! 🚀")).toBeVisible();
      await expect(page).toHaveURL(/\/ideas$/);
      for (const label of Object.keys(idea)) await expect(field(page, label), `${label} is empty`).toHaveValue("");
    });
  });
});
