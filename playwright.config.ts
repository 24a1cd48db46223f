import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import {
  authEmulatorHost,
  authEmulatorPort,
  e2ePort as port,
  firebaseSitePort,
  firebaseSiteURL,
  siteURL as baseURL,
  smtpPort,
} from "./e2e/servers";
import { chromiumFlags, testChromiumPath } from "./scripts/lib/chromium.mjs";
import { writeTestContent } from "./tests/support/test-content";

const isCI = Boolean(process.env.CI);
// A run of specs that never sign in with Firebase (.ci/at-a-later-date) leaves out the Auth emulator and its site,
// whose start costs about 20 s of CPU.
const withFirebase = process.env.E2E_WITHOUT_FIREBASE !== "1";

// A fresh built-in store for every run, so accounts and team names from an earlier run never collide, removed again
// after the run by e2e/global-teardown.ts (which runs in this same process). Set in the runner's environment, so the
// test workers (which inherit it) know it too: e2e/council.spec.ts grants the council role in the server's own
// database with `npm run council`.
// The workers load this file again, with another pid: they keep the runner's folder.
const runDirectory = (process.env.COUNCIL_E2E_RUN_DIRECTORY ??= path.join(tmpdir(), `council-e2e-${process.pid}`));
process.env.E2E_DATABASE_PATH ??= path.join(runDirectory, "council.sqlite");
// The sites' content: data/ with every registration window open from a year before this run until a year after it,
// so the team registration specs pass whatever the date (tests/support/test-content.ts). Written once, by the runner.
const contentDirectory = (process.env.E2E_CONTENT_DIR ??= writeTestContent(path.join(runDirectory, "content")));
// Where the test SMTP server writes each e-mail the sites send, for e2e/mail.ts in the workers (which load this file
// again, with another pid: they keep the runner's folder).
const mailDirectory = (process.env.COUNCIL_E2E_MAIL_DIRECTORY ??= path.join(runDirectory, "mail"));

const desktopViewport = { width: 1280, height: 800 };
// Flows run at phone width only, with JavaScript on and off, axe included: where students and members meet them
// first. Their pages are one narrow column at any width (max-w-xl), and the inbox's desktop layout is council.spec.ts's.
const phoneFirstFlows = [
  "council-decision.spec.ts",
  "content-editor.spec.ts",
  "content-roles.spec.ts",
  "content-photos.spec.ts",
  "team-member.spec.ts",
];
// Each of these runs twice: with JavaScript at phone width and without it at desktop width. That covers both widths
// and both modes: what they check (a form's rules and answers, a page's content, links, headers and axe scan, a long
// journey across pages) does not change with the pairing of the two. The combinations left out are the other specs'
// part: the header and menu, the home page, the loading screen and the carousels at every width and mode
// (navigation, home, loading-screen, a11y and the others below), the inbox at desktop width with JavaScript.
const paired = [
  // Long journeys across several pages and both sides (a student, then a council member), 20 to 40 s each.
  "account.spec.ts",
  "council-accounts.spec.ts",
  "proven-identity.spec.ts",
  // The Hindi pages' own texts, forms and language link, and every Hindi page with its links: their layout at every
  // width and mode is their English twins'; what Hindi changes is the words.
  "hindi-pages.spec.ts",
  "hindi-content.spec.ts",
  "hindi-events.spec.ts",
  "hindi-forms.spec.ts",
  "language.spec.ts",
  // Every page's content, title, links, share card and axe scan; the forms, their rules in order and where a refused
  // form lands; the team form; the scripts a page asks for and the response headers (those made of requests alone
  // run once, in desktop-nojs: fixtures.ts sameInEveryProject).
  "pages.spec.ts",
  "forms.spec.ts",
  "refused-form-landing.spec.ts",
  "team.spec.ts",
  "headers.spec.ts",
  // What a student sees of their data, downloads and deletes (also in phone-nojs, below).
  "students-data.spec.ts",
];
// The council inbox runs at desktop width, with and without JavaScript; its phone layout is council-decision.spec.ts's.
const desktopInbox = ["council.spec.ts"];
const withScripts = /@scripts\b/;
const withoutScripts = /@no-scripts\b/;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  // Generous for a busy 2-core machine running two workers, where an axe scan of the long home page took up to 18 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never" }]],
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL,
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // Recording a trace of every test cost about a sixth of the run (pages and account specs, phone and desktop:
    // 193 s with, 159 to 165 s without). In CI a failed test runs once more, and that retry is traced.
    trace: isCI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testChromiumPath(),
      // One renderer process where one will do: a test's new tab then loads the site in the process the tab opened
      // with, instead of starting a second one for the site (and its caches cold). A test with two contexts still
      // gets a process each. Three specs (82 tests), two runs each way: 12 to 14 % less CPU and 11 to 12 % less wall
      // time. Only here: Lighthouse and the INP script keep the browser as visitors run it.
      args: [...chromiumFlags, "--renderer-process-limit=1"],
    },
  },
  // A group tagged "@scripts" runs only in the projects with JavaScript, one tagged "@no-scripts" only in those
  // without: left out of the others' lists rather than skipped at run time, where a file's beforeEach (opening the
  // page) would still run first.
  projects: [
    {
      name: "desktop",
      use: { browserName: "chromium", viewport: desktopViewport, javaScriptEnabled: true },
      testIgnore: [...phoneFirstFlows, ...paired],
      grepInvert: withoutScripts,
    },
    {
      name: "phone",
      use: { browserName: "chromium", ...phone, javaScriptEnabled: true },
      testIgnore: desktopInbox,
      grepInvert: withoutScripts,
    },
    {
      name: "desktop-nojs",
      use: { browserName: "chromium", viewport: desktopViewport, javaScriptEnabled: false },
      testIgnore: phoneFirstFlows,
      grepInvert: withScripts,
    },
    {
      name: "phone-nojs",
      use: { browserName: "chromium", ...phone, javaScriptEnabled: false },
      grepInvert: withScripts,
      // Only what a phone without JavaScript shows differently (the header and its menu panel, the home page's
      // popup, the club cards on a touch screen): forms and content pages behave as in desktop-nojs.
      testMatch: [
        "a11y.spec.ts",
        "account-link.spec.ts",
        "clubs.spec.ts",
        "content-editor.spec.ts",
        "content-photos.spec.ts",
        "content-roles.spec.ts",
        "council-decision.spec.ts",
        "everyday-stumbles.spec.ts",
        "home.spec.ts",
        "navigation.spec.ts",
        "students-data.spec.ts",
        "team-member.spec.ts",
      ],
    },
  ],
  // The production server, as visitors get it. `npm test` builds first; a bare `playwright test` without a build
  // stops here with the reason instead of a module-not-found trace.
  webServer: [
    // The SMTP server both sites send their e-mails to; never reused, since one from another run writes elsewhere.
    {
      name: "smtp",
      command: "node scripts/test-smtp-server.mjs",
      port: smtpPort,
      env: { TEST_SMTP_PORT: String(smtpPort), TEST_SMTP_DIRECTORY: mailDirectory },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      name: "site",
      ...productionSite(port),
      env: siteEnv(port, process.env.E2E_DATABASE_PATH),
    },
    // Firebase sign-in (e2e/firebase.spec.ts): the Auth emulator on ports of its own, and a second site using it.
    ...(withFirebase ? firebaseServers() : []),
  ],
});

/** The web servers Playwright starts, as its config types them. */
type WebServers = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]>;

function firebaseServers(): WebServers {
  return [
    {
      name: "auth-emulator",
      command: `node scripts/lib/auth-emulator.mjs --port ${authEmulatorPort}`,
      url: `http://${authEmulatorHost}/`,
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      // SIGTERM lets the emulator stop and remove its temporary directory (the default is SIGKILL).
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
    {
      name: "firebase-site",
      ...productionSite(firebaseSitePort),
      url: `${firebaseSiteURL}/healthz`,
      env: {
        // Its own store: the profile details of Firebase accounts.
        ...siteEnv(firebaseSitePort, path.join(runDirectory, "firebase", "council.sqlite")),
        FIREBASE_API_KEY: "fake-api-key",
        FIREBASE_AUTH_DOMAIN: "demo-council.firebaseapp.com",
        FIREBASE_PROJECT_ID: "demo-council",
        FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      },
    },
  ];
}

/** `npm run start` on `sitePort`, once built. */
function productionSite(sitePort: number) {
  return {
    command: existsSync("build/server/index.js")
      ? "npm run start"
      : "echo 'No production build in build/: run `npm run build` first (`npm test` does).' >&2; exit 1",
    url: `http://127.0.0.1:${sitePort}/healthz`,
    reuseExistingServer: !isCI,
    timeout: 30_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

function siteEnv(sitePort: number, databasePath: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(sitePort),
    HOST: "127.0.0.1",
    SESSION_SECRET: "playwright-test-session-secret-0123456789abcdef",
    DATABASE_PATH: databasePath,
    CONTENT_DIR: contentDirectory,
    // As behind a proxy on this machine: a test that fails logins on purpose sends its own X-Forwarded-For, so
    // the per-client login limit (5 failures in 15 minutes) counts it apart from every other test.
    TRUST_PROXY: "loopback",
    // The council API is never used by the end-to-end tests: they run against the built-in store (and Firebase).
    COUNCIL_API_URL: "",
    // Real e-mail, to the test SMTP server above, with links to this site itself so they open in the test browser.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Student Council <council@example.org>",
    SITE_URL: `http://127.0.0.1:${sitePort}`,
  };
}
