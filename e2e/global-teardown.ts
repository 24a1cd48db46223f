import { rmSync } from "node:fs";

/** Removes the run's own built-in store (playwright.config.ts), so runs leave nothing in the temporary directory. */
export default function globalTeardown() {
  const runDirectory = process.env.COUNCIL_E2E_RUN_DIRECTORY;
  if (runDirectory) rmSync(runDirectory, { recursive: true, force: true });
}
