#!/usr/bin/env node
// npm run screenshots:mail — every e-mail the site sends, as a student's phone shows its HTML: each kind composed by
// the site's own code with sample data (fictional people), one PNG per kind at 390 px wide in Debian's Chromium,
// docs/screenshots/mail-<kind>.png. SCREENSHOTS_DIR writes them elsewhere. A kind whose composer is not in the
// sources is skipped and named at the end.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { runnerImport } from "vite";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";
import { repoRoot } from "./lib/server.mjs";

const outputDirectory = process.env.SCREENSHOTS_DIR
  ? path.resolve(process.env.SCREENSHOTS_DIR)
  : path.join(repoRoot, "docs", "screenshots");

/** @param {string} file @returns {unknown} */
const dataFile = (file) => JSON.parse(readFileSync(path.join(repoRoot, "data", file), "utf8"));
const siteData = /** @type {{ name: string, email: string }} */ (dataFile("site.json"));
/** @typedef {{ en: string, hi: string }} Text */
const eventsData =
  /** @type {{ hackathon: { title: Text, subtitle: Text, when: { starts: string, ends: string, location: Text } } }} */ (
    dataFile("events.json")
  );

/** As a site configured with SITE_URL=https://council.example.org would write them. */
const site = { siteUrl: "https://council.example.org", siteName: siteData.name, contactEmail: siteData.email };
const hackathon = {
  // The e-mails are in English (data/events.json holds each text in English and Hindi).
  title: eventsData.hackathon.title.en,
  path: "/sih",
  summary: eventsData.hackathon.subtitle.en,
  when: { ...eventsData.hackathon.when, location: eventsData.hackathon.when.location.en },
};
const receivedAt = "2026-11-27T06:35:00.000Z";
const token = "sample-token-not-a-real-link";
const collegeId = "0187CS221042";

/**
 * One entry per kind: the module under app/server/mail/ that composes it, its function, and sample arguments.
 * @type {{ kind: string, from: string, composer: string, args: () => unknown[] }[]}
 */
const kinds = [
  {
    kind: "verify-email",
    from: "messages",
    composer: "verificationMail",
    args: () => [site, { name: "Aarav Sharma", collegeId, token }],
  },
  {
    kind: "account-rejected",
    from: "messages",
    composer: "accountRejectedMail",
    args: () => [site, { name: "Aarav Sharma", collegeId }],
  },
  {
    kind: "college-id-claim",
    from: "messages",
    composer: "collegeIdClaimMail",
    args: () => [site, { name: "Meera Iyer", collegeId }],
  },
  {
    kind: "college-id-claim-upheld",
    from: "messages",
    composer: "collegeIdClaimUpheldMail",
    args: () => [site, { name: "Meera Iyer", collegeId }],
  },
  {
    kind: "college-id-claim-declined",
    from: "messages",
    composer: "collegeIdClaimDeclinedMail",
    args: () => [site, { name: "Meera Iyer", collegeId }],
  },
  {
    kind: "account-claimed",
    from: "messages",
    composer: "accountClaimedMail",
    args: () => [site, { name: "Aarav Sharma", collegeId }],
  },
  {
    kind: "application-receipt",
    from: "receipts",
    composer: "applicationReceiptMail",
    args: () => [site, { name: "Diya Patel", club: "Coding Club", receivedAt }],
  },
  {
    kind: "decision-accepted",
    from: "decision-mail",
    composer: "decisionMail",
    args: () => [site, dataFile("decision-emails.json"), { name: "Diya Patel", club: "Coding Club" }, "accepted"],
  },
  {
    kind: "decision-declined",
    from: "decision-mail",
    composer: "decisionMail",
    args: () => [site, dataFile("decision-emails.json"), { name: "Diya Patel", club: "Coding Club" }, "declined"],
  },
  {
    kind: "team-receipt",
    from: "team-mail",
    composer: "teamReceiptMail",
    args: () => [
      site,
      hackathon,
      {
        leaderName: "Kabir Singh",
        teamName: "Pixel Pioneers",
        memberNames: ["Ananya Rao", "Rohan Gupta", "Sara Khan", "Vikram Nair", "Isha Verma"],
        receivedAt,
      },
    ],
  },
  {
    kind: "team-member-notice",
    from: "team-mail",
    composer: "teamMemberNoticeMail",
    args: () => [
      site,
      hackathon,
      {
        memberName: "Ananya Rao",
        leaderName: "Kabir Singh",
        teamName: "Pixel Pioneers",
        token,
      },
    ],
  },
  {
    kind: "team-member-removed",
    from: "team-mail",
    composer: "teamMemberRemovedMail",
    args: () => [
      site,
      {
        leaderName: "Kabir Singh",
        memberName: "Rohan Gupta",
        teamName: "Pixel Pioneers",
        members: 5,
      },
    ],
  },
  {
    kind: "team-disbanded",
    from: "team-mail",
    composer: "teamDisbandedMail",
    args: () => [
      site,
      hackathon,
      {
        memberName: "Ananya Rao",
        leaderName: "Kabir Singh",
        teamName: "Pixel Pioneers",
      },
    ],
  },
];

/** The composers' modules, loaded from the TypeScript sources with Vite's module runner; undefined when absent. */
/** @type {Map<string, unknown>} */
const modules = new Map();
/** @param {string} name */
async function composers(name) {
  if (!modules.has(name)) {
    const file = `/app/server/mail/${name}.server.ts`;
    /** @type {unknown} */
    const loaded = existsSync(path.join(repoRoot, file))
      ? (
          await runnerImport(file, {
            root: repoRoot,
            configFile: false,
            logLevel: "warn",
            resolve: { tsconfigPaths: true },
          })
        ).module
      : undefined;
    modules.set(name, loaded);
  }
  return modules.get(name);
}

/** @type {readonly string[]} */
const mailKinds = /** @type {{ mailKinds: readonly string[] }} */ (await composers("messages")).mailKinds;
const withoutEntry = mailKinds.filter((kind) => !kinds.some((entry) => entry.kind === kind));
if (withoutEntry.length > 0) console.warn(`mailKinds without an entry in this script: ${withoutEntry.join(", ")}`);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
/** @type {string[]} */
const missing = [];
try {
  mkdirSync(outputDirectory, { recursive: true });
  const context = await browser.newContext({
    // 390 px of layout, as a phone's mail app shows the message (the HTML has no viewport meta for a mobile
    // browser's 980 px default); a low viewport, so the full-page shot is as tall as the message.
    viewport: { width: 390, height: 100 },
    deviceScaleFactor: 2,
    // The e-mail's own HTML only: it loads nothing from anywhere.
    javaScriptEnabled: false,
    offline: true,
  });
  const page = await context.newPage();
  for (const entry of kinds) {
    const module = /** @type {Record<string, unknown> | undefined} */ (await composers(entry.from));
    const composer = module?.[entry.composer];
    if (typeof composer !== "function") {
      missing.push(entry.kind);
      continue;
    }
    const compose = /** @type {(...args: unknown[]) => { subject: string, html: string }} */ (composer);
    const mail = compose(...entry.args());
    await page.setContent(mail.html, { waitUntil: "load" });
    const file = path.join(outputDirectory, `mail-${entry.kind}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`screenshot: ${path.relative(repoRoot, file)} (${mail.subject})`);
  }
  await context.close();
} finally {
  await browser.close();
}
if (missing.length > 0) console.log(`not composed yet (no composer in the sources): ${missing.join(", ")}`);
