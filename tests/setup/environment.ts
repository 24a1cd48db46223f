import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { writeTestContent } from "../support/test-content";

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
  if (ownContent) process.env.CONTENT_DIR = writeTestContent(path.join(directory, "content"));
  afterAll(() => {
    // The next test file in this worker makes its own.
    if (ownStore) delete process.env.DATABASE_PATH;
    if (ownContent) delete process.env.CONTENT_DIR;
    rmSync(directory, { recursive: true, force: true });
  });
}
