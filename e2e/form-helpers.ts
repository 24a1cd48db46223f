import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { newClientAddress } from "./fixtures";

/**
 * Shared pieces of the form specs (forms, account, team). Expected texts stay in the specs themselves, spelled out
 * as docs/behaviour.md gives them; this file only finds things on the page and makes unique test data.
 */

/**
 * A value no other test, project or earlier run uses: the store is fresh per run, but the server may be reused
 * locally, and accounts, team names and member emails must be unique.
 */
export function uniqueSuffix(testInfo: TestInfo): string {
  const project = testInfo.project.name
    .replace(/[^a-z]/gi, "")
    .slice(0, 6)
    .toUpperCase();
  return `${project}${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString("hex").toUpperCase()}`;
}

/**
 * Makes the page count as a client of its own for the per-client login limit (5 failures in 15 minutes for the
 * whole server run): the test server trusts X-Forwarded-For from loopback. Every test that fails a login on
 * purpose calls this, so the failures never add up across tests and projects.
 */
export async function actAsOwnClient(page: Page): Promise<string> {
  const address = newClientAddress();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

/** A real 1×1 PNG, as an ID card upload. */
export const pngIdCard = {
  name: "id-card.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
};

/** A text file posing as an ID card. */
export const textIdCard = { name: "id-card.txt", mimeType: "text/plain", buffer: Buffer.from("not an image\n") };

/** The toast of the global (or a page's) toast area, by its exact text. Toasts close themselves: check them first. */
export function toast(page: Page, message: string): Locator {
  return page.getByRole("status").getByText(message, { exact: true });
}

/** The message about the whole form (not tied to one field), inside the page's main content. */
export function formAlert(page: Page): Locator {
  return page.getByRole("main").getByRole("alert");
}

/** A field of the page's main content by its exact label. */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/**
 * Counts the POST requests the page sends to `path`: with scripts a form may validate or change rows in the
 * browser (no request), without them every button is a round trip.
 */
export function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** The image is shown and its picture really loaded (a blocked or broken image still shows its alt text). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), {
      message: "the picture itself loaded (naturalWidth > 0)",
    })
    .toBeGreaterThan(0);
}
