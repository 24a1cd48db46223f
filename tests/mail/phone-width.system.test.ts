import { randomBytes } from "node:crypto";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumFlags, testChromiumPath } from "../../scripts/lib/chromium.mjs";
import { mailsIn } from "../support/sample-mails";

/**
 * Every kind of e-mail as a phone's mail app shows its HTML part: 390 CSS pixels wide, in both languages, with a link
 * token as long as a real one (256 bits). Nothing may be wider than the screen: a long link that cannot wrap widened
 * the verification and team-member e-mails to 396-427 px and cut the token off.
 */

const phoneWidth = 390;
// 256 bits as base64url, without the "-" or "_" that would give a browser somewhere to break it: the worst case.
const token = randomBytes(48)
  .toString("base64")
  .replace(/[^A-Za-z0-9]/g, "")
  .slice(0, 43);

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: testChromiumPath(), args: chromiumFlags });
  page = await browser.newPage({ viewport: { width: phoneWidth, height: 800 }, javaScriptEnabled: false });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("every e-mail on a phone", () => {
  for (const locale of ["en", "hi"] as const) {
    for (const [kind, mail] of mailsIn(locale, token)) {
      it(`${kind} (${locale}) fits ${phoneWidth} px, its links whole`, async () => {
        await page.setContent(mail.html);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, "the message's width").toBeLessThanOrEqual(phoneWidth);
        // The token is still in the message, whole, wherever its line wrapped.
        if (mail.html.includes(token)) {
          const text = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ""));
          expect(text).toContain(token);
        }
      });
    }
  }
});
