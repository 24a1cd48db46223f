import { mkdirSync, rmdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The content is one for the whole site, and a save based on an older version of a part is refused: the specs that
 * save content take turns across projects (a lock folder in the run's directory, which every worker shares).
 * Waits until no other test edits the content, then holds it until the function returned is called.
 */
export async function takeTurn(): Promise<() => void> {
  const directory = process.env.COUNCIL_E2E_RUN_DIRECTORY!;
  mkdirSync(directory, { recursive: true });
  const lock = path.join(directory, "content-editor.lock");
  for (let tries = 0; tries < 600; tries++) {
    try {
      mkdirSync(lock);
      return () => rmdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error("another test kept the content for five minutes");
}

/** The public page at `path`, reloaded until `text` shows (the replica swaps in a saved version within seconds). */
export async function expectPublished(page: Page, address: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.goto(address);
        return page.locator("body").innerText();
      },
      { timeout: 15_000, intervals: [500, 1000] },
    )
    .toContain(text);
}
