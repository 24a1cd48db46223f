import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { writeTestContent } from "../support/test-content";

const filesKey = Symbol.for("student-council.test-files");
const contentTimeKey = Symbol.for("student-council.test-content-time");

// Cheap password hashes in this process only (app/server/accounts/passwords.server.ts: hashCost).
process.env.FAST_PASSWORD_HASHES ??= "1";

// Each test file gets its own throwaway built-in store, so no test writes under the repository or sees another's rows,
// and its own copy of the site's content (CONTENT_DIR) whose registration windows are open at the time of the run, so
// no test depends on today's date; the servers a test starts inherit both. A DATABASE_PATH or CONTENT_DIR given from
// outside is used as it is and left alone.
const ownStore = !process.env.DATABASE_PATH;
const ownContent = !process.env.CONTENT_DIR;
if (ownStore || ownContent) {
  const directory = mkdtempSync(path.join(tmpdir(), "council-test-"));
  if (ownStore) process.env.DATABASE_PATH = path.join(directory, "council.sqlite");
  // What a worker remembers from file to file: how many files it ran, and the moment of its content. One moment for
  // every file, as the files that share its modules (below) share the content they loaded.
  const worker = globalThis as typeof globalThis & { [filesKey]?: number; [contentTimeKey]?: Date };
  if (ownContent) {
    process.env.CONTENT_DIR = writeTestContent(
      path.join(directory, "content"),
      (worker[contentTimeKey] ??= new Date()),
    );
  }
  // In the unit project the test files of a worker share its modules (isolate: false, vitest.config.ts), and so the
  // environment the first file's imports read and the app the first use composed from it. Each later file gets an
  // app of its own, composed from its own store and content; the first file's app is the one composed as usual.
  worker[filesKey] = (worker[filesKey] ?? 0) + 1;
  if (inject("sharedModules") && worker[filesKey] > 1) {
    const { composeApp, useApp } = await import("~/server/app.server");
    const { parseEnv } = await import("~/server/ops/env.server");
    const { useContent } = await import("~/content/content.server");
    const { readContentFiles } = await import("~/content/content-files.server");
    const app = composeApp({ env: parseEnv(process.env) });
    useApp(app);
    // The content as the file's own copy says, whatever an earlier file saved or set.
    const content = readContentFiles(process.env.CONTENT_DIR ?? "data");
    if (!content.ok) throw new Error(`the test content in ${process.env.CONTENT_DIR} does not read`);
    useContent(content.content, 0);
    afterAll(() => app.stop());
  }
  afterAll(() => {
    // The next test file in this worker makes its own.
    if (ownStore) delete process.env.DATABASE_PATH;
    if (ownContent) delete process.env.CONTENT_DIR;
    rmSync(directory, { recursive: true, force: true });
  });
}
