import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Each test file gets its own throwaway built-in store, so no test writes under the repository or sees another's rows.
// A DATABASE_PATH given from outside is used as it is and left alone.
if (!process.env.DATABASE_PATH) {
  const directory = mkdtempSync(path.join(tmpdir(), "council-test-"));
  process.env.DATABASE_PATH = path.join(directory, "council.sqlite");
  afterAll(() => {
    // The next test file in this worker makes its own.
    delete process.env.DATABASE_PATH;
    rmSync(directory, { recursive: true, force: true });
  });
}
