// `npm run screenshots`: the header signed out and signed in, the profile's "What you sent" and the account deletion's
// confirmation, on a phone (390 px) and a desktop (1280 px), and on a phone the Hindi home page, the Hindi application
// form with its messages and the Hindi profile, taken from the production build with Chromium into
// docs/screenshots/ (the README shows them). Builds first when there is no build; signs in as a sample student
// registered in a throwaway built-in store, who has sent an application and an idea.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";
import { assertBuilt, buildApp, repoRoot, startProductionServer } from "./lib/server.mjs";

const outputDir = path.join(repoRoot, "docs", "screenshots");
const viewports = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};
const student = {
  username: "Priya Sharma",
  email: "priya.sharma@example.com",
  enrollment: "0187CS221042",
  college: "Technocrats Institute of Technology",
  branch: "CSE",
  phone: "9876543210",
  dob: "2004-09-05",
  gender: "Female",
};
const password = "05092004";
// A 1×1 PNG: the registration form wants an image of the ID card.
const idCard = {
  name: "id-card.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
};

try {
  assertBuilt();
} catch {
  buildApp();
}
const storeDir = mkdtempSync(path.join(tmpdir(), "council-screenshots-"));
const server = await startProductionServer({ env: { DATABASE_PATH: path.join(storeDir, "council.sqlite") } });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
try {
  mkdirSync(outputDir, { recursive: true });
  const registration = await browser.newContext({ baseURL: server.url });
  const registered = await registration.request.post("/userProfileRegistration", {
    multipart: { ...student, idCard, consent: "on" },
    maxRedirects: 0,
  });
  if (registered.status() !== 302) throw new Error(`registering the sample student answered ${registered.status()}`);
  const applied = await registration.request.post("/join", {
    form: {
      name: student.username,
      email: student.email,
      phone: student.phone,
      enrollment: student.enrollment,
      dob: student.dob,
      gender: student.gender,
      college: "TIT",
      department: "CSE AIML",
      year: "3rd Year",
      club: "Coding Club",
      motivation: "I want to help organise the hackathon.",
      terms: "on",
    },
    maxRedirects: 0,
  });
  const shared = await registration.request.post("/ideas", {
    form: {
      name: student.username,
      enrollment: student.enrollment,
      college: "TIT",
      title: "A quiet study room in block C",
      description: "Turn the empty room next to the library into a silent study space for exam weeks.",
      impact: "Students who live far away get a calm place to study between lectures.",
    },
    maxRedirects: 0,
  });
  if (applied.status() !== 302 || shared.status() !== 302)
    throw new Error("sending the sample student's application and idea failed");
  await registration.close();

  for (const [device, options] of Object.entries(viewports)) {
    for (const state of ["signed-out", "signed-in"]) {
      // Reduced motion: no loading screen in the picture.
      const context = await browser.newContext({ ...options, baseURL: server.url, reducedMotion: "reduce" });
      if (state === "signed-in") {
        const login = await context.request.post("/login", { form: { collegeId: student.enrollment, password } });
        if (!login.ok()) throw new Error(`logging the sample student in answered ${login.status()}`);
      }
      const page = await context.newPage();
      await page.goto("/clubs");
      await page.locator("#site-header").waitFor();
      const file = path.join(outputDir, `header-${state}-${device}.png`);
      await page.locator("#site-header").screenshot({ path: file });
      console.log(path.relative(repoRoot, file));
      if (state === "signed-in") {
        await page.goto("/userProfile");
        const yourData = page.locator("#your-data").locator("xpath=..");
        await yourData.waitFor();
        const profileFile = path.join(outputDir, `profile-your-data-${device}.png`);
        await yourData.screenshot({ path: profileFile });
        console.log(path.relative(repoRoot, profileFile));
        await page.goto("/userProfile/delete");
        const deleteFile = path.join(outputDir, `delete-account-${device}.png`);
        await page.locator("main").screenshot({ path: deleteFile });
        console.log(path.relative(repoRoot, deleteFile));
      }
      await context.close();
    }
  }

  // In Hindi, on a phone: the home page's first screen, the application form refused with its messages, the profile.
  const hindi = await browser.newContext({ ...viewports.phone, baseURL: server.url, reducedMotion: "reduce" });
  const page = await hindi.newPage();
  /** @param {string} name @param {import("@playwright/test").Locator | undefined} locator */
  const shoot = async (name, locator) => {
    const file = path.join(outputDir, `${name}.png`);
    await (locator ?? page).screenshot({ path: file });
    console.log(path.relative(repoRoot, file));
  };
  await page.goto("/hi");
  // The hackathon popup opens over the home page a moment after it loads: closed, so the picture is the page's.
  const popup = page.getByRole("dialog");
  const opened = await popup.waitFor({ state: "visible", timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (opened) {
    await popup.getByRole("button", { name: "बंद करें" }).click();
    await popup.waitFor({ state: "hidden" });
  }
  await shoot("hindi-home-phone", undefined);
  await page.goto("/hi/join");
  // The mouse over the page starts its scripts; the empty form is then checked in the browser, in Hindi.
  await page.mouse.move(380, 800);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "आवेदन भेजें" }).click();
  await page.getByText("अपना पूरा नाम लिखें।").waitFor();
  await shoot("hindi-join-messages-phone", page.locator("main"));
  const login = await hindi.request.post("/hi/login", { form: { collegeId: student.enrollment, password } });
  if (!login.ok()) throw new Error(`logging the sample student in answered ${login.status()}`);
  await page.goto("/hi/userProfile");
  await page.locator("#your-data").waitFor();
  await shoot("hindi-profile-phone", page.locator("main"));
  await hindi.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(storeDir, { recursive: true, force: true });
}
