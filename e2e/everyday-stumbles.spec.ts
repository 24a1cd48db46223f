import type { Page } from "@playwright/test";
import { expect, getFromPageCache, gotoAndSettle, test } from "./fixtures";
import {
  expectProfileCard,
  fillRegistration,
  logIn,
  logInThroughForm,
  newAccount,
  registerOverHttp,
} from "./account-helpers";
import { actAsOwnClient, countPosts, field, formAlert, pngIdCard, toast, uniqueSuffix } from "./form-helpers";
import { fillJoin, submitApplication } from "./student-forms";
import { formCodeMarkers } from "../scripts/lib/page-javascript.mjs";

/**
 * What trips students up on a phone or a laptop, with JavaScript on and off: a phone number written with +91, the
 * date of birth written with slashes, an ID card photo that is too large, registration dates, and the home page's
 * popup coming back. Runs in every project, phone-nojs included.
 */

/**
 * A form's rule (a phone number, a date of birth, an ID card's size) is the same at any width: each of those runs with
 * JavaScript at phone width and without it at desktop width, as the long journeys do (playwright.config.ts).
 */
function atPhoneWithScriptsAndDesktopWithout(): void {
  test.skip(({ isMobile, javaScriptEnabled }) => isMobile !== javaScriptEnabled, "a form's rule: paired projects only");
}

test.describe("a phone number written the way students write it", () => {
  atPhoneWithScriptsAndDesktopWithout();
  test("join accepts +91 98765 43210 as the number it is", async ({ page, javaScriptEnabled }, testInfo) => {
    await gotoAndSettle(page, "/join");
    // A student of its own: the store keeps one application per student.
    const suffix = uniqueSuffix(testInfo);
    await fillJoin(page, {
      phone: "+91 98765 43210",
      email: `phone.${suffix.toLowerCase()}@example.com`,
      enrollment: `PH${suffix}`,
    });
    // With JavaScript the field tidies a whole number to its ten digits (the +91 is shown before it).
    await expect(field(page, "Phone Number")).toHaveValue(javaScriptEnabled ? "9876543210" : "+91 98765 43210");
    await submitApplication(page);
    await expect(toast(page, "Form submitted successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("join refuses a number with a digit too many instead of cutting it", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400/);
    await gotoAndSettle(page, "/join");
    await fillJoin(page, { phone: "98765 432101" });
    await expect(field(page, "Phone Number")).toHaveValue("98765 432101");
    await submitApplication(page);
    await expect(formAlert(page)).toHaveText("Invalid phone number.");
    await expect(field(page, "Phone Number")).toHaveValue("98765 432101");
    await expect(page).toHaveURL(/\/join$/);
  });
});

test.describe("signing in with the date of birth in another format", () => {
  atPhoneWithScriptsAndDesktopWithout();
  test("05/09/2004 signs in an account whose password is 05092004", async ({ page, request }, testInfo) => {
    await actAsOwnClient(page);
    const account = await registerOverHttp(request, testInfo);
    await gotoAndSettle(page, "/login");
    const answer = await logIn(page, account.enrollment, "05/09/2004");
    expect(answer.status(), "the login is accepted").toBeLessThan(400);
    await page.waitForURL((url) => url.pathname === "/");
    await gotoAndSettle(page, "/userProfile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(account.username);
  });
});

test.describe("a date of birth typed day first, where the browser has no date picker", () => {
  atPhoneWithScriptsAndDesktopWithout();
  // The page is made to lack its date picker by an init script, which a shared tab would keep.
  test.use({ sharedTab: false });
  /**
   * Opens `path` as a browser without a date picker shows it (a text browser, an older phone): the date field is a
   * text box, which sends what was typed. Chromium always has a picker, so the page is made to lack it: React sets an
   * input's type again on every render, so with scripts "date" is made to mean "text" before the page loads; without
   * them nothing of the page runs and the field is turned into a text box once.
   */
  async function openWithoutDatePicker(page: Page, path: string) {
    await page.addInitScript(() => {
      const type = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "type")!;
      Object.defineProperty(HTMLInputElement.prototype, "type", {
        ...type,
        set(this: HTMLInputElement, value: string) {
          type.set!.call(this, value === "date" ? "text" : value);
        },
      });
      document.addEventListener("DOMContentLoaded", () => {
        for (const input of document.querySelectorAll<HTMLInputElement>('input[type="date"]')) input.type = "text";
      });
    });
    await gotoAndSettle(page, path);
    await field(page, "Date of Birth").evaluate((input) => {
      (input as HTMLInputElement).type = "text";
    });
    await expect(field(page, "Date of Birth")).toHaveAttribute("type", "text");
    await expect(field(page, "Date of Birth")).toHaveAccessibleDescription(
      "No calendar? Type it day first, e.g. 05/09/2004.",
    );
    await expect(page.getByText("No calendar? Type it day first, e.g. 05/09/2004.")).toBeVisible();
  }

  test("a browser with a date picker shows its own field without the day-first hint", async ({ page }) => {
    await gotoAndSettle(page, "/userProfileRegistration");
    await expect(field(page, "Date of Birth")).toHaveAttribute("type", "date");
    // The picker writes the date in the browser's own order (mm/dd/yyyy in an en-US browser): a hint saying to type
    // the day first would contradict it.
    await expect(page.getByText("No calendar? Type it day first, e.g. 05/09/2004.")).toBeHidden();
  });

  test("join takes 05/09/2004", async ({ page }, testInfo) => {
    await openWithoutDatePicker(page, "/join");
    const suffix = uniqueSuffix(testInfo);
    await fillJoin(page, {
      dob: "05/09/2004",
      email: `dob.${suffix.toLowerCase()}@example.com`,
      enrollment: `DOB${suffix}`,
    });
    await expect(field(page, "Date of Birth")).toHaveValue("05/09/2004");
    await submitApplication(page);
    await expect(toast(page, "Form submitted successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("registration takes 05/09/2004 as 5 September 2004: the account signs in with 05092004", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await actAsOwnClient(page);
    const account = newAccount(testInfo);
    await openWithoutDatePicker(page, "/userProfileRegistration");
    await fillRegistration(page, { ...account, dob: "05/09/2004" });
    await expect(field(page, "Date of Birth")).toHaveValue("05/09/2004");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // The password is made from the stored date of birth: 05092004 signs in only if 2004-09-05 was kept.
    await logInThroughForm(page, account, javaScriptEnabled);
    await expectProfileCard(page, account);
  });
});

test.describe("an ID card image over 5 MB", () => {
  atPhoneWithScriptsAndDesktopWithout();
  test("is refused by its own rule and every other entry stays", async ({ page, allowConsoleErrors }, testInfo) => {
    allowConsoleErrors(/status of 400/);
    const account = newAccount(testInfo);
    const sixMegabytes = {
      ...pngIdCard,
      name: "id-card-photo.png",
      buffer: Buffer.concat([pngIdCard.buffer, Buffer.alloc(6 * 1024 * 1024)]),
    };
    await gotoAndSettle(page, "/userProfileRegistration");
    await fillRegistration(page, account, sixMegabytes);
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await expect(page.getByRole("main").getByText("The ID card image must be 5 MB or smaller.")).toBeVisible();
    await expect(page.getByText("The form is too large to send")).toHaveCount(0);
    await expect(field(page, "Full Name")).toHaveValue(account.username);
    await expect(field(page, "Email")).toHaveValue(account.email);
    await expect(field(page, "Enrollment Number")).toHaveValue(account.enrollment);
    await expect(field(page, "College Name")).toHaveValue(account.college);
    await expect(field(page, "Branch")).toHaveValue(account.branch);
    await expect(field(page, "Phone Number")).toHaveValue(account.phone);
    await expect(field(page, "Date of Birth")).toHaveValue(account.dob);
    await expect(field(page, "Gender")).toHaveValue(account.gender);
  });
});

test.describe("registration dates", () => {
  const states =
    /^(Registration open until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST|Registration closed|Opens on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST)$/;

  test("/tarang says where registration stands and has no button back to itself", async ({ page }) => {
    await gotoAndSettle(page, "/tarang");
    const main = page.getByRole("main");
    await expect(main.locator('a[href="/tarang"]')).toHaveCount(0);
    await expect(main.getByText("REGISTER close")).toHaveCount(0);
    const statuses = main.locator("[data-registration]");
    await expect(statuses).toHaveCount(6);
    for (const status of await statuses.all()) await expect(status).toHaveText(states);
    await expect(statuses.first()).toBeInViewport();
  });

  test("/sih and its form agree on the window", async ({ page }) => {
    await gotoAndSettle(page, "/sih");
    const status = page.getByRole("main").locator("[data-registration]").first();
    await expect(status).toHaveText(states);
    const text = (await status.textContent()) ?? "";
    const open = (await status.getAttribute("data-registration")) === "open";
    await expect(page.getByRole("main").getByText("Coming soon")).toHaveCount(0);

    await gotoAndSettle(page, "/sih/registration");
    await expect(page.getByRole("main").locator("[data-registration]").first()).toHaveText(text);
    await expect(page.getByRole("button", { name: "Register Team" })).toHaveCount(open ? 1 : 0);
  });
});

test.describe("the hackathon popup, once closed", () => {
  test("stays closed for 30 days: after a reload and after landing on / from a form", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    const popup = page.getByRole("dialog", { name: "SIH 2025 Internal Hackathon" });
    await gotoAndSettle(page, "/");
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Close" }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Council");

    // Closed before the page hydrated, the dialog closes natively and the cookie follows once scripts run.
    const popupCookie = async () => (await context.cookies()).find((candidate) => candidate.name === "hackathon-popup");
    await expect.poll(async () => (await popupCookie())?.value).toBe("dismissed");
    const cookie = await popupCookie();
    // The browser's clock, which its cookie's expiry counts from (under .ci/at-a-later-date it is not the runner's).
    const browserNow = await page.evaluate(() => Date.now());
    const days = ((cookie?.expires ?? 0) * 1000 - browserNow) / (24 * 60 * 60 * 1000);
    expect(days, "kept for 30 days").toBeGreaterThan(29.9);
    expect(days, "kept for 30 days").toBeLessThanOrEqual(30);

    await test.step("a full load of / leaves it closed, and nothing on the page is blocked", async () => {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student Council");
      await expect(popup).toBeHidden();
      if (javaScriptEnabled) expect(await page.evaluate(() => document.querySelector("dialog:modal"))).toBeNull();
      await page.getByRole("main").getByRole("link", { name: "Join the Council", exact: true }).click();
      await expect(page).toHaveURL(/\/join$/);
    });

    await test.step("the home page with the cookie is still the one cached page", async () => {
      const home = await getFromPageCache(() => page.request.get("/"));
      expect(home.headers()["x-page-cache"]).toBe("hit");
    });

    await test.step("landing on / after sending a form leaves it closed", async () => {
      await gotoAndSettle(page, "/join");
      const suffix = uniqueSuffix(test.info());
      await fillJoin(page, { email: `popup.${suffix.toLowerCase()}@example.com`, enrollment: `PU${suffix}` });
      await submitApplication(page);
      await expect(toast(page, "Form submitted successfully!")).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(popup).toBeHidden();
    });
  });
});

test.describe("typing on a slow phone before the form's checks have loaded", () => {
  test("what was typed stays, nothing is sent before the submit, and the submit goes through", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "without scripts there are no checks in the browser to wait for");
    // The form's schema and validation library (zod) load after the form's own code; they are held back until the
    // test lets them through, as a slow network would. They are told by their content (zod's marks), so the rest of
    // the page's later code (the form's, the loading screen's, the header's) arrives as usual.
    const html = await (await page.request.get("/suggestion")).text();
    const firstLoad = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([asset]) => asset));
    const held: (() => void)[] = [];
    let holding = true;
    await page.route("**/assets/*.js", async (route) => {
      const response = await route.fetch();
      const code = await response.text();
      const validation = formCodeMarkers.some(({ library, pattern }) => library === "zod" && pattern.test(code));
      if (holding && validation && !firstLoad.has(new URL(route.request().url()).pathname))
        await new Promise<void>((release) => held.push(release));
      await route.fulfill({ response, body: code });
    });
    // With scripts a submit is sent as /suggestion.data; without them (before the page hydrates) as /suggestion.
    const documentPosts = countPosts(page, "/suggestion");
    const dataPosts = countPosts(page, "/suggestion.data");
    const posts = () => documentPosts() + dataPosts();

    await gotoAndSettle(page, "/suggestion");
    const entries = {
      "Your Name": "Asha Verma",
      "Enrollment Number": "0101CS221001",
      College: "TIT",
      "Describe the problem": "The library closes at 5 pm.",
      "Your suggestion or solution": "Keep it open until 8 pm in exam weeks.",
    };
    // Each field is left for the next, which is when the browser's checks would run.
    for (const [label, value] of Object.entries(entries)) {
      await field(page, label).fill(value);
      await field(page, label).blur();
    }
    expect(held.length, "the form's checks were still on their way").toBeGreaterThan(0);
    // A round trip would have come back by now; none may have been sent.
    await page.waitForTimeout(1_000);
    expect(posts()).toBe(0);
    for (const [label, value] of Object.entries(entries)) await expect(field(page, label)).toHaveValue(value);

    holding = false;
    for (const release of held) release();
    await page.getByRole("button", { name: "Submit Suggestion" }).click();
    await expect(toast(page, "Suggestion submitted successfully!")).toBeVisible();
    expect(posts()).toBe(1);
  });
});
